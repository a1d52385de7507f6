import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRowCursor } from '../../../server/exports/cursor-rows.ts';
import { sendExport } from '../../../server/exports/export-reply.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

/** An export whose rows after the second take a minute each: how a test sees the cursor's statement running when the client leaves. */
async function slowExportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/test/slow-export.csv', async (request, reply) => {
    const { db } = request.ctx;
    const query = db
      .selectFrom(sql<{ n: number }>`generate_series(1, 10)`.as('s'))
      .select(sql<number>`s`.as('n'))
      .select(sql<string>`pg_sleep(case when s > 2 then 60 else 0 end)::text`.as('slept'));
    const columns = new URL('./slow-export-columns.ts', import.meta.url);
    return sendExport(reply, 'csv', { name: 'slow', sheet: 'Slow', columns, batches: await openRowCursor(db, query, 2) });
  });
}

const harness = useApp({ roles: ['admin', 'staff'], plugins: [slowExportRoutes] });
const asAdmin = harness.injectAs('admin');
const asStaff = harness.injectAs('staff');

let student: { id: string };
let other: { id: string };

async function paidOrder(userId: string, values: { title: string; mode?: 'online' | 'manual'; netPaise: number; coupon?: string; paidAt: Date }) {
  await harness.db
    .insertInto('orders')
    .values({
      user_id: userId,
      title: values.title,
      subscription_term: '12-months',
      term_days: 365,
      gross_paise: Math.round((values.netPaise * 100) / 118),
      gst_rate: 18,
      gst_paise: values.netPaise - Math.round((values.netPaise * 100) / 118),
      net_paise: values.netPaise,
      coupon_code: values.coupon ?? null,
      status: 'paid',
      mode: values.mode ?? 'online',
      paid_at: values.paidAt,
    })
    .execute();
}

beforeAll(async () => {
  student = await createUser(harness.db, { email: 'anu@example.com', name: 'അനു, "Anu"', phone: '9847000001' });
  other = await createUser(harness.db, { email: 'biju@example.com', name: '=HYPERLINK("x")', phone: '9847000002' });
  const base = Date.parse('2026-11-01T00:00:00Z');
  for (let i = 0; i < 23; i += 1) {
    await paidOrder(i % 3 === 0 ? other.id : student.id, {
      title: i % 2 === 0 ? `Degree level plan ${i}` : `LDC plan ${i}`,
      mode: i % 4 === 0 ? 'manual' : 'online',
      netPaise: 49_950 + i,
      // Two orders share a payment time: the list's tie-break (id) must hold in the export too.
      paidAt: new Date(base + (i === 5 ? 4 : i) * 3_600_000),
    });
  }
});

/** Every page of the orders list with these filters, as its ids. */
async function listedOrderIds(filters: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await asAdmin('GET', `/api/admin/orders/completed?${filters}&page=${page}&pageSize=4`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { orders } = answer.json() as { orders: Array<{ _id: string }> };
    ids.push(...orders.map((order) => order._id));
    if (orders.length < 4) return ids;
  }
}

