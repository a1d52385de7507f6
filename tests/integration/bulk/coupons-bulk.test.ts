import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../../shared/commerce/coupons.schema.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'marketing', 'staff'] });
const asAdmin = harness.injectAs('admin');
const BULK = '/api/admin/coupons/bulk';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A new coupon (inactive, as every new coupon is). */
async function coupon(code: string, terms: Record<string, unknown> = {}): Promise<string> {
  const created = await asAdmin('POST', '/v2/coupons', { code, discountType: 'rate', value: 10, ...terms });
  expect(created.statusCode, created.body).toBe(200);
  return created.json()._id as string;
}

async function read(id: string) {
  const coupons = (await asAdmin('GET', '/v2/coupons')).json() as Array<{ _id: string; isActive: boolean; version: number }>;
  return coupons.find((entry) => entry._id === id);
}

describe('bulk actions on coupons', () => {
  it('activates the coupons it may through their edit, refuses one whose course was deleted with the edit’s reason, and changes only the allowed ones', async () => {
    const plain = await coupon('ONAM25', { minOrderAmount: 499, usageLimit: 100, validUntil: '2030-01-01T09:00' });
    const courseId = (await asAdmin('POST', '/api/admin/courses', { title: 'Gone course' })).json()._id as string;
    const orphan = await coupon('GONE10', { appliesTo: [{ type: 'course', id: courseId }] });
    expect((await asAdmin('DELETE', `/api/admin/courses/${courseId}`)).statusCode).toBe(200);
    const before = await read(orphan);
    const plainBefore = await read(plain);

    const response = await asAdmin('POST', BULK, { action: 'activate', ids: [orphan, plain, UNKNOWN] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ done: 1, refused: 1, missing: 1 });
    expect(answer.results).toEqual(
      expect.arrayContaining([
        { id: plain, title: 'ONAM25', outcome: 'done' },
        { id: orphan, title: 'GONE10', outcome: 'refused', message: COUPON_MESSAGES.targetMissing('course') },
        { id: UNKNOWN, title: '', outcome: 'missing', message: 'Not found: it was deleted, or the id is wrong' },
      ]),
    );
    expect(answer.results.map((row: { id: string }) => row.id)).toEqual([orphan, plain, UNKNOWN].sort());
    // Only the switch changed: the terms stay as they were.
    expect(await read(plain)).toEqual({ ...plainBefore, isActive: true, version: plainBefore!.version + 1 });
    expect(await read(orphan)).toEqual(before);
  });

  it('answers a retried activate as done without saving again, and deactivates', async () => {
    const id = await coupon('VISHU5');
    await asAdmin('POST', BULK, { action: 'activate', ids: [id] });
    const version = (await read(id))!.version;
    const again = (await asAdmin('POST', BULK, { action: 'activate', ids: [id] })).json();
    expect(again.results).toEqual([{ id, title: 'VISHU5', outcome: 'done', message: 'Already active' }]);
    expect((await read(id))!.version).toBe(version);
    expect((await asAdmin('POST', BULK, { action: 'deactivate', ids: [id] })).json()).toMatchObject({ done: 1, refused: 0 });
    expect(await read(id)).toMatchObject({ isActive: false, version: version + 1 });
    const twice = (await asAdmin('POST', BULK, { action: 'deactivate', ids: [id] })).json();
    expect(twice.results).toEqual([{ id, title: 'VISHU5', outcome: 'done', message: 'Already inactive' }]);
  });

  it('deletes coupons, a deleted one then being missing', async () => {
    const ids = [await coupon('OLD1'), await coupon('OLD2')];
    expect((await asAdmin('POST', BULK, { action: 'delete', ids })).json()).toMatchObject({ done: 2 });
    expect(await read(ids[0]!)).toBeUndefined();
    expect((await asAdmin('POST', BULK, { action: 'delete', ids })).json()).toMatchObject({ done: 0, missing: 2 });
  });

  it('acts on every coupon the table’s column filters match, as the table filters them', async () => {
    const a = await coupon('MEGA-RATE', { value: 15 });
    const b = await coupon('mega-cash', { discountType: 'amount', value: 200 });
    const other = await coupon('SMALL', { discountType: 'amount', value: 50 });
    const byCode = (await asAdmin('POST', BULK, { action: 'activate', matching: { code: 'mega', active: 'false' } })).json();
    expect(byCode.results.map((row: { id: string }) => row.id)).toEqual([a, b].sort());
    expect((await read(other))!.isActive).toBe(false);
    // "Type" and "Value" are filtered as the table shows them.
    const byType = (await asAdmin('POST', BULK, { action: 'deactivate', matching: { type: 'by amount', value: 'INR 200' } })).json();
    expect(byType.results.map((row: { id: string }) => row.id)).toEqual([b]);
    expect((await read(a))!.isActive).toBe(true);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const id = await coupon('ANY1');
    const cases: Array<[unknown, string]> = [
      [{ action: 'publish', ids: [id] }, 'action'],
      [{ action: 'activate', ids: [] }, 'ids'],
      [{ action: 'activate', ids: ['not-a-uuid'] }, 'ids[0]'],
      [{ action: 'activate', matching: { uses: '3' } }, 'matching'],
      [{ action: 'activate' }, 'ids'],
    ];
    for (const [body, field] of cases) {
      const response = await asAdmin('POST', BULK, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await read(id))!.isActive).toBe(false);
  });

  it('refuses callers without the screen', async () => {
    const id = await coupon('GUARD1');
    expect((await harness.injectAs('staff')('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(403);
    expect((await harness.injectAs('nobody')('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(401);
    expect((await harness.injectAs('marketing')('POST', BULK, { action: 'activate', ids: [id] })).json()).toMatchObject({ done: 1 });
    expect(await read(id)).toMatchObject({ isActive: true });
  });

  it('applies two concurrent requests on the same coupons once, without a 5xx', async () => {
    const ids = [await coupon('TWIN1'), await coupon('TWIN2'), await coupon('TWIN3')];
    const [first, second] = await Promise.all([
      asAdmin('POST', BULK, { action: 'activate', ids }),
      asAdmin('POST', BULK, { action: 'activate', ids: [...ids].reverse() }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().done + second.json().done).toBe(6);
    for (const id of ids) expect(await read(id)).toMatchObject({ isActive: true, version: 2 });
  });
});
