import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { openRowCursor } from '../../../server/exports/cursor-rows.ts';
import { EXPORT_CHUNK_BUFFERS, EXPORT_CHUNK_BYTES } from '../../../server/exports/export-messages.ts';
import { sendExport } from '../../../server/exports/export-reply.ts';
import { EXPORTS_AT_ONCE, EXPORTS_PER_ACCOUNT, EXPORTS_PER_ACCOUNT_MESSAGE } from '../../../server/exports/export-slots.ts';
import { useApp } from '../../support/app-harness.ts';

/** The statement_timeout of the app's pool here: the export worker's statements must keep it. */
const STATEMENT_TIMEOUT_MS = 3000;

/** Rows of the counting export: a file of about 400 KB, many times the buffers its bytes travel in. */
const COUNTED_ROWS = 60_000;

/**
 * Exports of ten numbers read two at a time: `sleep` takes a minute over each row after the second
 * (the client leaves meanwhile, or the statement runs out of time), `divide` fails on the fifth row.
 */
async function testExportRoutes(app: FastifyInstance): Promise<void> {
  const columns = new URL('./slow-export-columns.ts', import.meta.url);
  app.get('/test/sleep-export.csv', async (request, reply) => {
    const { db } = request.ctx;
    const query = db
      .selectFrom(sql<{ n: number }>`generate_series(1, 10)`.as('s'))
      .select(sql<number>`s`.as('n'))
      .select(sql<string>`pg_sleep(case when s > 2 then 60 else 0 end)::text`.as('slept'));
    return sendExport(reply, 'csv', { name: 'sleep', sheet: 'Sleep', columns, batches: await openRowCursor(db, query, 2) });
  });
  app.get('/test/count-export.csv', async (request, reply) => {
    const { db } = request.ctx;
    const query = db.selectFrom(sql<{ n: number }>`generate_series(1, ${COUNTED_ROWS})`.as('s')).select(sql<number>`s`.as('n'));
    return sendExport(reply, 'csv', { name: 'count', sheet: 'Count', columns, batches: await openRowCursor(db, query) });
  });
  app.get('/test/divide-export.:format', async (request, reply) => {
    const { db } = request.ctx;
    const query = db.selectFrom(sql<{ n: number }>`generate_series(1, 10)`.as('s')).select(sql<number>`(10 / (5 - s))::int`.as('n'));
    const format = (request.params as { format: 'csv' | 'xlsx' }).format;
    return sendExport(reply, format, { name: 'divide', sheet: 'Divide', columns, batches: await openRowCursor(db, query, 2) });
  });
}

const harness = useApp({ roles: ['admin', 'manager', 'marketing'], plugins: [testExportRoutes], database: { statementTimeoutMs: STATEMENT_TIMEOUT_MS } });

