import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { withGinIndexesRebuilt } from '../../support/bulk-load.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'staff'], names: { staff: 'Staff Member' } });
const asAdmin = harness.injectAs('admin');
const asStaff = harness.injectAs('staff');
const asNobody = harness.injectAs('nobody');

const query = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([key, value]) => [key, String(value)])).toString();

async function lecture(title: string, published = false) {
  return (await harness.db.insertInto('lectures').values({ title, is_published: published }).returning('id').executeTakeFirstOrThrow()).id;
}

describe('GET /api/admin/orders/resources (a manual order picks its resource by title)', () => {
  it('finds every word of the search in the title, in any case, by title, a page at a time, of the kind asked for only', async () => {
    for (const title of ['Picker LDC Mains', 'picker ldc prelims', 'Picker KAS Mains', 'Picker 100%_ sure']) await lecture(title, title.startsWith('Picker K'));
    await harness.db.insertInto('courses').values({ title: 'Picker LDC course' }).execute();

    const first = await asAdmin('GET', `/api/admin/orders/resources?${query({ resourceType: 'lecture', search: 'ldc PICKER', pageSize: 1 })}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ title: 'Picker LDC Mains', resourceType: 'lecture', isPublished: false }] });
    const second = (
      await asAdmin('GET', `/api/admin/orders/resources?${query({ resourceType: 'lecture', search: 'ldc PICKER', pageSize: 1, page: 2 })}`)
    ).json();
    expect(second.items.map((item: { title: string }) => item.title)).toEqual(['picker ldc prelims']);
    expect((await asAdmin('GET', `/api/admin/orders/resources?${query({ resourceType: 'lecture', search: 'kas' })}`)).json().items).toEqual([
      expect.objectContaining({ title: 'Picker KAS Mains', isPublished: true }),
    ]);
    // Pattern characters are taken literally.
    expect((await asAdmin('GET', `/api/admin/orders/resources?${query({ resourceType: 'lecture', search: '%_' })}`)).json().total).toBe(1);
    expect((await asAdmin('GET', `/api/admin/orders/resources?${query({ resourceType: 'lecture', search: '_' })}`)).json().total).toBe(1);
    const courses = (await asAdmin('GET', `/api/admin/orders/resources?${query({ resourceType: 'course', search: 'ldc' })}`)).json();
    expect(courses).toMatchObject({ total: 1, items: [{ title: 'Picker LDC course', resourceType: 'course' }] });
    // The tRPC procedure answers the same.
    const trpc = await asAdmin('GET', `/trpc/orders.resources?input=${encodeURIComponent(JSON.stringify({ resourceType: 'course', search: 'ldc' }))}`);
    expect(trpc.json().result.data).toMatchObject({ total: 1, items: [{ title: 'Picker LDC course' }] });
  });

  it('refuses bad input naming the field, and refuses roles without the Orders screen', async () => {
    for (const [bad, field] of [
      ['resourceType=book', 'resourceType'],
      ['resourceType=course&page=0', 'page'],
      ['resourceType=course&pageSize=51', 'pageSize'],
      [`resourceType=course&search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const answer = await asAdmin('GET', `/api/admin/orders/resources?${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().field, bad).toMatch(new RegExp(`(^|\\.)${field}$`));
    }
    expect((await asStaff('GET', '/api/admin/orders/resources?resourceType=course')).statusCode).toBe(403);
    expect((await asNobody('GET', '/api/admin/orders/resources?resourceType=course')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/orders/deleted', () => {
  it('lists deleted orders only, the latest deletion first, with who deleted each and when, and their invoice and credit note', async () => {
    const student = await createUser(harness.db, { name: 'Deleted Buyer', phone: '9812300001' });
    const lectureId = await lecture('Deleted order lecture');
    const made = async (amount: number) =>
      (
        await asAdmin(
          'POST',
          `/api/order/manual?${query({ phoneNumber: '9812300001', resourceId: lectureId, resourceType: 'lecture', term: '1-month', amount })}`,
        )
      ).json()._id as string;
    const paid = await made(118);
    const free = await made(0);
    const kept = await made(236);
    expect((await asAdmin('DELETE', `/api/order/${paid}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/order/${free}`)).statusCode).toBe(200);
    // Deleted before who-deleted was recorded, or by an account removed since: shown as unknown.
    await harness.db.updateTable('orders').set({ deleted_by: null }).where('id', '=', free).execute();

    const answer = await asAdmin('GET', `/api/admin/orders/deleted?${query({ search: 'deleted buyer' })}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 100 });
    expect(page.orders.map((order: { _id: string }) => order._id)).toEqual([free, paid]);
    const [unknown, known] = page.orders;
    expect(known).toMatchObject({
      status: 'deleted',
      deletedBy: { name: expect.any(String) },
      hasInvoice: true,
      hasCreditNote: true,
      userInfo: { _id: student.id },
    });
    expect(Math.abs(Date.parse(known.deletedAt) - Date.now())).toBeLessThan(60_000);
    expect(unknown).toMatchObject({ deletedBy: null, hasInvoice: false, hasCreditNote: false });
    const admin = await harness.db.selectFrom('users').select(['id', 'name']).where('email_address', '=', 'admin@example.com').executeTakeFirstOrThrow();
    expect(known.deletedBy).toEqual({ _id: admin.id, name: admin.name });
    expect(page.orders.some((order: { _id: string }) => order._id === kept)).toBe(false);

    // The PDFs the links open.
    for (const kind of ['invoice', 'credit-note']) {
      const pdf = await asAdmin('GET', `/api/admin/orders/${paid}/${kind}`);
      expect(pdf.statusCode, kind).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
    // Paged and filtered by the server.
    const second = (await asAdmin('GET', `/api/admin/orders/deleted?${query({ search: 'deleted buyer', pageSize: 1, page: 2 })}`)).json();
    expect(second.orders.map((order: { _id: string }) => order._id)).toEqual([paid]);
    expect((await asAdmin('GET', `/api/admin/orders/deleted?${query({ search: 'deleted buyer', mode: 'online' })}`)).json().total).toBe(0);
    expect((await asAdmin('GET', `/api/admin/orders/deleted?${query({ search: 'deleted buyer', resourceType: 'lecture' })}`)).json().total).toBe(2);
    // The completed list does not show them.
    expect(
      (await asAdmin('GET', `/api/admin/orders/completed?${query({ search: 'deleted buyer' })}`)).json().orders.map((order: { _id: string }) => order._id),
    ).toEqual([kept]);
  });

  it('refuses bad paging, and roles without the Orders screen', async () => {
    for (const bad of ['page=0', 'pageSize=101', 'mode=cash', `search=${'x'.repeat(201)}`]) {
      expect((await asAdmin('GET', `/api/admin/orders/deleted?${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await asStaff('GET', '/api/admin/orders/deleted')).statusCode).toBe(403);
    const trpc = await asStaff('GET', `/trpc/orders.deleted?input=${encodeURIComponent('{}')}`);
    expect(trpc.statusCode).toBe(403);
  });

  it('answers a page of 100 from 100,000 orders through its index', { timeout: 180_000 }, async () => {
    const buyer = await createUser(harness.db, { name: 'Bulk Buyer', phone: '9812399999' });
    // 100,000 orders, a tenth of them deleted.
    await withGinIndexesRebuilt(harness.db, 'orders', () =>
      sql`
        insert into orders (user_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, mode, status, paid_at, deleted_at)
        select ${buyer.id}, 'Bulk order ' || g, '1-month', 30, 100, 18, 18, 118, 'manual',
               case when g % 10 = 0 then 'deleted' else 'paid' end, now() - g * interval '1 minute',
               case when g % 10 = 0 then now() - g * interval '1 second' end
        from generate_series(1, 100000) g`.execute(harness.db),
    );
    await sql`analyze orders`.execute(harness.db);
    const page = (await asAdmin('GET', '/api/admin/orders/deleted?page=3')).json();
    const searched = (await asAdmin('GET', `/api/admin/orders/deleted?${query({ search: 'bulk order 99990' })}`)).json();
    expect(page.orders).toHaveLength(100);
    expect(page.total).toBeGreaterThanOrEqual(10_000);
    expect(searched.orders.map((order: { title: string }) => order.title)).toEqual(['Bulk order 99990']);
    // The page and the search are read through the indexes over deleted orders only.
    const plan = async (text: string) =>
      (await sql<{ 'QUERY PLAN': string }>`${sql.raw(`explain ${text}`)}`.execute(harness.db)).rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(await plan(`select o.id from orders o where o.status = 'deleted' order by o.deleted_at desc nulls last, o.id desc limit 100 offset 200`)).toContain(
      'orders_deleted_idx',
    );
    expect(await plan(`select count(*) from orders o where o.status = 'deleted' and o.search_text like lower('%99990%')`)).toContain(
      'orders_deleted_search_idx',
    );
  });
});

describe('GET /api/admin/subscriptions/search (the rate-card picker)', () => {
  it('finds rate cards by title a page at a time, or by id, for any console role', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const row = await harness.db
        .insertInto('subscriptions')
        .values({ title: `Search card ${String(i).padStart(2, '0')}`, subscription_term: '6-months', net_amount: 100 + i })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const first = await asAdmin('GET', `/api/admin/subscriptions/search?${query({ search: 'SEARCH card' })}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 12, page: 1, pageSize: 5 });
    expect(first.json().items[0]).toEqual({ _id: ids[0], title: 'Search card 00', subscriptionTerm: '6-months', netAmount: 100, isFree: false });
    const last = (await asAdmin('GET', `/api/admin/subscriptions/search?${query({ search: 'search card', page: 3 })}`)).json();
    expect(last.items.map((item: { title: string }) => item.title)).toEqual(['Search card 10', 'Search card 11']);
    expect(
      (await asAdmin('GET', `/api/admin/subscriptions/search?${query({ search: 'card 07' })}`)).json().items.map((item: { _id: string }) => item._id),
    ).toEqual([ids[7]]);
    const byIds = (await asAdmin('GET', `/api/admin/subscriptions/search?${query({ ids: `${ids[3]},${ids[9]}`, pageSize: 50 })}`)).json();
    expect(byIds.items.map((item: { _id: string }) => item._id)).toEqual([ids[3], ids[9]]);
    // Staff may not open Subscriptions, yet pick rate cards in the editors they may open.
    expect((await asStaff('GET', `/api/admin/subscriptions/search?${query({ search: 'card 01' })}`)).json().total).toBe(1);
    const trpc = await asStaff('GET', `/trpc/subscriptions.search?input=${encodeURIComponent(JSON.stringify({ search: 'card 1' }))}`);
    expect(trpc.json().result.data.total).toBe(3);
    expect((await asNobody('GET', '/api/admin/subscriptions/search')).statusCode).toBe(401);
  });

  it('refuses bad input naming the field', async () => {
    for (const [bad, field] of [
      ['ids=not-an-id', 'ids'],
      ['pageSize=0', 'pageSize'],
      ['page=x', 'page'],
      [`search=${'x'.repeat(201)}`, 'search'],
      [`ids=${Array.from({ length: 61 }, () => '00000000-0000-4000-8000-000000000000').join(',')}`, 'ids'],
    ] as const) {
      const answer = await asAdmin('GET', `/api/admin/subscriptions/search?${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().field, bad).toMatch(new RegExp(`(^|\\.)${field}(\\[\\d+\\])?$`));
    }
  });
});
