import { sql, type ExpressionBuilder } from 'kysely';
import type { LakshyaStudentSortColumn } from '../../shared/lakshya-students/lakshya-students.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import type { Db } from '../db/database.ts';
import { sortOrder, type SortColumn } from '../db/list-sort.ts';
import type { Database } from '../db/types.ts';
import { allowLongStatements, LONG_STATEMENT_TIMEOUTS_MS } from '../db/statement-timeout.ts';
import { isLakshyaStudentSql } from './free-access.repository.ts';

export interface LakshyaStudentFilter {
  name?: string | undefined;
  phoneNumber?: string | undefined;
  registered?: 'yes' | 'no' | undefined;
}

/** What the list sorts by: each column has an index on (column, id) (lakshya_students_created_idx for the date, the others migration 202612030100). */
const LAKSHYA_STUDENT_SORT: Record<LakshyaStudentSortColumn, SortColumn> = {
  name: { ref: 'ls.name' },
  phoneNumber: { ref: 'ls.phone_number' },
  expiryDate: { ref: 'ls.expiry_date', nullable: true },
  createdAt: { ref: 'ls.created_at' },
};

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

type ListBuilder = ExpressionBuilder<Database & { ls: Database['lakshya_students'] }, 'ls'>;

/**
 * The account of a student's number: the earliest whose phone number ends in those 10 digits
 * (`users.mobile`, the value `accountMobileSql` computes, stored and indexed in this order). The
 * list's Registration column says Yes when there is one.
 */
function accountOfNumber(eb: ExpressionBuilder<Database & { ls: { phone_number: string } }, 'ls'>) {
  return eb.selectFrom('users as u').whereRef('u.mobile', '=', 'ls.phone_number').orderBy('u.created_at').orderBy('u.id').limit(1);
}

/**
 * The students the filter keeps. Registration is tested two ways with one meaning: a page asks
 * each student in list order (`perStudent`: the page stops at its last row, one index read each),
 * a count joins the list with the accounts' numbers in one pass. Asked as EXISTS, a page of
 * unregistered students was planned as that whole join and a sort, since the planner takes every
 * listed number to have an account.
 */
function matching(filter: LakshyaStudentFilter, registration: 'perStudent' | 'join') {
  return (eb: ListBuilder) => {
    const conditions = [];
    if (filter.name) conditions.push(eb('ls.name', 'ilike', containing(filter.name)));
    if (filter.phoneNumber) conditions.push(eb('ls.phone_number', 'like', containing(filter.phoneNumber.replace(/[^0-9]/g, ''))));
    if (filter.registered) {
      const registered =
        registration === 'perStudent'
          ? eb(accountOfNumber(eb).select('u.id'), 'is not', null)
          : eb.exists(
              eb
                .selectFrom('users as u')
                .select(sql`1`.as('one'))
                .whereRef('u.mobile', '=', 'ls.phone_number'),
            );
      conditions.push(filter.registered === 'yes' ? registered : eb.not(registered));
    }
    return eb.and(conditions);
  };
}

const LIST_COLUMNS = ['ls.id', 'ls.name', 'ls.phone_number', 'ls.expiry_date', 'ls.created_at'] as const;

const listed = (db: Db) => db.selectFrom('lakshya_students as ls').select(LIST_COLUMNS);

/** Students (already chosen) with the account of their number, if any. */
function withAccounts(db: Db, students: ReturnType<typeof listed>) {
  return db
    .selectFrom(students.as('ls'))
    .leftJoinLateral(
      (eb) => accountOfNumber(eb).select(['u.id', 'u.name']).as('account'),
      (join) => join.onTrue(),
    )
    .select(['ls.id', 'ls.name', 'ls.phone_number', 'ls.expiry_date', 'ls.created_at', 'account.id as user_id', 'account.name as user_name']);
}

/** The whole list the filter keeps, in the order asked for (newest first unless told), each student with their account: what an export reads. */
export function lakshyaStudentsQuery(db: Db, filter: LakshyaStudentFilter, sort: SortParam<LakshyaStudentSortColumn> = '-createdAt') {
  return withAccounts(db, listed(db).where(matching(filter, 'perStudent'))).orderBy(sortOrder(sort, LAKSHYA_STUDENT_SORT, 'ls.id'));
}

