import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { findLiveSession, findLiveTokenSession } from '../../../server/access/live-session-batches.ts';
import { useApp } from '../../support/app-harness.ts';

/*
 * The session check of requests arriving together (in one turn of the event loop) runs as one
 * statement; each request is still answered by its own session's state.
 */
const harness = useApp({ roles: [] });

/** `count` students, each with a live session (and a bearer token's hash), made in bulk. */
async function sessions(count: number) {
  const users = await sql<{ id: string }>`
    insert into users (name, email_address, roles)
    select 'Session student ' || g, 'session-' || g || '-' || ${randomUUID()} || '@example.com', '{}' from generate_series(1, ${count}::int) g
    returning id`.execute(harness.db);
  const made = [];
  for (const user of users.rows) {
    const tokenHash = createHash('sha256').update(randomUUID()).digest();
    const session = await harness.db
      .insertInto('user_sessions')
      .values({ user_id: user.id, expires_at: new Date(Date.now() + 86_400_000), token_hash: tokenHash, session_version: 1, last_seen_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    made.push({ userId: user.id, sessionId: session.id, tokenHash });
  }
  return made;
}

function countQueries(name: string) {
  const spy = vi.spyOn(harness.database.pool, 'query');
  return {
    count: () => spy.mock.calls.filter(([config]) => (config as { name?: string }).name === name).length,
    restore: () => spy.mockRestore(),
  };
}

describe('session checks made at the same moment', () => {
  it('run as one statement, and a revoked, expired or disabled one answers for itself alone', async () => {
    const made = await sessions(10);
    await harness.db.updateTable('user_sessions').set({ revoked_at: new Date() }).where('id', '=', made[4]!.sessionId).execute();
    await harness.db
      .updateTable('user_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', made[6]!.sessionId)
      .execute();
    await harness.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', made[8]!.userId).execute();
    const queries = countQueries('auth-live-sessions');
    try {
      const rows = await Promise.all(made.map((one) => findLiveSession(harness.database.pool, one.sessionId, one.userId)));
      expect(queries.count()).toBe(1);
      expect(rows.map((row) => row?.id ?? null)).toEqual(made.map((one, i) => ([4, 6, 8].includes(i) ? null : one.userId)));
      // A session asked for with another student's id is no session.
      expect(await findLiveSession(harness.database.pool, made[0]!.sessionId, made[1]!.userId)).toBeUndefined();
    } finally {
      queries.restore();
    }
  });

  it('of bearer tokens likewise, each token answered with its own session', async () => {
    const made = await sessions(8);
    await harness.db.updateTable('user_sessions').set({ revoked_at: new Date() }).where('id', '=', made[5]!.sessionId).execute();
    const clock = { idleTimeoutMinutes: 60, stepMs: 60_000 };
    const queries = countQueries('auth-live-token-sessions');
    try {
      const rows = await Promise.all(made.map((one) => findLiveTokenSession(harness.database.pool, one.tokenHash, clock)));
      expect(queries.count()).toBe(1);
      expect(rows.map((row) => row?.session_id ?? null)).toEqual(made.map((one, i) => (i === 5 ? null : one.sessionId)));
    } finally {
      queries.restore();
    }
  });
});
