import type { z } from 'zod';
import { MAX_IMPORT_ISSUES, LAKSHYA_STUDENT_MESSAGES, type ImportIssue } from '../../shared/lakshya-students/lakshya-students.rules.ts';
import type {
  deleteLakshyaStudentsInputSchema,
  ImportResult,
  LakshyaStudent,
  LakshyaStudentsPage,
  lakshyaStudentInputSchema,
  lakshyaStudentsQuerySchema,
} from '../../shared/lakshya-students/lakshya-students.schema.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import * as repo from './lakshya-students.repository.ts';
import { readStudentsCsv } from './lakshya-students-csv-thread.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.lakshyaStudentById>>>;

function studentOf(row: Row): LakshyaStudent {
  return {
    _id: row.id,
    name: row.name,
    phoneNumber: row.phone_number,
    expiryDate: row.expiry_date,
    user: row.user_id ? { _id: row.user_id, name: row.user_name ?? '' } : null,
    createdAt: row.created_at.toISOString(),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** GET /api/admin/lakshya-students: the list, in the order asked for (newest first unless told), a page at a time, filtered here. */
export async function listLakshyaStudents(ctx: AppContext, query: z.output<typeof lakshyaStudentsQuerySchema>): Promise<LakshyaStudentsPage> {
  const filter = { name: query.name, phoneNumber: query.phoneNumber, registered: query.registered };
  const [rows, total] = await Promise.all([
    repo.lakshyaStudentsPage(ctx.db, filter, query.sort, query.pageSize, (query.page - 1) * query.pageSize),
    repo.countLakshyaStudents(ctx.db, filter),
  ]);
  return { students: rows.map(studentOf), total, page: query.page, pageSize: query.pageSize };
}

type Value = z.output<typeof lakshyaStudentInputSchema>['value'];

function phoneTaken(phone: string): AppError {
  return new AppError('has-warnings', LAKSHYA_STUDENT_MESSAGES.processFailed, {
    warnings: [LAKSHYA_STUDENT_MESSAGES.phoneTaken(phone)],
    field: 'value.phoneNumber',
  });
}

type StaffFields = { id: string; name: string; phoneNumber: string; expiryDate: unknown };
const fieldsOf = ({ id: _id, ...fields }: StaffFields) => fields;

/** POST /api/admin/lakshya-students. */
export async function createLakshyaStudent(ctx: RequestContext, { value }: { value: Value }): Promise<LakshyaStudent> {
  const actor = await ctx.actor();
  const by = await auditBy(ctx);
  try {
    const { id } = await ctx.db.transaction().execute(async (trx) => {
      const created = await repo.insertLakshyaStudent(trx, value, actor?.id ?? null);
      await recordAudit(trx, by, {
        action: 'create',
        resourceType: 'special-student',
        resourceId: created.id,
        title: created.name,
        changes: changedFields(null, fieldsOf(created)),
      });
      return created;
    });
    return studentOf((await repo.lakshyaStudentById(ctx.db, id))!);
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneTaken(value.phoneNumber);
    throw error;
  }
}

/** PUT /api/admin/lakshya-students/{id}. */
export async function updateLakshyaStudent(ctx: RequestContext, { id, value }: { id: string; value: Value }): Promise<LakshyaStudent> {
  const by = await auditBy(ctx);
  try {
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const before = await repo.lockLakshyaStudent(trx, id);
      const after = before && (await repo.updateLakshyaStudentRow(trx, id, value));
      if (!before || !after) return undefined;
      const changes = changedFields(fieldsOf(before), fieldsOf(after));
      if (Object.keys(changes).length > 0) {
        await recordAudit(trx, by, { action: 'update', resourceType: 'special-student', resourceId: id, title: after.name, changes });
      }
      return after;
    });
    if (!updated) throw new AppError('not-found', LAKSHYA_STUDENT_MESSAGES.notFound);
    return studentOf((await repo.lakshyaStudentById(ctx.db, id))!);
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneTaken(value.phoneNumber);
    throw error;
  }
}

/** DELETE /api/admin/lakshya-students {value: [ids]}: answers how many were deleted. */
export async function deleteLakshyaStudents(ctx: RequestContext, { value }: z.output<typeof deleteLakshyaStudentsInputSchema>): Promise<{ deleted: number }> {
  const by = await auditBy(ctx);
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const rows = await repo.deleteLakshyaStudentRows(trx, value);
    await recordAudit(
      trx,
      by,
      rows.map((row) => ({
        action: 'delete' as const,
        resourceType: 'special-student' as const,
        resourceId: row.id,
        title: row.name,
        changes: changedFields(fieldsOf(row), null),
      })),
    );
    return rows.length;
  });
  return { deleted };
}

function withIssues(issues: ImportIssue[]): ImportResult {
  const sorted = [...issues].sort((a, b) => a.row - b.row);
  return { hasIssues: true, issues: sorted.slice(0, MAX_IMPORT_ISSUES), moreIssues: Math.max(0, sorted.length - MAX_IMPORT_ISSUES), imported: 0 };
}

/**
 * POST /api/admin/lakshya-students/upload: checks every row of the CSV (in a worker thread), and
 * numbers already on the list; with any issue nothing is imported and the issues are answered
 * (each naming its row and column); otherwise all rows are added in one transaction.
 */
export async function importLakshyaStudents(ctx: RequestContext, content: Buffer): Promise<ImportResult> {
  const actor = await ctx.actor();
  const by = await auditBy(ctx);
  const { students, issues } = await readStudentsCsv(content);
  const onList = await repo.phonesOnList(
    ctx.db,
    students.map((student) => student.phoneNumber),
  );
  for (const student of students) {
    if (onList.has(student.phoneNumber))
      issues.push({ row: student.row, column: 'phoneNumber', message: LAKSHYA_STUDENT_MESSAGES.phoneTaken(student.phoneNumber) });
  }
  if (issues.length > 0) return withIssues(issues);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.insertMany(trx, students, actor?.id ?? null);
      if (students.length === 0) return;
      // One entry for the file: a list of up to 100,000 students is the list itself, not a change to read.
      await recordAudit(trx, by, {
        action: 'import',
        resourceType: 'special-student',
        resourceId: null,
        title: `${students.length.toLocaleString('en-IN')} special students from a CSV`,
        changes: { imported: { from: 0, to: students.length } },
      });
    });
  } catch (error) {
    // Someone added one of these numbers while the file was being read: nothing was imported.
    if (isUniqueViolation(error))
      return withIssues([
        { row: 1, column: 'phoneNumber', message: 'A number in the file was added to the list meanwhile: upload the file again to see which' },
      ]);
    throw error;
  }
  return { hasIssues: false, issues: [], moreIssues: 0, imported: students.length };
}

/** GET /api/admin/lakshya-students/download/sample. */
export function sampleCsv(): string {
  return '\uFEFFname,phoneNumber,expiryDate\nAnjali Menon,9847012345,2027-03-31\nഅരുൺ കുമാർ,+91 94470 11223,\nFathima N,8089-123-456,31/12/2026\n';
}
