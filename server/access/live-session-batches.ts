import type pg from 'pg';
import { batcherPerDatabase, createBatcher } from '../db/batcher.ts';
import {
  findLiveSessions,
  findLiveTokenSessions,
  type SessionAsked,
  type SessionUserRow,
  type TokenClock,
  type TokenSessionUserRow,
} from './sessions.repository.ts';

/**
 * The session check every signed-in request makes, batched across the requests arriving together
 * (see server/db/batcher.ts): when thousands of students start or save an exam within seconds, one
 * statement checks a hundred sessions for little more than one. Alone, a check runs at once.
 */
const BATCH = { maxBatch: 100, concurrency: 4 };

const cookieBatcher = batcherPerDatabase((pool: pg.Pool) => createBatcher({ ...BATCH, runMany: (asked: SessionAsked[]) => findLiveSessions(pool, asked) }));

interface TokenAsked {
  tokenHash: Buffer;
  clock: TokenClock;
}

const tokenBatcher = batcherPerDatabase((pool: pg.Pool) =>
  createBatcher({
    ...BATCH,
    runMany: async (asked: TokenAsked[]) => {
      // One statement per idle clock (an app has one; two apps may share a pool in tests).
      const results = new Array<TokenSessionUserRow | undefined>(asked.length);
      const byClock = new Map<string, number[]>();
      asked.forEach((item, i) => {
        const key = `${item.clock.idleTimeoutMinutes}/${item.clock.stepMs}`;
        byClock.set(key, [...(byClock.get(key) ?? []), i]);
      });
      for (const positions of byClock.values()) {
        const clock = asked[positions[0]!]!.clock;
        const rows = await findLiveTokenSessions(
          pool,
          positions.map((i) => asked[i]!.tokenHash),
          clock,
        );
        positions.forEach((i, j) => (results[i] = rows[j]));
      }
      return results;
    },
  }),
);

/** The cookie session's live, enabled user, or undefined. */
export function findLiveSession(pool: pg.Pool, sessionId: string, userId: string): Promise<SessionUserRow | undefined> {
  return cookieBatcher(pool)({ sessionId, userId });
}

/** A bearer token's live session and user, or undefined. */
export function findLiveTokenSession(pool: pg.Pool, tokenHash: Buffer, clock: TokenClock): Promise<TokenSessionUserRow | undefined> {
  return tokenBatcher(pool)({ tokenHash, clock });
}
