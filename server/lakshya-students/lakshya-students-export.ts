import type { LakshyaStudentFilter } from './lakshya-students.repository.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { lakshyaStudentsQuery } from './lakshya-students.repository.ts';

export type LakshyaStudentRow = Awaited<ReturnType<ReturnType<typeof lakshyaStudentsQuery>['execute']>>[number];

/** GET /api/admin/lakshya-students/export.csv and .xlsx: the special students the filters show, newest first. */
export async function exportLakshyaStudents(ctx: RequestContext, filter: LakshyaStudentFilter): Promise<ExportFile<LakshyaStudentRow>> {
  const { name, phoneNumber, registered } = filter;
  return {
    name: 'lakshya-students',
    sheet: 'Lakshya students',
    columns: new URL('./lakshya-students-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, lakshyaStudentsQuery(ctx.db, { name, phoneNumber, registered })),
  };
}
