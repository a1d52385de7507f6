import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { HOLDINGS_PAGE_SIZE } from '../../../shared/users/student-holdings.schema.ts';
import { useApp } from '../../support/app-harness.ts';
import { createStudent, verifyPhone } from '../../support/factories/student.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

async function rateCard(title: string) {
  return harness.db
    .insertInto('subscriptions')
    .values({ title, gross_amount: 1000, gst_rate: 18, gst_amount: 180, net_amount: 1180 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function order(
  userId: string,
  cardId: string,
  values: { mode: 'online' | 'manual' | 'free'; coupon?: string; status?: 'paid' | 'created'; net?: number },
) {
  return harness.db
    .insertInto('orders')
    .values({
      user_id: userId,
      subscription_id: cardId,
      title: 'KAS Prelims 12 months',
      subscription_term: '12-months',
      term_days: 365,
      gross_paise: 100_000,
      gst_rate: 18,
      gst_paise: 18_000,
      net_paise: values.net ?? 118_000,
      mode: values.mode,
      coupon_code: values.coupon ?? null,
      status: values.status ?? 'paid',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe("a student's holdings", () => {
  it('lists grants with their source and expiry, live ones first, and orders newest first, a page at a time', async () => {
    const student = await createStudent(harness.db, { email: `holder-${Date.now()}@example.com`, name: 'Arun Holder', phone: '9847011111' });
    await verifyPhone(harness.db, student.id);
    await harness.db.insertInto('lakshya_students').values({ name: 'Arun H', phone_number: '9847011111', expiry_date: '2099-12-31' }).execute();
    const card = await rateCard('KAS Prelims');
    const paid = await order(student.id, card.id, { mode: 'online', coupon: 'ONAM10' });
    const manual = await order(student.id, card.id, { mode: 'manual' });
    // One at a time, so that each is newer than the one before.
    for (const grant of [
      { user_id: student.id, subscription_id: card.id, source: 'order', order_id: paid.id, expires_at: sql<Date>`now() - interval '1 day'` },
      { user_id: student.id, subscription_id: card.id, source: 'order', order_id: manual.id, expires_at: sql<Date>`now() + interval '30 days'` },
      { user_id: student.id, subscription_id: card.id, source: 'manual', expires_at: null },
    ]) {
      await harness.db.insertInto('entitlements').values(grant).execute();
    }

    const grants = await asAdmin('GET', `/api/admin/users/${student.id}/grants`);
    expect(grants.statusCode, grants.body).toBe(200);
    const page = grants.json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: HOLDINGS_PAGE_SIZE });
    expect(page.grants.map((grant: { source: string; state: string }) => [grant.source, grant.state])).toEqual([
      ['manual', 'active'],
      ['manual-order', 'active'],
      ['coupon', 'expired'],
    ]);
    expect(page.grants[0]).toMatchObject({ title: 'KAS Prelims', kind: 'rate-card', expiresAt: null, orderId: null });
    expect(page.grants[2]).toMatchObject({ orderId: paid.id, couponCode: 'ONAM10' });

    const orders = (await asAdmin('GET', `/api/admin/users/${student.id}/orders`)).json();
    expect(orders.total).toBe(2);
    expect(orders.orders.map((row: { _id: string }) => row._id)).toEqual([manual.id, paid.id]);
    expect(orders.orders[1]).toMatchObject({ netAmount: 1180, mode: 'online', couponCode: 'ONAM10', status: 'paid' });

    const detail = (await asAdmin('GET', `/api/admin/users/${student.id}`)).json();
    expect(detail).toMatchObject({
      name: 'Arun Holder',
      status: 'active',
      lakshyaStudent: { onList: true, listedName: 'Arun H', expiryDate: '2099-12-31', current: true },
    });
  });

  it('pages long lists on the server and answers an empty page past the end', async () => {
    const student = await createStudent(harness.db, { email: `many-${Date.now()}@example.com` });
    const card = await rateCard('Many');
    for (let index = 0; index < HOLDINGS_PAGE_SIZE + 3; index += 1) await order(student.id, card.id, { mode: 'online', status: 'created' });
    const second = (await asAdmin('GET', `/api/admin/users/${student.id}/orders?page=2`)).json();
    expect(second).toMatchObject({ total: HOLDINGS_PAGE_SIZE + 3, page: 2 });
    expect(second.orders).toHaveLength(3);
    expect((await asAdmin('GET', `/api/admin/users/${student.id}/orders?page=9`)).json().orders).toEqual([]);
    const bad = await asAdmin('GET', `/api/admin/users/${student.id}/orders?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Page: a whole number from 1');
  });

  it('answers 404 for an unknown account and shows a student without special status as such', async () => {
    expect((await asAdmin('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/grants')).statusCode).toBe(404);
    const plain = await createStudent(harness.db, { email: `plain-${Date.now()}@example.com` });
    expect((await asAdmin('GET', `/api/admin/users/${plain.id}`)).json().lakshyaStudent).toEqual({
      onList: false,
      listedName: null,
      expiryDate: null,
      current: false,
    });
    expect((await asAdmin('GET', `/api/admin/users/${plain.id}/grants`)).json()).toMatchObject({ grants: [], total: 0 });
  });
});