describe('orders export', () => {
  it('answers as CSV what the filters show on every page of the list, in its order, with the money exact', async () => {
    const filters = 'search=degree&mode=online';
    const answer = await asAdmin('GET', `/api/admin/orders/export.csv?${filters}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...answer.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [heading, ...rows] = parse(answer.rawPayload, { bom: true }) as string[][];
    const column = (name: string) => heading!.indexOf(name);
    const listed = await listedOrderIds(filters);
    expect(listed.length).toBeGreaterThan(4);
    expect(rows.map((row) => row[column('Order id')])).toEqual(listed);
    const stored = await harness.db.selectFrom('orders').select(['id', 'net_paise', 'gross_paise', 'gst_paise', 'paid_at']).execute();
    for (const row of rows) {
      const order = stored.find((each) => each.id === row[column('Order id')])!;
      expect(Math.round(Number(row[column('Amount paid (₹)')]) * 100)).toBe(order.net_paise);
      expect(row[column('Amount paid (₹)')]).toMatch(/^\d+\.\d{2}$/);
      expect(Math.round(Number(row[column('Taxable value (₹)')]) * 100) + Math.round(Number(row[column('GST (₹)')]) * 100)).toBe(order.net_paise);
      expect(row[column('Paid at (India time)')]).toBe(new Date(order.paid_at!.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' '));
      expect(row[column('Mode')]).toBe('online');
    }
  });

  it('writes a customer name a spreadsheet would run as a formula as text, and keeps Malayalam and quotes', async () => {
    const answer = await asAdmin('GET', '/api/admin/orders/export.csv');
    const [heading, ...rows] = parse(answer.rawPayload, { bom: true }) as string[][];
    const names = new Set(rows.map((row) => row[heading!.indexOf('Student')]));
    expect(names).toEqual(new Set(['അനു, "Anu"', `'=HYPERLINK("x")`]));
    expect(rows).toHaveLength(23);
  });

  it('answers an XLSX that exceljs opens, with the same rows, money as numbers of rupees', async () => {
    const filters = 'search=ldc';
    const answer = await asAdmin('GET', `/api/admin/orders/export.xlsx?${filters}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    const heading = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: unknown[][] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows.map((row) => row[heading.indexOf('Order id')])).toEqual(await listedOrderIds(filters));
    const amount = rows[0]![heading.indexOf('Amount paid (₹)')];
    expect(typeof amount).toBe('number');
    expect(sheet.getRow(2).getCell(heading.indexOf('Amount paid (₹)') + 1).numFmt).toBe('0.00');
  });

  it('names the wrong filter with 400 and answers no file', async () => {
    const answer = await asAdmin('GET', '/api/admin/orders/export.csv?mode=cheque');
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json().message).toBe('mode is online, manual or free');
  });

  it('refuses a role without the Orders screen with 403 and no file', async () => {
    for (const format of ['csv', 'xlsx']) {
      const answer = await asStaff('GET', `/api/admin/orders/export.${format}`);
      expect(answer.statusCode).toBe(403);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await harness.injectAs('nobody')('GET', '/api/admin/orders/export.csv')).statusCode).toBe(401);
  });
});

describe('users export', () => {
  it('answers the accounts the filters show, as the list does across its pages', async () => {
    const answer = await asAdmin('GET', '/api/admin/users/export.csv?role=student');
    expect(answer.statusCode, answer.body).toBe(200);
    const [heading, ...rows] = parse(answer.rawPayload, { bom: true }) as string[][];
    const listed = (await asAdmin('GET', '/api/admin/users?role=student')).json() as { users: Array<{ _id: string; name: string }> };
    expect(rows.map((row) => row[heading!.indexOf('Account id')])).toEqual(listed.users.map((user) => user._id));
    expect(rows.map((row) => row[heading!.indexOf('Name')])).toContain(`'=HYPERLINK("x")`);
    expect((await asStaff('GET', '/api/admin/users/export.xlsx')).statusCode).toBe(403);
  });
});

describe('an export whose client goes away', () => {
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

  const activity = async (condition: string) =>
    (
      await monitor.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and ${condition}`,
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

  it('cancels the statement reading its rows and ends the cursor’s transaction', async () => {
    const controller = new AbortController();
    const answer = await fetch(`${base}/test/slow-export.csv`, { headers: { cookie: harness.cookie('admin') }, signal: controller.signal });
    expect(answer.status).toBe(200);
    const reader = answer.body!.getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let received = '';
    while (!received.includes('2\r\n')) received += decoder.decode((await reader.read()).value, { stream: true });
    expect(received).toBe('\uFEFFn\r\n1\r\n2\r\n');
    expect(await waitFor(async () => (await activity(`state = 'active' and query ilike 'fetch forward%'`)) === 1, 5000)).toBe(true);
    controller.abort();
    expect(await waitFor(async () => (await activity(`query ilike 'fetch forward%' and state = 'active'`)) === 0, 3000)).toBe(true);
    expect(await waitFor(async () => (await activity(`state like 'idle in transaction%'`)) === 0, 3000)).toBe(true);
    const pool = harness.database.pool;
    expect(await waitFor(async () => pool.idleCount === pool.totalCount, 3000)).toBe(true);
  });
});
