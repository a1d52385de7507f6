import type { LakshyaStudentSortColumn } from '../../shared/lakshya-students/lakshya-students.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import type { LakshyaStudentFilter } from './lakshya-students.repository.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { lakshyaStudentsQuery } from './lakshya-students.repository.ts';

export type LakshyaStudentRow = Awaited<ReturnType<ReturnType<typeof lakshyaStudentsQuery>['execute']>>[number];

/** GET /api/admin/lakshya-students/export.csv and .xlsx: the special students the filters show, in the list's order (its `sort`). */
export async function exportLakshyaStudents(
  ctx: RequestContext,
  query: LakshyaStudentFilter & { sort: SortParam<LakshyaStudentSortColumn> },
): Promise<ExportFile<LakshyaStudentRow>> {
  const { name, phoneNumber, registered, sort } = query;
  return {
    name: 'lakshya-students',
    sheet: 'Lakshya students',
    columns: new URL('./lakshya-students-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, lakshyaStudentsQuery(ctx.db, { name, phoneNumber, registered }, sort)),
  };
}
