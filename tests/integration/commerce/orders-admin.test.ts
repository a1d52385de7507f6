import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '../../../shared/commerce/orders.schema.ts';
import { PHONE_MESSAGE } from '../../../shared/validation/phone.rules.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
let phoneCounter = 0;

async function studentWithPhone(stored: string) {
  phoneCounter += 1;
  return createUser(harness.db, { email: `phone${phoneCounter}@example.com`, name: `Student ${phoneCounter}`, phone: stored });
}

async function lecture(title: string) {
  return (await harness.db.insertInto('lectures').values({ title }).returning('id').executeTakeFirstOrThrow()).id;
}

const manual = (query: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}`;
const grantsOf = (userId: string) => harness.db.selectFrom('entitlements').selectAll().where('user_id', '=', userId).execute();

describe('manual orders', () => {
  it('reviews, then creates an order by phone (any way it is written) that gives access at once, and answers the same order to a repeat', async () => {
    const student = await studentWithPhone('+91 98470-12345');
    const lectureId = await lecture('Manual order lecture');
    const query = { phoneNumber: '9847012345', resourceId: lectureId, resourceType: 'lecture', term: '3-months', amount: '499.50' };
    const review = await asAdmin('GET', `/api/subscriptions/manual/review${manual(query)}`);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({
      user: { _id: student.id },
      resource: { _id: lectureId, title: 'Manual order lecture' },
      term: '3-months',
      termDays: 90,
      amount: 499.5,
    });

    const created = await asAdmin('POST', `/api/order/manual${manual({ ...query, phoneNumber: '0 98470 12345' })}`);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      createdBy: 'admin',
      mode: 'manual',
      status: 'paid',
      netAmount: 499.5,
      resourceType: 'lecture',
      userInfo: { _id: student.id },
    });
    const again = await asAdmin('POST', `/api/order/manual${manual(query)}`);
    expect(again.json()._id).toBe(created.json()._id);
    const grants = await grantsOf(student.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ resource_type: 'lecture', resource_id: lectureId, revoked_at: null });
    expect(Math.round((grants[0]!.expires_at!.getTime() - Date.now()) / 86_400_000)).toBe(90);
    const stored = await harness.db
      .selectFrom('orders')
      .select(['gross_paise', 'gst_paise', 'net_paise'])
      .where('id', '=', created.json()._id)
      .executeTakeFirstOrThrow();
    expect(stored.gross_paise + stored.gst_paise).toBe(49_950);

    const list = (await asAdmin('GET', '/api/admin/orders/completed')).json();
    expect(list.orders[0]._id).toBe(created.json()._id);
  });

  it('makes exactly one order, one invoice and one term of access when the same manual order is sent 8 times at once', async () => {
    const student = await studentWithPhone('9847055555');
    const lectureId = await lecture('Sent eight times');
    const query = { phoneNumber: '9847055555', resourceId: lectureId, resourceType: 'lecture', term: '1-month', amount: '300' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => asAdmin('POST', `/api/order/manual${manual(query)}`)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.json()._id)).size).toBe(1);
    const orders = await harness.db.selectFrom('orders').select('id').where('user_id', '=', student.id).execute();
    expect(orders).toHaveLength(1);
    expect(await harness.db.selectFrom('invoices').select('id').where('order_id', '=', orders[0]!.id).execute()).toHaveLength(1);
    const grants = await grantsOf(student.id);
    expect(grants).toHaveLength(1);
    expect(Math.round((grants[0]!.expires_at!.getTime() - Date.now()) / 86_400_000)).toBe(30);
  });

  it('refuses what is missing with the three messages, a bad phone, an unknown student or resource, and a bad amount', async () => {
    const lectureId = await lecture('Refusals');
    await studentWithPhone('9999988888');
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ resourceId: lectureId, resourceType: 'lecture', term: '1-month' }, ORDER_MESSAGES.phoneRequired, 'phoneNumber'],
      [{ phoneNumber: '9999988888', resourceType: 'lecture', term: '1-month' }, ORDER_MESSAGES.resourceRequired, 'resourceId'],
      [{ phoneNumber: '9999988888', resourceId: lectureId, resourceType: 'lecture' }, ORDER_MESSAGES.termRequired, 'term'],
      [{ phoneNumber: '9999988888', resourceId: lectureId, resourceType: 'lecture', term: 'not-selected' }, ORDER_MESSAGES.termRequired, 'term'],
      [{ phoneNumber: '12345', resourceId: lectureId, resourceType: 'lecture', term: '1-month' }, PHONE_MESSAGE, 'phoneNumber'],
      [{ phoneNumber: '9000000001', resourceId: lectureId, resourceType: 'lecture', term: '1-month' }, ORDER_MESSAGES.noStudent('9000000001'), 'phoneNumber'],
      [{ phoneNumber: '9999988888', resourceId: 'not-an-id', resourceType: 'lecture', term: '1-month' }, ORDER_MESSAGES.resourceNotFound, 'resourceId'],
      [{ phoneNumber: '9999988888', resourceId: lectureId, resourceType: 'course', term: '1-month' }, ORDER_MESSAGES.resourceNotFound, 'resourceId'],
      [{ phoneNumber: '9999988888', resourceId: lectureId, resourceType: 'lecture', term: '1-month', amount: '-1' }, ORDER_MESSAGES.amountInvalid, 'amount'],
      [{ phoneNumber: '9999988888', resourceId: lectureId, resourceType: 'lecture', term: '1-month', amount: '1.005' }, ORDER_MESSAGES.amountInvalid, 'amount'],
      [{ phoneNumber: '9999988888', resourceId: lectureId, resourceType: 'lecture', term: '1-month', amount: '1e308' }, ORDER_MESSAGES.amountInvalid, 'amount'],
    ];
    for (const [query, message, field] of cases) {
      const answer = await asAdmin('POST', `/api/order/manual${manual(query)}`);
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      // A missing or malformed field is named as the route's query names it (query.phoneNumber).
      expect(answer.json(), JSON.stringify(query)).toMatchObject({ message, field: expect.stringMatching(new RegExp(`^(query\\.)?${field}$`)) });
    }
    expect(await harness.db.selectFrom('orders').select('id').where('resource_id', '=', lectureId).execute()).toHaveLength(0);
  });
});

describe('the completed orders list', () => {
  it('pages and filters on the server: paid orders only, newest payment first', async () => {
    const student = await studentWithPhone('9876500001');
    const lectureId = await lecture('Paging lecture');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const created = await asAdmin(
        'POST',
        `/api/order/manual${manual({ phoneNumber: '9876500001', resourceId: lectureId, resourceType: 'lecture', term: '1-month', amount: 100 + i })}`,
      );
      ids.push(created.json()._id);
    }
    await harness.db
      .insertInto('orders')
      .values({
        user_id: student.id,
        title: 'Unpaid',
        subscription_term: '1-month',
        term_days: 30,
        gross_paise: 100,
        gst_paise: 18,
        gst_rate: 18,
        net_paise: 118,
        mode: 'online',
      })
      .execute();
    const page = (await asAdmin('GET', '/api/admin/orders/completed?pageSize=2&page=1&search=98765%2000001')).json();
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page.orders.map((order: { _id: string }) => order._id)).toEqual([ids[4], ids[3]]);
    const last = (await asAdmin('GET', '/api/admin/orders/completed?pageSize=2&page=3&search=9876500001')).json();
    expect(last.orders.map((order: { _id: string }) => order._id)).toEqual([ids[0]]);
    expect((await asAdmin('GET', '/api/admin/orders/completed?search=Unpaid')).json().total).toBe(0);
    expect((await asAdmin('GET', '/api/admin/orders/completed?mode=online&search=9876500001')).json().total).toBe(0);
    expect((await asAdmin('GET', '/api/admin/orders/completed?search=%25')).json().total).toBe(0);
    for (const bad of ['page=0', 'pageSize=101', 'page=x', 'mode=cash', 'resourceType=book', `search=${'x'.repeat(201)}`]) {
      expect((await asAdmin('GET', `/api/admin/orders/completed?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('deleting an order', () => {
  it('keeps the order as deleted, revokes the access it gave, or shortens a grant a later order extended', async () => {
    const student = await studentWithPhone('9123400001');
    const lectureId = await lecture('Delete lecture');
    const query = { phoneNumber: '9123400001', resourceId: lectureId, resourceType: 'lecture', term: '1-month' };
    const first = (await asAdmin('POST', `/api/order/manual${manual({ ...query, amount: 10 })}`)).json();
    const second = (await asAdmin('POST', `/api/order/manual${manual({ ...query, amount: 20 })}`)).json();
    let [grant] = await grantsOf(student.id);
    expect(Math.round((grant!.expires_at!.getTime() - Date.now()) / 86_400_000)).toBe(60);

    expect((await asAdmin('DELETE', `/api/order/${second._id}`)).statusCode).toBe(200);
    [grant] = await grantsOf(student.id);
    expect(grant!.revoked_at).toBeNull();
    expect(Math.round((grant!.expires_at!.getTime() - Date.now()) / 86_400_000)).toBe(30);
    const kept = await harness.db.selectFrom('orders').select(['status', 'deleted_by', 'deleted_at']).where('id', '=', second._id).executeTakeFirstOrThrow();
    expect(kept.status).toBe('deleted');
    expect(kept.deleted_by).not.toBeNull();

    expect((await asAdmin('DELETE', `/api/order/${first._id}`)).statusCode).toBe(200);
    [grant] = await grantsOf(student.id);
    expect(grant!.revoked_at).not.toBeNull();
    expect((await asAdmin('DELETE', `/api/order/${first._id}`)).statusCode).toBe(409);
    expect((await asAdmin('DELETE', '/api/order/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const listed = (await asAdmin('GET', '/api/admin/orders/completed?search=9123400001')).json();
    expect(listed.total).toBe(0);
  });
});

describe('roles', () => {
  it('refuses staff and managers; marketing reads the list', async () => {
    for (const role of ['staff', 'manager'] as const) {
      await createUser(harness.db, { email: `orders-${role}@example.com`, roles: [role] });
      const cookie = await harness.signIn(`orders-${role}@example.com`);
      expect((await harness.injectWith(cookie)('GET', '/api/admin/orders/completed')).statusCode).toBe(403);
      expect((await harness.injectWith(cookie)('POST', '/api/order/manual?phoneNumber=1')).statusCode).toBe(403);
      expect((await harness.injectWith(cookie)('DELETE', '/api/order/00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
    }
    await createUser(harness.db, { email: 'orders-marketing@example.com', roles: ['marketing'] });
    expect((await harness.injectWith(await harness.signIn('orders-marketing@example.com'))('GET', '/api/admin/orders/completed')).statusCode).toBe(200);
  });
});
