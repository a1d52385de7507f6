import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { allowLongStatements, LONG_STATEMENT_TIMEOUTS_MS } from '../db/statement-timeout.ts';
import { accountMobileSql, isSpecialStudentSql } from './free-access.ts';

export interface SpecialStudentFilter {
  name?: string | undefined;
  phoneNumber?: string | undefined;
  registered?: 'yes' | 'no' | undefined;
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Students of the list with the account that has their number (if any). */
function listQuery(db: Db, filter: SpecialStudentFilter) {
  let query = db
    .selectFrom('lakshya_students as ls')
    .leftJoinLateral(
      (eb) => eb.selectFrom('users as u').select(['u.id', 'u.name']).where(accountMobileSql('u'), '=', eb.ref('ls.phone_number')).orderBy('u.created_at').limit(1).as('account'),
      (join) => join.onTrue(),
    );
  if (filter.name) query = query.where('ls.name', 'ilike', containing(filter.name));
  if (filter.phoneNumber) query = query.where('ls.phone_number', 'like', containing(filter.phoneNumber.replace(/[^0-9]/g, '')));
  if (filter.registered === 'yes') query = query.where('account.id', 'is not', null);
  if (filter.registered === 'no') query = query.where('account.id', 'is', null);
  return query;
}

export function specialStudentsPage(db: Db, filter: SpecialStudentFilter, limit: number, offset: number) {
  return listQuery(db, filter)
    .select(['ls.id', 'ls.name', 'ls.phone_number', 'ls.expiry_date', 'ls.created_at', 'account.id as user_id', 'account.name as user_name'])
    .orderBy('ls.created_at', 'desc')
    .orderBy('ls.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countSpecialStudents(db: Db, filter: SpecialStudentFilter): Promise<number> {
  const row = await listQuery(db, filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export function specialStudentById(db: Db, id: string) {
  return listQuery(db, {})
    .select(['ls.id', 'ls.name', 'ls.phone_number', 'ls.expiry_date', 'ls.created_at', 'account.id as user_id', 'account.name as user_name'])
    .where('ls.id', '=', id)
    .executeTakeFirst();
}

/** Of these numbers, those already on the list. */
export async function phonesOnList(db: Db, phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const { rows } = await sql<{ phone_number: string }>`select phone_number from lakshya_students where phone_number = any(${[...phones]}::text[])`.execute(db);
  return new Set(rows.map((row) => row.phone_number));
}

/** Adds many students in one statement per slice (arrays, not one row at a time). */
export async function insertMany(trx: Db, students: ReadonlyArray<{ name: string; phoneNumber: string; expiryDate: string | null }>, actorId: string | null): Promise<void> {
  // 100,000 rows take seconds: the import's transaction may run past the default bound.
  await allowLongStatements(trx, LONG_STATEMENT_TIMEOUTS_MS.specialStudentsImport);
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
export async function isSpecialStudent(db: Db, userId: string): Promise<boolean> {
  const { rows } = await sql<{ special: boolean }>`select ${isSpecialStudentSql(userId)} as special`.execute(db);
  return rows[0]?.special ?? false;
}
