import type pg from 'pg';
import { arrayParameterText } from '../db/named-statements.ts';

export interface SessionUserRow {
  id: string;
  name: string;
  email_address: string | null;
  phone_number: string | null;
  roles: string[];
  session_version: number;
}

const LIVE_SESSIONS_SQL = `
  select asked.position::int as position, u.id, u.name, u.email_address, u.phone_number, u.roles, u.session_version
  from unnest(${arrayParameterText(1, 'uuid')}, ${arrayParameterText(2, 'uuid')}) with ordinality as asked(session_id, user_id, position)
  join user_sessions s on s.id = asked.session_id and s.user_id = asked.user_id
  join users u on u.id = s.user_id
  where s.revoked_at is null and s.expires_at > now() and u.disabled_at is null`;

export interface SessionAsked {
  sessionId: string;
  userId: string;
}

/**
 * The one read a signed-in request costs: each session asked joined with its live, enabled user
 * (undefined where there is none), in the order asked. Every request runs it, so it is a named
 * prepared statement (planned once per connection), and requests arriving together are checked in
 * one statement (live-session-batches.ts).
 */
export async function findLiveSessions(pool: pg.Pool, asked: readonly SessionAsked[]): Promise<Array<SessionUserRow | undefined>> {
  const result = await pool.query<SessionUserRow & { position: number }>({
    name: 'auth-live-sessions',
    text: LIVE_SESSIONS_SQL,
    values: [asked.map((a) => a.sessionId), asked.map((a) => a.userId)],
  });
  const byPosition = new Map(result.rows.map(({ position, ...row }) => [position, row]));
  return asked.map((_, i) => byPosition.get(i + 1));
}

export interface TokenSessionUserRow extends SessionUserRow {
  session_id: string;
  /** The last-seen time is at least one idle-clock step old and should move to now. */
  clock_due: boolean;
}

/*
 * Bearer tokens' sessions: live, not idle for longer than the timeout ($2 minutes), issued at the
 * account's current session version, and their user enabled. Every time is the database's.
 */
const LIVE_TOKEN_SESSIONS_SQL = `
  select asked.position::int as position, s.id as session_id, u.id, u.name, u.email_address, u.phone_number, u.roles, u.session_version,
    s.last_seen_at <= now() - $3 * interval '1 millisecond' as clock_due
  from unnest(${arrayParameterText(1, 'bytea')}) with ordinality as asked(token_hash, position)
  join user_sessions s on s.token_hash = asked.token_hash
  join users u on u.id = s.user_id
  where s.revoked_at is null and s.expires_at > now()
    and s.last_seen_at > now() - $2 * interval '1 minute'
    and s.session_version = u.session_version and u.disabled_at is null`;

/** How long a bearer session may stay idle, and the step its idle clock moves by. */
export interface TokenClock {
  idleTimeoutMinutes: number;
  stepMs: number;
}

/** The bearer tokens' counterpart of findLiveSessions: one prepared statement by the tokens' hashes. */
export async function findLiveTokenSessions(pool: pg.Pool, tokenHashes: readonly Buffer[], clock: TokenClock): Promise<Array<TokenSessionUserRow | undefined>> {
  const result = await pool.query<TokenSessionUserRow & { position: number }>({
    name: 'auth-live-token-sessions',
    text: LIVE_TOKEN_SESSIONS_SQL,
    values: [tokenHashes, clock.idleTimeoutMinutes, clock.stepMs],
  });
  const byPosition = new Map(result.rows.map(({ position, ...row }) => [position, row]));
  return tokenHashes.map((_, i) => byPosition.get(i + 1));
}

/**
 * Moves a bearer session's idle clock to now: only when `clock_due` said so, so at most once per
 * step of the clock (simultaneous requests find it moved and write nothing).
 */
export async function touchTokenSession(pool: pg.Pool, sessionId: string, stepMs: number): Promise<void> {
  await pool.query({
    name: 'auth-touch-token-session',
    text: `update user_sessions set last_seen_at = now() where id = $1 and last_seen_at <= now() - $2 * interval '1 millisecond'`,
    values: [sessionId, stepMs],
  });
}
