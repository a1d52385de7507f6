import type pg from 'pg';

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

export interface TokenSessionUserRow extends SessionUserRow {
  session_id: string;
  /** The last-seen time is at least one idle-clock step old and should move to now. */
  clock_due: boolean;
}

/*
 * A bearer token's session: live, not idle for longer than the timeout ($2 minutes), issued at the
 * account's current session version, and its user enabled. Every time is the database's.
 */
const LIVE_TOKEN_SESSION_SQL = `
  select s.id as session_id, u.id, u.name, u.email_address, u.phone_number, u.roles, u.session_version,
    s.last_seen_at <= now() - $3 * interval '1 millisecond' as clock_due
  from user_sessions s
  join users u on u.id = s.user_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
    and s.last_seen_at > now() - $2 * interval '1 minute'
    and s.session_version = u.session_version and u.disabled_at is null`;

/** The bearer token's counterpart of findLiveSession: one prepared statement by the token's hash. */
export async function findLiveTokenSession(
  pool: pg.Pool,
  tokenHash: Buffer,
  clock: { idleTimeoutMinutes: number; stepMs: number },
): Promise<TokenSessionUserRow | undefined> {
  const result = await pool.query<TokenSessionUserRow>({
    name: 'auth-live-token-session',
    text: LIVE_TOKEN_SESSION_SQL,
    values: [tokenHash, clock.idleTimeoutMinutes, clock.stepMs],
  });
  return result.rows[0];
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
