import { useState } from 'react';
import { importIssueText, SPECIAL_STUDENT_MESSAGES } from '../../../../shared/students/special-students.rules.ts';
import { SPECIAL_STUDENTS_PAGE_SIZE, type ImportResult, type SpecialStudent } from '../../../../shared/students/special-students.schema.ts';
import type { Notice } from '../../components/notice-modal.tsx';
import { presentFilters, SERVER_LIST_QUERY_OPTIONS, useServerList } from '../../components/server-list/use-server-list.ts';
import { delay } from '../../lib/delay.ts';
import { serverMessageOf } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import type { SpecialStudentFilters } from './special-students-table.tsx';

/** The pause before the list is asked for again, as the specification has it. */
export const REFRESH_DELAY_MS = 700;

/** The special-students list a page at a time, with Refresh, the notices it raises, and what a save or an import changes in it. */
export function useSpecialStudentsList() {
  const utils = api.useUtils();
  const list = useServerList({
    initialFilters: { name: '', phoneNumber: '', registered: '' } as SpecialStudentFilters,
    typed: ['name', 'phoneNumber'],
    pageSize: SPECIAL_STUDENTS_PAGE_SIZE,
    toInput: (settled, paging) => ({ ...paging, ...presentFilters(settled) }),
    useQuery: (input) => api.specialStudents.list.useQuery(input, SERVER_LIST_QUERY_OPTIONS),
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
        warningsIntro: SPECIAL_STUDENT_MESSAGES.importCancelled,
      });
      return;
    }
    setNotice({ kind: 'success', title: 'Import complete', text: `${result.imported.toLocaleString('en-IN')} students were added.` });
    void utils.specialStudents.list.invalidate();
  };

  const saved = (student: SpecialStudent, isNew: boolean) => {
    // A new student goes at the top at once; the server's page follows.
    utils.specialStudents.list.setData(list.input, (old) =>
      old
        ? {
            ...old,
            students: isNew ? [student, ...old.students] : old.students.map((row) => (row._id === student._id ? student : row)),
            total: old.total + (isNew ? 1 : 0),
          }
        : old,
    );
    void utils.specialStudents.list.invalidate();
  };

  return { ...list, rows, filtered, refreshing, refresh, imported, saved, notice, setNotice };
}
