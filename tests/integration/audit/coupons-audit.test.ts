import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';

const harness = useApp({ roles: ['admin', 'marketing'], names: { admin: 'Anitha Admin', marketing: 'Manu Marketing' } });
const asAdmin = harness.injectAs('admin');
const asMarketing = harness.injectAs('marketing');
const asNobody = harness.injectAs('nobody');

let counter = 0;
const code = () => `AUDIT${++counter}`;

/** The coupon entries written by what `change` does. */
async function entriesOf(change: () => Promise<unknown>) {
  const afterSeq = await lastAuditSeq(harness.db);
  await change();
  return auditEntries(harness.db, { afterSeq, resourceType: 'coupon' });
}

async function newCoupon() {
  const response = await asAdmin('POST', '/v2/coupons', { code: code(), discountType: 'rate', value: 10 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string; code: string; version: number };
}

describe('the audit log of coupons', () => {
  it('records a create with who made it and every field set', async () => {
    let coupon: { _id: string; code: string } | undefined;
    const entries = await entriesOf(async () => {
      const response = await asMarketing('POST', '/v2/coupons', { code: code(), discountType: 'amount', value: 250.5, minOrderAmount: 999 });
      expect(response.statusCode, response.body).toBe(200);
      coupon = response.json();
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: harness.userId('marketing'),
      actor_name: 'Manu Marketing',
      actor_roles: ['marketing'],
      action: 'create',
      resource_type: 'coupon',
      resource_id: coupon!._id,
      resource_title: coupon!.code,
    });
    expect(entries[0]!.changes).toMatchObject({
      code: { from: null, to: coupon!.code },
      discountType: { from: null, to: 'amount' },
      value: { from: null, to: 250.5 },
      minOrderAmountRupees: { from: null, to: 999 },
      isActive: { from: null, to: false },
    });
  });

  it('records an edit with the old and new terms, and switching on and off as their own actions', async () => {
    const coupon = await newCoupon();
    const edit = await entriesOf(async () => {
      const response = await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 12.5, usageLimit: 50, version: 1 });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(edit).toHaveLength(1);
    expect(edit[0]).toMatchObject({
      action: 'update',
      resource_id: coupon._id,
      resource_title: coupon.code,
      actor_name: 'Anitha Admin',
      actor_roles: ['admin'],
    });
    expect(edit[0]!.changes).toEqual({ value: { from: 10, to: 12.5 }, usageLimit: { from: null, to: 50 } });

    const on = await entriesOf(() =>
      asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 12.5, usageLimit: 50, isActive: true, version: 2 }),
    );
    expect(on.map((entry) => [entry.action, entry.changes])).toEqual([['activate', { isActive: { from: false, to: true } }]]);
    const off = await entriesOf(() =>
      asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 12.5, usageLimit: 50, isActive: false, version: 3 }),
    );
    expect(off.map((entry) => [entry.action, entry.changes])).toEqual([['deactivate', { isActive: { from: true, to: false } }]]);
  });

  it('records a delete with the fields the coupon had', async () => {
    const coupon = await newCoupon();
    const entries = await entriesOf(async () => expect((await asAdmin('DELETE', `/v2/coupons/${coupon._id}`)).statusCode).toBe(200));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'delete', resource_id: coupon._id, resource_title: coupon.code });
    expect(entries[0]!.changes).toMatchObject({ code: { from: coupon.code, to: null }, value: { from: 10, to: null } });
  });

  it('writes no entry for a refused change: invalid, taken code, stale, unknown, not allowed', async () => {
    const coupon = await newCoupon();
    const entries = await entriesOf(async () => {
      expect((await asAdmin('POST', '/v2/coupons', { code: code(), discountType: 'rate', value: 0 })).statusCode).toBe(400);
      expect((await asAdmin('POST', '/v2/coupons', { code: coupon.code, discountType: 'rate', value: 5 })).statusCode).toBe(409);
      expect((await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 5, version: 99 })).statusCode).toBe(409);
      expect((await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: 'OTHER', discountType: 'rate', value: 5, version: 1 })).statusCode).toBe(400);
      expect(
        (await asAdmin('PUT', '/v2/coupons/00000000-0000-4000-8000-000000000000', { code: 'X1', discountType: 'rate', value: 5, version: 1 })).statusCode,
      ).toBe(404);
      expect((await asAdmin('DELETE', '/v2/coupons/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await asNobody('DELETE', `/v2/coupons/${coupon._id}`)).statusCode).toBe(401);
    });
    expect(entries).toEqual([]);
  });

  it('of two staff saving the same coupon at once, records the one saved change only', async () => {
    const coupon = await newCoupon();
    const entries = await entriesOf(async () => {
      const [first, second] = await Promise.all([
        asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 20, version: 1 }),
        asMarketing('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 30, version: 1 }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    });
    expect(entries).toHaveLength(1);
    const saved = await harness.db.selectFrom('coupons').select('value_hundredths').where('id', '=', coupon._id).executeTakeFirstOrThrow();
    expect(entries[0]!.changes).toEqual({ value: { from: 10, to: saved.value_hundredths / 100 } });
    await expectUnbrokenChain(harness.db);
  });
});
