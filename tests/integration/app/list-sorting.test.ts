import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

async function order(userId: string, values: { title: string; coupon: string | null; netPaise: number; paidAt: string; mode?: 'online' | 'manual' }) {
  const row = await harness.db
    .insertInto('orders')
    .values({
      user_id: userId,
      title: values.title,
      subscription_term: '12-months',
      term_days: 365,
      gross_paise: values.netPaise,
      gst_rate: 0,
      gst_paise: 0,
      net_paise: values.netPaise,
      coupon_code: values.coupon,
      status: 'paid',
      mode: values.mode ?? 'online',
      paid_at: new Date(values.paidAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function get<T>(path: string): Promise<T> {
  const answer = await asAdmin('GET', path);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
}

type OrdersAnswer = {
  orders: Array<{ _id: string; title: string; netAmount: number; paidAt: string; mode: string; discountCouponCode: string | null }>;
  total: number;
  amountPaise: number;
};

/** Every page of a list, 2 rows a page: what they hold, in order. */
async function allPages(path: string, key: 'orders' | 'users'): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page < 20; page += 1) {
    const answer = await get<Record<string, Array<{ _id: string }>>>(`${path}&pageSize=2&page=${page}`);
    if (answer[key]!.length === 0) break;
    ids.push(...answer[key]!.map((row) => row._id));
  }
  return ids;
}

describe('sorting the orders list', () => {
  it('sorts by each column both ways, ties broken by the id, every page complete and without repeats', async () => {
    const student = await createUser(harness.db, { name: 'Sorted Student' });
    // Equal titles, coupons, amounts, modes and times: the id decides.
    const spec: Array<{ title: string; coupon: string | null; netPaise: number; paidAt: string; mode?: 'online' | 'manual' }> = [
      { title: 'Srt B plan', coupon: null, netPaise: 500, paidAt: '2026-11-02T10:00:00Z' },
      { title: 'Srt A plan', coupon: 'ZED', netPaise: 500, paidAt: '2026-11-02T10:00:00Z', mode: 'manual' },
      { title: 'Srt B plan', coupon: 'ABC', netPaise: 100, paidAt: '2026-11-01T10:00:00Z' },
      { title: 'Srt C plan', coupon: 'ABC', netPaise: 900, paidAt: '2026-11-03T10:00:00Z' },
      { title: 'Srt A plan', coupon: null, netPaise: 100, paidAt: '2026-11-02T10:00:00Z' },
    ];
    const rows: Array<(typeof spec)[number] & { id: string }> = [];
    for (const values of spec) rows.push({ ...values, id: await order(student.id, values) });
    const keys: Record<string, (row: (typeof rows)[number]) => string | number> = {
      date: (row) => row.paidAt,
      mode: (row) => row.mode ?? 'online',
      coupon: (row) => row.coupon ?? '',
      title: (row) => row.title,
      amount: (row) => row.netPaise,
    };
    for (const [column, key] of Object.entries(keys)) {
      const ascending = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1)).map((row) => row.id);
      expect(await allPages(`/api/admin/orders/completed?search=srt&sort=${column}`, 'orders'), column).toEqual(ascending);
      expect(await allPages(`/api/admin/orders/completed?search=srt&sort=-${column}`, 'orders'), `-${column}`).toEqual([...ascending].reverse());
    }
    // Left out: newest payment first.
    const usual = await get<OrdersAnswer>('/api/admin/orders/completed?search=srt');
    expect(usual.orders[0]!.title).toBe('Srt C plan');
  });

  it('refuses a column it does not sort by, naming sort, in the list and its export', async () => {
    for (const path of ['/api/admin/orders/completed?sort=customer', '/api/admin/orders/deleted?sort=-password', '/api/admin/orders/export.csv?sort=date,id']) {
      const answer = await asAdmin('GET', path);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().field).toBe('query.sort');
    }
  });

  it('exports in the order the list shows', async () => {
    const student = await createUser(harness.db, { name: 'Export Student' });
    await order(student.id, { title: 'Exp Second', coupon: null, netPaise: 200, paidAt: '2026-11-02T10:00:00Z' });
    await order(student.id, { title: 'Exp First', coupon: null, netPaise: 300, paidAt: '2026-11-01T10:00:00Z' });
    const csv = (path: string) =>
      asAdmin('GET', path).then((answer) =>
        answer.body
          .split('\n')
          .slice(1)
          .filter(Boolean)
          .map((line) => (line.includes('First') ? 'First' : 'Second')),
      );
    expect(await csv('/api/admin/orders/export.csv?search=exp&sort=title')).toEqual(['First', 'Second']);
    expect(await csv('/api/admin/orders/export.csv?search=exp&sort=-title')).toEqual(['Second', 'First']);
  });
});