/** A page of the list, in the order asked for: the page is chosen first, then each of its students' account is looked up. */
export function lakshyaStudentsPage(db: Db, filter: LakshyaStudentFilter, sort: SortParam<LakshyaStudentSortColumn>, limit: number, offset: number) {
  const order = sortOrder(sort, LAKSHYA_STUDENT_SORT, 'ls.id');
  const page = listed(db).where(matching(filter, 'perStudent')).orderBy(order).limit(limit).offset(offset);
  return withAccounts(db, page).orderBy(order).execute();
}

/**
 * Counted by registration, the list is joined with every account's number: the merge of the two
 * indexes (25 ms at 100,000 students and 200,000 accounts). In parallel workers the planner builds
 * a hash of every account's number instead, three times slower on a small machine, so it is asked
 * not to for this one statement.
 */
export async function countLakshyaStudents(db: Db, filter: LakshyaStudentFilter): Promise<number> {
  const count = (trx: Db) =>
    trx
      .selectFrom('lakshya_students as ls')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(matching(filter, 'join'))
      .executeTakeFirstOrThrow();
  if (!filter.registered) return Number((await count(db)).total);
  const row = await db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return count(trx);
  });
  return Number(row.total);
}

export function lakshyaStudentById(db: Db, id: string) {
  return withAccounts(db, listed(db).where('ls.id', '=', id)).executeTakeFirst();
}

/** Of these numbers, those already on the list. */
export async function phonesOnList(db: Db, phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const { rows } = await sql<{ phone_number: string }>`select phone_number from lakshya_students where phone_number = any(${[...phones]}::text[])`.execute(db);
  return new Set(rows.map((row) => row.phone_number));
}

/** Adds many students in one statement per slice (arrays, not one row at a time). */
export async function insertMany(
  trx: Db,
  students: ReadonlyArray<{ name: string; phoneNumber: string; expiryDate: string | null }>,
  actorId: string | null,
): Promise<void> {
  // 100,000 rows take seconds: the import's transaction may run past the default bound.
  await allowLongStatements(trx, LONG_STATEMENT_TIMEOUTS_MS.lakshyaStudentsImport);
  const SLICE = 20_000;
  for (let at = 0; at < students.length; at += SLICE) {
    const slice = students.slice(at, at + SLICE);
    await sql`
      insert into lakshya_students (name, phone_number, expiry_date, created_by, created_at)
      select s.name, s.phone, s.expiry, ${actorId}::uuid, now() - (s.n * interval '1 microsecond')
      from unnest(${slice.map((s) => s.name)}::text[], ${slice.map((s) => s.phoneNumber)}::text[], ${slice.map((s) => s.expiryDate)}::date[])
        with ordinality as s(name, phone, expiry, n)`.execute(trx);
  }
}

/** Whether the account is a current special student (for checkout's "free to you"). */
export async function isLakshyaStudent(db: Db, userId: string): Promise<boolean> {
  const { rows } = await sql<{ special: boolean }>`select ${isLakshyaStudentSql(userId)} as special`.execute(db);
  return rows[0]?.special ?? false;
}

export interface LakshyaStudentValues {
  name: string;
  phoneNumber: string;
  expiryDate: string | null;
}

/** A special student's fields staff set, as the audit log compares them. */
const STAFF_FIELDS = ['id', 'name', 'phone_number as phoneNumber', 'expiry_date as expiryDate'] as const;

export function insertLakshyaStudent(db: Db, student: LakshyaStudentValues, actorId: string | null) {
  return db
    .insertInto('lakshya_students')
    .values({ name: student.name, phone_number: student.phoneNumber, expiry_date: student.expiryDate, created_by: actorId })
    .returning(STAFF_FIELDS)
    .executeTakeFirstOrThrow();
}

/** The student's fields staff set, locked until the transaction ends; undefined when there is no such student. */
export function lockLakshyaStudent(trx: Db, id: string) {
  return trx.selectFrom('lakshya_students').select(STAFF_FIELDS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Answers undefined when there is no such student. */
export function updateLakshyaStudentRow(db: Db, id: string, student: LakshyaStudentValues) {
  return db
    .updateTable('lakshya_students')
    .set({ name: student.name, phone_number: student.phoneNumber, expiry_date: student.expiryDate, updated_at: new Date() })
    .where('id', '=', id)
    .returning(STAFF_FIELDS)
    .executeTakeFirst();
}

/** Deletes these students; answers the ones deleted (each with its fields staff set). */
export function deleteLakshyaStudentRows(db: Db, ids: string[]) {
  return db.deleteFrom('lakshya_students').where('id', 'in', ids).returning(STAFF_FIELDS).execute();
}
