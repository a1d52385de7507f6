import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { stampNow } from '../db/stamp-now.ts';
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
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Replaces the password only if it is still the one the caller checked, and ends every
 * session of the user (the new session version makes every older cookie fail). Answers the
 * new session version, or undefined when the password changed in the meantime.
 */
export async function replacePassword(db: Db, change: { userId: string; checkedHash: string; newHash: string }): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set({ password_hash: change.newHash, session_version: sql`session_version + 1`, updated_at: sql`now()` })
    .where('id', '=', change.userId)
    .where('password_hash', '=', change.checkedHash)
    .returning('session_version')
    .executeTakeFirst();
  if (!row) return undefined;
  await stampNow(db, 'user_sessions', 'revoked_at', { user_id: change.userId, revoked_at: null });
  return row.session_version;
}

export interface NewSession {
  userId: string;
  /** The account's session version now: a bearer session fails once it moves on. */
  sessionVersion: number;
  expiresAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
  /** SHA-256 of the bearer token that will carry the session; none for a cookie session. */
  tokenHash?: Buffer;
}

export async function createSession(db: Db, session: NewSession): Promise<string> {
  const row = await db
    .insertInto('user_sessions')
    .values({
      user_id: session.userId,
      session_version: session.sessionVersion,
      expires_at: session.expiresAt,
      user_agent: session.userAgent?.slice(0, 512) ?? null,
      ip_address: session.ipAddress,
      ...(session.tokenHash ? { token_hash: session.tokenHash, last_seen_at: sql<Date>`now()` } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await stampNow(db, 'user_sessions', 'revoked_at', { id: sessionId, revoked_at: null });
}

/** Ends every session of a user, and makes any cookie issued before this moment fail. */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ session_version: sql`session_version + 1`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
  await stampNow(db, 'user_sessions', 'revoked_at', { user_id: userId, revoked_at: null });
}

export async function deleteStaleSessions(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('user_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', sql<Date>`now()`), eb('revoked_at', '<', sql<Date>`now() - interval '1 day'`)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
