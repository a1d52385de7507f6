import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { TIMED_OUT_MESSAGE } from '../../../server/db/statement-timeout.ts';
import { createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { multipartBody } from '../../support/multipart.ts';
import { createEmptyDatabase, type TestDatabase } from '../../support/test-database.ts';
import { useApp } from '../../support/app-harness.ts';

/** Routes that only these tests have: a statement that sleeps, alone or inside a transaction. */
async function sleepingRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { seconds: string } }>('/test/sleep', async (request) => {
    await sql`select pg_sleep(${Number(request.query.seconds)})`.execute(request.ctx.db);
    return { slept: true };
  });
  app.post<{ Body: { seconds: number } }>('/test/sleep-in-transaction', async (request) => {
    await request.ctx.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await sql`select pg_sleep(${request.body.seconds})`.execute(trx);
    });
    return { slept: true };
  });
}

/**
 * Statements of the test database that are sleeping now, seen on a connection of its own (the
 * app's pool may be full of the very statements looked for).
 */
async function sleepingStatements(monitor: pg.Client): Promise<number> {
  const { rows } = await monitor.query<{ n: number }>(`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query ilike '%pg_sleep%'`);
  return rows[0]!.n;
}

async function monitorOf(database: TestDatabase): Promise<pg.Client> {
  const monitor = new pg.Client({ connectionString: database.url });
  await monitor.connect();
  return monitor;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a statement that runs out of time', () => {
  const TIMEOUT_MS = 500;
  const harness = useApp({ database: { statementTimeoutMs: TIMEOUT_MS }, plugins: [sleepingRoutes] });
  const asAdmin = harness.injectAs('admin');
  let monitor: pg.Client;

  beforeAll(async () => {
    monitor = await monitorOf(harness.database);
    // Every write below takes 0.8 s: longer than the pool's bound, well within the longer ones.
    await sql`create function test_slow_write() returns trigger language plpgsql as $$ begin perform pg_sleep(0.8); return null; end $$`.execute(harness.db);
    await sql`create trigger test_slow_write after insert on lakshya_students for each statement execute function test_slow_write()`.execute(harness.db);
    await sql`create trigger test_slow_write after update on exams for each statement execute function test_slow_write()`.execute(harness.db);
    await sql`create trigger test_slow_write after insert on exam_rank_scores for each statement execute function test_slow_write()`.execute(harness.db);
  });
  afterAll(async () => {
    await monitor?.end();
  });

  it('answers 503 with Retry-After and a plain message, soon after the bound, through REST', async () => {
    const started = Date.now();
    const answer = await asAdmin('GET', '/test/sleep?seconds=20');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ message: TIMED_OUT_MESSAGE, type: 'unavailable' });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
    expect(await sleepingStatements(monitor)).toBe(0);
  });

  it('answers 503 through a product route and through tRPC, not 500', async () => {
    const rest = await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: 'Slow', phoneNumber: '9847000001' } });
    expect(rest.statusCode, rest.body).toBe(503);
    expect(rest.json()).toMatchObject({ message: TIMED_OUT_MESSAGE, type: 'unavailable' });

    const trpc = await asAdmin('POST', '/trpc/lakshyaStudents.create', JSON.stringify({ value: { name: 'Slow', phoneNumber: '9847000002' } }), {
      'content-type': 'application/json',
    });
    expect(trpc.statusCode, trpc.body).toBe(503);
    expect(trpc.headers['retry-after']).toBeDefined();
    expect(trpc.json().error).toMatchObject({ message: TIMED_OUT_MESSAGE, data: { type: 'unavailable', httpStatus: 503 } });
    expect(await harness.db.selectFrom('lakshya_students').select('id').execute()).toHaveLength(0);
  });

  it('lets the routes that need longer run past the default bound: an exam save, a CSV import and a rank sync', async () => {
    const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), { title: 'Long save', questionGroups: [questionGroup(50)] });

    const body = multipartBody([
      { field: 'csv', fileName: 'students.csv', content: Buffer.from('name,phoneNumber,expiryDate\nAnu,9847000011,\nBiju,9847000012,\n') },
    ]);
    const imported = await asAdmin('POST', '/api/admin/lakshya-students/upload', body.payload, body.headers);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ hasIssues: false, imported: 2 });

    const synced = await asAdmin('PUT', `/api/admin/exams/${id}/rank/sync`);
    expect(synced.statusCode, synced.body).toBe(200);
  });

  it('applies every migration even when the pool bound is shorter than the wait for another run', async () => {
    const empty = await createEmptyDatabase('bounds');
    const holder = new pg.Client({ connectionString: empty.url });
    await holder.connect();
    const fresh = openDatabase(empty.url, 2, 0, { statementTimeoutMs: 300 });
    try {
      // Another process is migrating: it holds Kysely's migration lock for a second.
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(3853314791062309107)`);
      const release = setTimeout(() => void holder.query('commit'), 1000);
      const applied = await migrateToLatest(fresh.db, fresh.pool);
      clearTimeout(release);
      expect(applied.length).toBeGreaterThan(10);
      // The connection that migrated went back to the pool with the default bound.
      const { rows } = await sql<{ setting: string }>`select setting from pg_settings where name = 'statement_timeout'`.execute(fresh.db);
      expect(rows[0]!.setting).toBe('300');
    } finally {
      await fresh.close();
      await holder.end();
      await empty.drop();
    }
  });
});

describe('a request whose client goes away', () => {
  const POOL_SIZE = 5;
  // No bound on this pool: only the cancellation can stop the statements.
  const harness = useApp({ poolSize: POOL_SIZE, plugins: [sleepingRoutes] });
  let base: string;
  let monitor: pg.Client;

  beforeAll(async () => {
    monitor = await monitorOf(harness.database);
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await monitor?.end();
  });

  /** Starts the requests, waits until `running` of their statements run, then closes them all. */
  async function abandon(requests: Array<(signal: AbortSignal) => Promise<Response>>, running: number): Promise<void> {
    const controller = new AbortController();
    const answers = requests.map((send) => send(controller.signal).catch(() => undefined));
    expect(await waitFor(async () => (await sleepingStatements(monitor)) >= running, 10_000)).toBe(true);
    controller.abort();
    await Promise.all(answers);
  }

  const sleepGet = (signal: AbortSignal) => fetch(`${base}/test/sleep?seconds=60`, { headers: { cookie: harness.cookie('admin') }, signal });
  const sleepPost = (signal: AbortSignal) =>
    fetch(`${base}/test/sleep-in-transaction`, {
      method: 'POST',
      headers: { cookie: harness.cookie('admin'), 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 60 }),
      signal,
    });

  it('cancels its statement at once', async () => {
    await abandon([sleepGet], 1);
    expect(await waitFor(async () => (await sleepingStatements(monitor)) === 0, 3000)).toBe(true);
  });

  it('cancels a statement inside a transaction of a request with a body, and rolls it back', async () => {
    await abandon([sleepPost], 1);
    expect(await waitFor(async () => (await sleepingStatements(monitor)) === 0, 3000)).toBe(true);
    const { rows } = await monitor.query<{ n: number }>(`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
    expect(rows[0]!.n).toBe(0);
  });

  it('leaks no connection: more abandoned requests than the pool holds, some still waiting for one, then the pool serves again', async () => {
    const requests = Array.from({ length: POOL_SIZE + 3 }, (_, i) => (i % 2 === 0 ? sleepGet : sleepPost));
    await abandon(requests, POOL_SIZE);
    expect(await waitFor(async () => (await sleepingStatements(monitor)) === 0, 5000)).toBe(true);
    expect(
      await waitFor(async () => harness.database.pool.waitingCount === 0 && harness.database.pool.idleCount === harness.database.pool.totalCount, 5000),
    ).toBe(true);
    const started = Date.now();
    const answer = await fetch(`${base}/test/sleep?seconds=0`, { headers: { cookie: harness.cookie('admin') } });
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('finishes a request whose client stays, and keeps the connection of one answered before the client left', async () => {
    const answer = await fetch(`${base}/test/sleep?seconds=0.2`, { headers: { cookie: harness.cookie('admin') } });
    expect(await answer.json()).toEqual({ slept: true });
    expect(harness.database.pool.waitingCount).toBe(0);
  });
});
