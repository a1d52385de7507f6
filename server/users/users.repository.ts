import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { UserRow, UsersTable } from '../db/types.ts';

/** Queries of user accounts; each runs on the connection (or transaction) it is given. */

export async function updateRoles(db: Db, userId: string, roles: string[]): Promise<boolean> {
  const found = await db
    .updateTable('users')
    .set({ roles, updated_at: sql`now()` })
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return found !== undefined;
}

export function findUserRow(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function findUserByEmail(db: Db, emailAddress: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_address', '=', emailAddress).executeTakeFirst();
}

export async function updateDisabled(db: Db, userId: string, disabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled_at: disabled ? sql`now()` : null, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export function updateUser(db: Db, userId: string, values: { password_hash?: string; name?: string }): Promise<UserRow> {
  return db.updateTable('users').set(values).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

export function insertUser(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Whether any enabled account holds the admin role. */
export async function hasActiveAdministrator(db: Db): Promise<boolean> {
  const found = await db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`roles @> array['admin']::text[]`)
    .where('disabled_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** Holds, until the transaction ends, the one lock under which a first administrator is made. */
export async function lockFirstAdministrator(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('psc:first-administrator'))`.execute(trx);
}
