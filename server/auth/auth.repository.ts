import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database.ts';
import type { NewUser, UserRow } from '../db/types.ts';

export async function findUserByEmail(db: Db, emailAddress: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_address', '=', emailAddress.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByGoogleSubject(db: Db, subject: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_subject', '=', subject).executeTakeFirst();
}

/** Links a Google account to the account with its e-mail address. */
export async function setGoogleSubject(db: Db, userId: string, subject: string): Promise<UserRow> {
  return db.updateTable('users').set({ google_subject: subject }).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: sql`now()` }).where('id', '=', userId).execute();
}

/**
 * Replaces the password only if it is still the one the caller checked, and ends every
 * session of the user (the new session version makes every older cookie fail). Answers the
 * new session version, or undefined when the password changed in the meantime.
 */
export async function replacePassword(
  db: Db,
  change: { userId: string; checkedHash: string; newHash: string },
): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set({ password_hash: change.newHash, session_version: sql`session_version + 1`, updated_at: sql`now()` })
    .where('id', '=', change.userId)
    .where('password_hash', '=', change.checkedHash)
    .returning('session_version')
    .executeTakeFirst();
  if (!row) return undefined;
  await db.updateTable('user_sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', change.userId).where('revoked_at', 'is', null).execute();
  return row.session_version;
}

export async function createSession(
  db: Db,
  session: { userId: string; expiresAt: Date; userAgent: string | null; ipAddress: string | null },
): Promise<string> {
  const row = await db
    .insertInto('user_sessions')
    .values({
      user_id: session.userId,
      expires_at: session.expiresAt,
      user_agent: session.userAgent?.slice(0, 512) ?? null,
      ip_address: session.ipAddress,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('user_sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a user, and makes any cookie issued before this moment fail. */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ session_version: sql`session_version + 1`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
  await db.updateTable('user_sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export interface SessionUserRow {
  id: string;
  name: string;
  email_address: string | null;
  phone_number: string | null;
  roles: string[];
  session_version: number;
}

const LIVE_SESSION_SQL = `
  select u.id, u.name, u.email_address, u.phone_number, u.roles, u.session_version
  from user_sessions s
  join users u on u.id = s.user_id
  where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.disabled_at is null`;

/**
 * The one read a signed-in request costs: the session joined with its live, enabled user.
 * Every request runs it, so it is a named prepared statement on the pool (planned once per
 * connection) rather than a query built and parsed anew each time.
 */
export async function findLiveSession(pool: pg.Pool, sessionId: string, userId: string): Promise<SessionUserRow | undefined> {
  const result = await pool.query<SessionUserRow>({ name: 'auth-live-session', text: LIVE_SESSION_SQL, values: [sessionId, userId] });
  return result.rows[0];
}

export async function deleteStaleSessions(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('user_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', sql<Date>`now()`), eb('revoked_at', '<', sql<Date>`now() - interval '1 day'`)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
