import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.ts';
import { countPaidOrders, paidOrdersPage, type OrdersFilter } from '../../../server/orders/admin-orders.repository.ts';
import { createUser } from '../../support/test-app.ts';
import { withGinIndexesRebuilt } from '../../support/bulk-load.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

async function paidOrder(
  userId: string,
  values: {
    title?: string;
    resourceTitle?: string | null;
    coupon?: string | null;
    paymentId?: string | null;
    orderId?: string | null;
    mode?: 'online' | 'manual';
  } = {},
) {
  const row = await harness.db
    .insertInto('orders')
    .values({
      user_id: userId,
      title: values.title ?? 'Plan',
      subscription_term: '12-months',
      term_days: 365,
      resource_title: values.resourceTitle ?? null,
      gross_paise: 100_000,
      gst_rate: 18,
      gst_paise: 18_000,
      net_paise: 118_000,
      coupon_code: values.coupon ?? null,
      razorpay_payment_id: values.paymentId ?? null,
      razorpay_order_id: values.orderId ?? null,
      status: 'paid',
      mode: values.mode ?? 'online',
      paid_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const search = async (words: string) => {
  const answer = await asAdmin('GET', `/api/admin/orders/completed?pageSize=100&search=${encodeURIComponent(words)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const page = answer.json() as { orders: Array<{ _id: string }>; total: number };
  expect(page.total).toBe(page.orders.length);
  return page.orders.map((order) => order._id).sort();
};

describe('the paid orders search', () => {
  it('finds an order by a word of any of its fields or its customer, in any case, each further word narrowing', async () => {
    const meera = await createUser(harness.db, { name: 'Meera Nair', email: 'meera.nair@example.com', phone: '+91 98470 55501' });
    const joseph = await createUser(harness.db, { name: 'Joseph K', email: 'joseph@example.org', phone: null });
    const first = await paidOrder(meera.id, {
      title: 'LDC Crash Course',
      resourceTitle: 'LDC 2026',
      coupon: 'ONAM25',
      paymentId: 'pay_Qa1Bc2',
      orderId: 'order_Zx9Yw8',
    });
    const second = await paidOrder(joseph.id, {
      title: 'Degree Level Prelims',
      resourceTitle: 'Prelims pack',
      coupon: null,
      paymentId: 'pay_Mm3Nn4',
      orderId: 'order_Kk5Ll6',
    });
    const both = [first, second].sort();

    for (const word of ['meera', 'NAIR', 'Nair@Example.COM', '98470', '55501', 'crash', 'ldc 2026', 'onam25', 'PAY_QA1', 'zx9yw8'])
      expect(await search(word), word).toEqual([first]);
    for (const word of ['joseph', 'example.org', 'prelims', 'DEGREE level', 'mm3nn4', 'order_kk5']) expect(await search(word), word).toEqual([second]);
    expect(await search('example')).toEqual(both);
    expect(await search('meera prelims')).toEqual([]);
    // Words of one or two characters match too (no trigram of their own to look up).
    expect(await search('A')).toEqual(both);
    expect(await search('K')).toEqual([second]);
    expect(await search('nn')).toEqual([second]);
    expect(await search('ld')).toEqual([first]);
    // A word never spans two fields, and pattern characters are taken literally.
    expect(await search('course ldc')).toEqual([first]);
    expect(await search('coursel')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('pay_')).toEqual(both);
    expect(await search('pay%')).toEqual([]);
  });

  it('finds an order by its whole id, in any case, among paid or deleted orders', async () => {
    const student = await createUser(harness.db, { name: 'Anil Kumar', email: 'anil@example.com', phone: '9400055566' });
    const wanted = await paidOrder(student.id, { title: 'Secretariat Assistant' });
    await paidOrder(student.id, { title: 'Secretariat Assistant' });
    expect(await search(wanted)).toEqual([wanted]);
    expect(await search(` ${wanted.toUpperCase()} `)).toEqual([wanted]);
    // A part of an id is no id: it is searched for as words, and no order's text holds it.
    expect(await search(wanted.slice(0, 8))).not.toContain(wanted);

    await harness.db.updateTable('orders').set({ status: 'deleted', deleted_at: new Date() }).where('id', '=', wanted).execute();
    expect(await search(wanted)).toEqual([]);
    const answer = await asAdmin('GET', `/api/admin/orders/deleted?search=${wanted}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as { orders: Array<{ _id: string }> }).orders.map((order) => order._id)).toEqual([wanted]);
  });

  it('follows the customer: a new name, phone number or e-mail address is found at once, the old one no more', async () => {
    const student = await createUser(harness.db, { name: 'Lakshmi Rajan', email: 'lakshmi@example.com', phone: '9400011122' });
    const order = await paidOrder(student.id, { title: 'Village Field Assistant' });
    expect(await search('rajan')).toEqual([order]);
    await harness.db
      .updateTable('users')
      .set({ name: 'Lakshmi Varma', phone_number: '9400033344', email_address: 'varma@example.com' })
      .where('id', '=', student.id)
      .execute();
    expect(await search('rajan')).toEqual([]);
    expect(await search('lakshmi varma')).toEqual([order]);
    expect(await search('9400033344')).toEqual([order]);
    expect(await search('9400011122')).toEqual([]);
    expect(await search('varma@')).toEqual([order]);
  });

  it('reads only the matching orders of 100,000 through its index, for the page and the count', { timeout: 180_000 }, async () => {
    await sql`
      insert into users (name, email_address, phone_number, roles, created_at)
      select 'Customer ' || n, 'customer-' || n || '@example.com', (7000000000 + n)::text, '{}', now() - n * interval '1 minute'
      from generate_series(1, 100000) as n`.execute(harness.db);
    // As after any bulk load: statistics of the new customers before their orders are written
    // (the order trigger's look-up of the customer is planned on them).
    await sql`analyze users`.execute(harness.db);
    await withGinIndexesRebuilt(harness.db, 'orders', () =>
      sql`
        insert into orders (user_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, status, mode, paid_at, razorpay_payment_id)
        select u.id, 'Bench plan', '12-months', 365, 100000, 18, 18000, 118000, 'paid', 'online', u.created_at, 'pay_' || md5(u.id::text)
        from users u where u.email_address like 'customer-%'`.execute(harness.db),
    );
    await sql`analyze orders`.execute(harness.db);

    // The repository's own statements, as it sends them, explained.
    const sent: CompiledQuery[] = [];
    const spy = new Kysely<Database>({ dialect: new PostgresDialect({ pool: harness.database.pool }), log: (event) => void sent.push(event.query) });
    const filter: OrdersFilter = { search: 'customer-4242@' };
    expect(await paidOrdersPage(spy, filter, '-date', 20, 0)).toHaveLength(1);
    expect(await countPaidOrders(spy, filter)).toEqual({ total: 1, amountPaise: 118000 });
    for (const query of sent) {
      const { rows } = await harness.database.pool.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, [...query.parameters]);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan, plan).toContain('orders_paid_search_idx');
      expect(plan, plan).not.toMatch(/Seq Scan on (orders|users)/);
    }
    expect(await search('customer-4242@')).toHaveLength(1);
  });
});