describe('the export worker', () => {
  let base: string;
  let monitor: pg.Client;
  beforeAll(async () => {
    monitor = new pg.Client({ connectionString: harness.database.url });
    await monitor.connect();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await monitor?.end();
  });

  /** The export workers' connections to the test database that match a condition. */
  const exportConnections = async (condition = 'true') =>
    (
      await monitor.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'psc-export%' and ${condition}`,
      )
    ).rows[0]!.n;
  async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }
  const poolIsIdle = () => waitFor(async () => harness.database.pool.idleCount === harness.database.pool.totalCount, 3000);

  /** Reads an export's body until it holds `text`; answers what it read and the reader. */
  async function readUntil(answer: Response, text: string) {
    const reader = answer.body!.getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let received = '';
    while (!received.includes(text)) received += decoder.decode((await reader.read()).value, { stream: true });
    return { received, reader };
  }

  it('reads on a connection of its own with the pool’s statement_timeout', async () => {
    const handle = openDatabase(harness.database.url, 1, 0, { statementTimeoutMs: 1234 });
    try {
      const cursor = await openRowCursor(handle.db, handle.db.selectFrom('users').select('id'));
      expect(cursor.connection).toMatchObject({ connectionString: harness.database.url, statement_timeout: 1234 });
      expect(cursor.sql).toMatch(/^select "id" from "users"/);
    } finally {
      await handle.close();
    }
  });

  it('ends, cancelling its statement and closing its connection, when the client leaves mid-export; the pool is untouched', async () => {
    const controller = new AbortController();
    const answer = await fetch(`${base}/test/sleep-export.csv`, { headers: { cookie: harness.cookie('admin') }, signal: controller.signal });
    expect(answer.status).toBe(200);
    expect((await readUntil(answer, '2\r\n')).received).toBe('\uFEFFn\r\n1\r\n2\r\n');
    expect(await waitFor(async () => (await exportConnections(`state = 'active' and query ilike 'fetch forward%'`)) === 1, 5000)).toBe(true);
    controller.abort();
    // Cancelled, not left to its minute (nor to the statement_timeout).
    expect(await waitFor(async () => (await exportConnections()) === 0, STATEMENT_TIMEOUT_MS - 500)).toBe(true);
    expect(await poolIsIdle()).toBe(true);
  });

  it('keeps the statement_timeout: a statement out of time ends the download unfinished', async () => {
    const answer = await fetch(`${base}/test/sleep-export.csv`, { headers: { cookie: harness.cookie('admin') } });
    expect(answer.status).toBe(200);
    const began = Date.now();
    await expect(answer.text()).rejects.toThrow();
    expect(Date.now() - began).toBeLessThan(STATEMENT_TIMEOUT_MS + 5000);
    expect(await waitFor(async () => (await exportConnections()) === 0, 3000)).toBe(true);
    expect(await poolIsIdle()).toBe(true);
  });

  it(`refuses one account a third export at once (429), queues an export beyond ${EXPORTS_AT_ONCE} in all, and starts it when one ends`, async () => {
    expect([EXPORTS_PER_ACCOUNT, EXPORTS_AT_ONCE]).toEqual([2, 3]);
    const sleeping = (role: 'admin' | 'manager' | 'marketing', controller: AbortController) =>
      fetch(`${base}/test/sleep-export.csv`, { headers: { cookie: harness.cookie(role) }, signal: controller.signal });
    const admins = [new AbortController(), new AbortController()];
    const running = await Promise.all(admins.map((controller) => sleeping('admin', controller)));
    expect(running.map((answer) => answer.status)).toEqual([200, 200]);
    const third = await fetch(`${base}/test/sleep-export.csv`, { headers: { cookie: harness.cookie('admin') } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('10');
    expect(((await third.json()) as { message: string }).message).toBe(EXPORTS_PER_ACCOUNT_MESSAGE);

    const manager = new AbortController();
    expect((await sleeping('manager', manager)).status).toBe(200);
    expect(await waitFor(async () => (await exportConnections()) === 3, 3000)).toBe(true);
    // A fourth in all waits its turn (no connection of its own yet), and starts when an export ends.
    const marketing = new AbortController();
    let queuedAnswered = false;
    const queued = sleeping('marketing', marketing).then((answer) => {
      queuedAnswered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(queuedAnswered).toBe(false);
    expect(await exportConnections()).toBe(3);
    admins[0]!.abort();
    expect((await queued).status).toBe(200);
    for (const controller of [admins[1]!, manager, marketing]) controller.abort();
    expect(await waitFor(async () => (await exportConnections()) === 0, STATEMENT_TIMEOUT_MS - 500)).toBe(true);
  });

  it('sends a file many times its buffers whole and in order to a client that reads slowly', async () => {
    expect(COUNTED_ROWS * 6).toBeGreaterThan(EXPORT_CHUNK_BUFFERS * EXPORT_CHUNK_BYTES);
    const answer = await fetch(`${base}/test/count-export.csv`, { headers: { cookie: harness.cookie('admin') } });
    expect(answer.status).toBe(200);
    const reader = answer.body!.getReader();
    const parts: Uint8Array[] = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      parts.push(part.value);
      // The reply waits for this reader: the worker fills its buffers again and again meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(parts));
    const numbers = Array.from({ length: COUNTED_ROWS }, (_, i) => `${i + 1}\r\n`).join('');
    expect(text).toBe(`\uFEFFn\r\n${numbers}`);
    expect(await waitFor(async () => (await exportConnections()) === 0, 3000)).toBe(true);
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`ends a ${format.toUpperCase()} download unfinished when its query fails mid-export, closing its connection`, async () => {
      const answer = await fetch(`${base}/test/divide-export.${format}`, { headers: { cookie: harness.cookie('admin') } });
      expect(answer.status).toBe(200);
      await expect(answer.arrayBuffer()).rejects.toThrow();
      expect(await waitFor(async () => (await exportConnections()) === 0, 3000)).toBe(true);
      expect(await poolIsIdle()).toBe(true);
    });
  }
});
