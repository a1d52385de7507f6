import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';
import { PAID_TWELVE_MONTHS } from '../../support/rate-card-value.ts';

const harness = useApp({ roles: ['admin', 'staff'], names: { admin: 'Anitha Admin' } });
const asAdmin = harness.injectAs('admin');
const asStaff = harness.injectAs('staff');

const value = (overrides: Record<string, unknown> = {}) => ({
  value: {
    title: 'LDC Mains 2026: 12 months',
    ...PAID_TWELVE_MONTHS,
    compareAtPrice: 1999,
    discountRatePromoLabel: '50% off',
    mode: 'default',
    resourceTags: [],
    ...overrides,
  },
});

async function entriesOf(change: () => Promise<unknown>) {
  const afterSeq = await lastAuditSeq(harness.db);
  await change();
  return auditEntries(harness.db, { afterSeq, resourceType: 'subscription' });
}

async function newRateCard(title = 'LDC Mains 2026: 12 months') {
  const response = await asAdmin('POST', '/api/admin/subscriptions', { title });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

describe('the audit log of rate cards', () => {
  it('records adding a rate card with who added it', async () => {
    let id = '';
    const entries = await entriesOf(async () => {
      id = await newRateCard('KAS Prelims');
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: harness.userId('admin'),
      actor_name: 'Anitha Admin',
      actor_roles: ['admin'],
      action: 'create',
      resource_type: 'subscription',
      resource_id: id,
      resource_title: 'KAS Prelims',
    });
    expect(entries[0]!.changes).toMatchObject({ title: { from: null, to: 'KAS Prelims' } });
  });

  it('records a price change with the old and new amounts, through REST and tRPC alike', async () => {
    const id = await newRateCard();
    const first = await entriesOf(async () =>
      expect((await asAdmin('PUT', `/api/admin/subscriptions/${id}`, { ...value(), version: 1 })).statusCode).toBe(200),
    );
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ action: 'update', resource_id: id, resource_title: 'LDC Mains 2026: 12 months' });
    expect(first[0]!.changes).toMatchObject({ grossAmount: { from: 0, to: 1000 }, netAmount: { from: 0, to: 1180 }, compareAtPrice: { from: null, to: 1999 } });

    const price = await entriesOf(async () => {
      const response = await asAdmin('POST', '/trpc/subscriptions.save', {
        id,
        value: value({ grossAmount: 1200, gstAmount: 216, netAmount: 1416, title: 'LDC Mains' }).value,
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(price).toHaveLength(1);
    expect(price[0]!.resource_title).toBe('LDC Mains');
    expect(price[0]!.changes).toEqual({
      title: { from: 'LDC Mains 2026: 12 months', to: 'LDC Mains' },
      grossAmount: { from: 1000, to: 1200 },
      gstAmount: { from: 180, to: 216 },
      netAmount: { from: 1180, to: 1416 },
    });
  });

  it('records a delete with the card it was', async () => {
    const id = await newRateCard('To go');
    const entries = await entriesOf(async () => expect((await asAdmin('DELETE', `/api/admin/subscriptions/${id}`)).statusCode).toBe(200));
    expect(entries.map((entry) => [entry.action, entry.resource_id, entry.resource_title])).toEqual([['delete', id, 'To go']]);
    expect(entries[0]!.changes).toMatchObject({ title: { from: 'To go', to: null } });
  });

  it('writes no entry for a refused change: amounts that disagree, stale, unknown, in use, not allowed', async () => {
    const id = await newRateCard();
    const exam = await harness.db
      .insertInto('exams')
      .values({ title: 'Mock Test 9', template_id: 'mock-test', exam_duration_in_minutes: 75, master_subscription_id: id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entries = await entriesOf(async () => {
      expect((await asAdmin('PUT', `/api/admin/subscriptions/${id}`, { ...value({ gstAmount: 50 }), version: 1 })).statusCode).toBe(400);
      expect((await asAdmin('PUT', `/api/admin/subscriptions/${id}`, { ...value(), version: 7 })).statusCode).toBe(409);
      expect((await asAdmin('PUT', `/api/admin/subscriptions/${UNKNOWN_ID}`, value())).statusCode).toBe(404);
      expect((await asAdmin('DELETE', `/api/admin/subscriptions/${UNKNOWN_ID}`)).statusCode).toBe(404);
      expect((await asAdmin('DELETE', `/api/admin/subscriptions/${id}`)).statusCode).toBe(409);
      expect((await asStaff('POST', '/api/admin/subscriptions', { title: 'Not allowed' })).statusCode).toBe(403);
      expect((await asAdmin('POST', '/api/admin/subscriptions', { title: '' })).statusCode).toBe(400);
    });
    expect(entries).toEqual([]);
    await harness.db.deleteFrom('exams').where('id', '=', exam.id).execute();
  });

  it('of two staff saving the same rate card at once, records the one saved change only', async () => {
    const id = await newRateCard();
    const entries = await entriesOf(async () => {
      const results = await Promise.all([
        asAdmin('PUT', `/api/admin/subscriptions/${id}`, { ...value({ title: 'First' }), version: 1 }),
        asAdmin('PUT', `/api/admin/subscriptions/${id}`, { ...value({ title: 'Second' }), version: 1 }),
      ]);
      expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    });
    expect(entries).toHaveLength(1);
    const saved = await harness.db.selectFrom('subscriptions').select('title').where('id', '=', id).executeTakeFirstOrThrow();
    expect(entries[0]!.changes.title).toEqual({ from: 'LDC Mains 2026: 12 months', to: saved.title });
    await expectUnbrokenChain(harness.db);
  });
});
