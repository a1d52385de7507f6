import { describe, expect, it } from 'vitest';
import { TIMED_OUT_MESSAGE, TIMED_OUT_RETRY_AFTER_SECONDS } from '../../../server/db/statement-timeout.ts';
import { PoolBusyError } from '../../../server/db/query-scope.ts';
import { SecondConnectionError } from '../../../server/db/held-connection.ts';
import { useApp } from '../../support/app-harness.ts';

// One connection, and a short wait for it: a request that finds it taken waits that long, no longer.
const harness = useApp({ roles: ['student'], poolSize: 1, database: { poolWaitMs: 300 } });
const asStudent = harness.injectAs('student');

describe('waiting for a database connection', () => {
  it('ends when none comes free in time: 503 with Retry-After, and the next request is served once one is free', async () => {
    const held = await harness.database.pool.connect();
    try {
      const refused = await asStudent('GET', '/api/auth/me');
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({ message: TIMED_OUT_MESSAGE, type: 'unavailable' });
      expect(refused.headers['retry-after']).toBe(String(TIMED_OUT_RETRY_AFTER_SECONDS));
      await expect(harness.db.selectFrom('users').select('id').execute()).rejects.toBeInstanceOf(PoolBusyError);
    } finally {
      held.release();
    }
    const served = await asStudent('GET', '/api/auth/me');
    expect(served.statusCode, served.body).toBe(200);
  });

  it('answers a tRPC call the same way', async () => {
    const held = await harness.database.pool.connect();
    try {
      const refused = await harness.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: harness.cookie('student') } });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ error: { message: TIMED_OUT_MESSAGE } });
    } finally {
      held.release();
    }
  });
});

describe('a transaction', () => {
  it('is refused a second connection of the pool at once, instead of waiting for one while it holds its own', async () => {
    const read = () => harness.db.selectFrom('users').select('id').limit(1).execute();
    const outcome = await harness.db
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('users').select('id').limit(1).execute();
        await read();
        return 'committed';
      })
      .catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(SecondConnectionError);
    // Its own statements, and statements after it, run.
    expect(await harness.db.transaction().execute(async (trx) => (await trx.selectFrom('users').select('id').limit(1).execute()).length)).toBe(1);
    expect((await read()).length).toBe(1);
  });
});
