import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { LakshyaStudentSortColumn } from '../../shared/lakshya-students/lakshya-students.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import type { LakshyaStudentFilter } from './lakshya-students.repository.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { lakshyaStudentsQuery } from './lakshya-students.repository.ts';

type LakshyaStudentRow = Awaited<ReturnType<ReturnType<typeof lakshyaStudentsQuery>['execute']>>[number];

/** The columns of the special students export: what the Lakshya Students table shows. */
export const LAKSHYA_STUDENT_COLUMNS: ReadonlyArray<ExportColumn<LakshyaStudentRow>> = [
  { header: 'Student id', kind: 'text', value: (row) => row.id },
  { header: 'Name', kind: 'text', value: (row) => row.name },
  { header: 'Phone number', kind: 'text', value: (row) => row.phone_number },
  { header: 'Expiry date', kind: 'text', value: (row) => row.expiry_date },
  { header: 'Registered', kind: 'text', value: (row) => (row.user_id === null ? 'no' : 'yes') },
  { header: 'Account id', kind: 'text', value: (row) => row.user_id },
  { header: 'Account name', kind: 'text', value: (row) => row.user_name },
  { header: 'Added at (India time)', kind: 'date', value: (row) => row.created_at },
];

/** GET /api/admin/lakshya-students/export.csv and .xlsx: the special students the filters show, in the list's order (its `sort`). */
export async function exportLakshyaStudents(
  ctx: RequestContext,
  query: LakshyaStudentFilter & { sort: SortParam<LakshyaStudentSortColumn> },
): Promise<ExportFile<LakshyaStudentRow>> {
  const { name, phoneNumber, registered, sort } = query;
  return {
    name: 'lakshya-students',
    sheet: 'Lakshya students',
    columns: LAKSHYA_STUDENT_COLUMNS,
    batches: await openRowCursor(ctx.db, lakshyaStudentsQuery(ctx.db, { name, phoneNumber, registered }, sort)),
  };
}