describe('the orders date range and its total', () => {
  it('keeps the India days from and to, inclusive at their edges, and totals every matching order to the paisa', async () => {
    const student = await createUser(harness.db, { name: 'Range Student' });
    // 1 Nov 00:00 IST is 31 Oct 18:30 UTC; 30 Nov 23:59:59 IST is 30 Nov 18:29:59 UTC.
    const before = await order(student.id, { title: 'Rng Before', coupon: null, netPaise: 1, paidAt: '2026-10-31T18:29:59Z' });
    const first = await order(student.id, { title: 'Rng First', coupon: null, netPaise: 1999, paidAt: '2026-10-31T18:30:00Z' });
    const middle = await order(student.id, { title: 'Rng Middle', coupon: null, netPaise: 33_333, paidAt: '2026-11-15T06:00:00Z' });
    const last = await order(student.id, { title: 'Rng Last', coupon: null, netPaise: 101, paidAt: '2026-11-30T18:29:59Z' });
    const after = await order(student.id, { title: 'Rng After', coupon: null, netPaise: 7, paidAt: '2026-11-30T18:30:00Z' });
    const november = await get<OrdersAnswer>('/api/admin/orders/completed?search=rng&from=2026-11-01&to=2026-11-30&pageSize=1');
    expect(november.orders.map((row) => row._id)).toEqual([last]);
    expect(november.total).toBe(3);
    expect(november.amountPaise).toBe(1999 + 33_333 + 101);
    expect(await allPages('/api/admin/orders/completed?search=rng&from=2026-11-01&to=2026-11-30&sort=date', 'orders')).toEqual([first, middle, last]);
    const oneDay = await get<OrdersAnswer>('/api/admin/orders/completed?search=rng&from=2026-12-01&to=2026-12-01');
    expect(oneDay.orders.map((row) => row._id)).toEqual([after]);
    const fromOnly = await get<OrdersAnswer>('/api/admin/orders/completed?search=rng&to=2026-10-31');
    expect(fromOnly.orders.map((row) => row._id)).toEqual([before]);
    expect(fromOnly.amountPaise).toBe(1);
    // Every order, over every page: the sum of the rows.
    const all = await get<OrdersAnswer>('/api/admin/orders/completed');
    const { sum } = await harness.db
      .selectFrom('orders')
      .select(sql<string>`sum(net_paise)`.as('sum'))
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    expect(all.amountPaise).toBe(Number(sum));
  });

  it('refuses a last day before the first, naming to, and a day that is not a date, naming it', async () => {
    for (const [path, field] of [
      ['/api/admin/orders/completed?from=2026-11-02&to=2026-11-01', 'to'],
      ['/api/admin/orders/deleted?from=2026-11-02&to=2026-11-01', 'to'],
      ['/api/admin/orders/export.xlsx?from=2026-11-02&to=2026-11-01', 'to'],
      ['/api/admin/orders/completed?from=1-11-2026', 'from'],
    ] as const) {
      const answer = await asAdmin('GET', path);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().field, path).toBe(`query.${field}`);
    }
  });
});

describe('sorting the users list', () => {
  it('sorts by each column both ways, ties broken by the id, and refuses another column', async () => {
    const made = [
      await createUser(harness.db, { name: 'Zara Zqsort', email: 'b-sort@example.com', phone: '9000000002' }),
      await createUser(harness.db, { name: 'Anu Zqsort', email: 'a-sort@example.com', phone: '9000000001' }),
      await createUser(harness.db, { name: 'Anu Zqsort', email: 'c-sort@example.com', phone: null }),
    ];
    const byName = [made[1]!, made[2]!].map((user) => user.id).sort();
    const names = await allPages('/api/admin/users?search=zqsort&sort=name', 'users');
    expect(names).toEqual([...byName, made[0]!.id]);
    expect(await allPages('/api/admin/users?search=zqsort&sort=-name', 'users')).toEqual([made[0]!.id, ...[...byName].reverse()]);
    expect(await allPages('/api/admin/users?search=zqsort&sort=emailAddress', 'users')).toEqual([made[1]!.id, made[0]!.id, made[2]!.id]);
    // A missing phone number sorts as the smallest.
    expect(await allPages('/api/admin/users?search=zqsort&sort=phoneNumber', 'users')).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    expect(await allPages('/api/admin/users?search=zqsort&sort=-phoneNumber', 'users')).toEqual([made[0]!.id, made[1]!.id, made[2]!.id]);
    const answer = await asAdmin('GET', '/api/admin/users?sort=roles');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().field).toBe('query.sort');
  });
});
