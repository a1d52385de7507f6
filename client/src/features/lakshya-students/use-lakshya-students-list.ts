import { useState } from 'react';
import { importIssueText, LAKSHYA_STUDENT_MESSAGES } from '../../../../shared/lakshya-students/lakshya-students.rules.ts';
import {
  LAKSHYA_STUDENT_SORT_COLUMNS,
  LAKSHYA_STUDENTS_PAGE_SIZE,
  LAKSHYA_STUDENTS_USUAL_SORT,
  type ImportResult,
  type LakshyaStudent,
} from '../../../../shared/lakshya-students/lakshya-students.schema.ts';
import type { Notice } from '../../components/notice-modal.tsx';
import { presentFilters, SERVER_LIST_QUERY_OPTIONS, useServerList } from '../../components/server-list/use-server-list.ts';
import { delay } from '../../lib/delay.ts';
import { serverMessageOf } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import type { LakshyaStudentFilters } from './lakshya-students-table.tsx';

/** The pause before the list is asked for again, as the specification has it. */
export const REFRESH_DELAY_MS = 700;

/** The lakshya-students list a page at a time, with Refresh, the notices it raises, and what a save or an import changes in it. */
export function useLakshyaStudentsList() {
  const utils = api.useUtils();
  const list = useServerList({
    initialFilters: { name: '', phoneNumber: '', registered: '' } as LakshyaStudentFilters,
    typed: ['name', 'phoneNumber'],
    pageSize: LAKSHYA_STUDENTS_PAGE_SIZE,
    sort: { columns: LAKSHYA_STUDENT_SORT_COLUMNS, usual: LAKSHYA_STUDENTS_USUAL_SORT },
    toInput: (settled, paging) => ({ ...paging, ...presentFilters(settled) }),
    useQuery: (input) => api.lakshyaStudents.list.useQuery(input, SERVER_LIST_QUERY_OPTIONS),
  });
  const [refreshing, setRefreshing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const rows = list.query.data?.students ?? [];
  const filtered = Object.keys(presentFilters(list.settled)).length > 0;

  const refresh = async () => {
    setRefreshing(true);
    await delay(REFRESH_DELAY_MS);
    const result = await list.query.refetch();
    setRefreshing(false);
    if (result.isError) setNotice({ kind: 'error', title: 'Refresh Failed', text: serverMessageOf(result.error) ?? 'Unknown error' });
  };

  const imported = (result: ImportResult) => {
    if (result.hasIssues) {
      const more = result.moreIssues > 0 ? [`…and ${result.moreIssues} more`] : [];
      setNotice({
        kind: 'error',
        title: 'Import Cancelled',
        warnings: [...result.issues.map(importIssueText), ...more],
        warningsIntro: LAKSHYA_STUDENT_MESSAGES.importCancelled,
      });
      return;
    }
    setNotice({ kind: 'success', title: 'Import complete', text: `${result.imported.toLocaleString('en-IN')} students were added.` });
    void utils.lakshyaStudents.list.invalidate();
  };

  const saved = (student: LakshyaStudent, isNew: boolean) => {
    // A new student goes at the top at once; the server's page follows.
    utils.lakshyaStudents.list.setData(list.input, (old) =>
      old
        ? {
            ...old,
            students: isNew ? [student, ...old.students] : old.students.map((row) => (row._id === student._id ? student : row)),
            total: old.total + (isNew ? 1 : 0),
          }
        : old,
    );
    void utils.lakshyaStudents.list.invalidate();
  };

  return { ...list, rows, filtered, refreshing, refresh, imported, saved, notice, setNotice };
}
