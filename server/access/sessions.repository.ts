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
