import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../../shared/commerce/coupons.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { expectRefusals, type Refusal } from '../../support/refusals.ts';
import { countRows } from '../../support/row-count.ts';

const harness = useApp({ roles: ['admin', 'marketing'] });
const asAdmin = harness.injectAs('admin');
const asNobody = harness.injectAs('nobody');

let counter = 0;
const code = (prefix = 'ONAM') => `${prefix}${++counter}`;

describe('discount coupons', () => {
  it('creates a coupon inactive whatever is sent, lists it, then edits its terms and switches it on', async () => {
    const created = await asAdmin('POST', '/v2/coupons', { code: code(), discountType: 'rate', value: 12.5, isActive: true });
    expect(created.statusCode, created.body).toBe(200);
    const coupon = created.json();
    expect(coupon).toMatchObject({ discountType: 'rate', value: 12.5, minOrderAmount: -1, isActive: false, impressions: 0, redemptions: 0, version: 1 });
    const stored = await harness.db.selectFrom('coupons').selectAll().where('id', '=', coupon._id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ value_hundredths: 1250, min_order_paise: null });

    const list = (await asAdmin('GET', '/v2/coupons')).json() as Array<{ _id: string }>;
    expect(list[0]!._id).toBe(coupon._id);

    const edited = await asAdmin('PUT', `/v2/coupons/${coupon._id}`, {
      code: coupon.code,
      discountType: 'amount',
      value: '250.50',
      minOrderAmount: '999.99',
      isActive: true,
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ discountType: 'amount', value: 250.5, minOrderAmount: 999.99, isActive: true, version: 2 });
    const paise = await harness.db.selectFrom('coupons').select(['value_hundredths', 'min_order_paise']).where('id', '=', coupon._id).executeTakeFirstOrThrow();
    expect(paise).toEqual({ value_hundredths: 25_050, min_order_paise: 99_999 });
  });

  it('refuses missing and bad fields with the form messages, naming the field, and stores nothing', async () => {
    const cases: Refusal[] = [
      [{ discountType: 'rate', value: 5 }, COUPON_MESSAGES.codeRequired, 'code'],
      [{ code: '   ', discountType: 'rate', value: 5 }, COUPON_MESSAGES.codeRequired, 'code'],
      [{ code: 'NEW YEAR', discountType: 'rate', value: 5 }, COUPON_MESSAGES.codeFormat, 'code'],
      [{ code: 'X'.repeat(41), discountType: 'rate', value: 5 }, COUPON_MESSAGES.codeFormat, 'code'],
      [{ code: code(), value: 5 }, COUPON_MESSAGES.typeRequired, 'discountType'],
      [{ code: code(), discountType: 'percent', value: 5 }, COUPON_MESSAGES.typeRequired, 'discountType'],
      [{ code: code(), discountType: 'rate' }, COUPON_MESSAGES.valueRequired, 'value'],
      [{ code: code(), discountType: 'rate', value: '' }, COUPON_MESSAGES.valueRequired, 'value'],
      [{ code: code(), discountType: 'rate', value: 'ten' }, COUPON_MESSAGES.notNumber, 'value'],
      [{ code: code(), discountType: 'rate', value: -1 }, COUPON_MESSAGES.negative, 'value'],
      [{ code: code(), discountType: 'rate', value: 0 }, COUPON_MESSAGES.rateZero, 'value'],
      [{ code: code(), discountType: 'rate', value: '0.00' }, COUPON_MESSAGES.rateZero, 'value'],
      [{ code: code(), discountType: 'amount', value: 0, minOrderAmount: 0 }, COUPON_MESSAGES.amountZero, 'value'],
      [{ code: code(), discountType: 'rate', value: 100.01 }, COUPON_MESSAGES.rateAbove100, 'value'],
      [{ code: code(), discountType: 'amount', value: 10_000_001 }, COUPON_MESSAGES.amountTooLarge, 'value'],
      [{ code: code(), discountType: 'amount', value: 1.005 }, COUPON_MESSAGES.twoDecimals, 'value'],
      [{ code: code(), discountType: 'amount', value: 1e308 }, COUPON_MESSAGES.amountTooLarge, 'value'],
      [{ code: code(), discountType: 'rate', value: 5, minOrderAmount: -2 }, COUPON_MESSAGES.minimumInvalid, 'minOrderAmount'],
      [{ code: code(), discountType: 'rate', value: 5, minOrderAmount: 0.001 }, COUPON_MESSAGES.twoDecimals, 'minOrderAmount'],
    ];
    const before = await countRows(harness.db, 'coupons');
    await expectRefusals((body) => asAdmin('POST', '/v2/coupons', body), cases);
    expect(await countRows(harness.db, 'coupons')).toBe(before);
    // Exactly 100%, 5% and the smallest amount are allowed.
    expect((await asAdmin('POST', '/v2/coupons', { code: code(), discountType: 'rate', value: 100 })).statusCode).toBe(200);
    expect((await asAdmin('POST', '/v2/coupons', { code: code(), discountType: 'rate', value: 5 })).statusCode).toBe(200);
    expect((await asAdmin('POST', '/v2/coupons', { code: code(), discountType: 'amount', value: 0.01, minOrderAmount: 0 })).statusCode).toBe(200);
  });

  it('refuses to edit a coupon down to 0% or INR 0, naming the value, and keeps it as it was', async () => {
    const coupon = (await asAdmin('POST', '/v2/coupons', { code: code('ZERO'), discountType: 'rate', value: 5 })).json();
    for (const [discountType, message] of [
      ['rate', COUPON_MESSAGES.rateZero],
      ['amount', COUPON_MESSAGES.amountZero],
    ] as const) {
      const refused = await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType, value: 0, isActive: true, version: coupon.version });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ message, field: 'value' });
    }
    const stored = await harness.db
      .selectFrom('coupons')
      .select(['discount_type', 'value_hundredths', 'is_active', 'version'])
      .where('id', '=', coupon._id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ discount_type: 'rate', value_hundredths: 500, is_active: false, version: 1 });
  });

  it('keeps codes unique whatever their case, even when two staff create one at once', async () => {
    const shared = code('DIWALI');
    const answers = await Promise.all([
      asAdmin('POST', '/v2/coupons', { code: shared, discountType: 'rate', value: 5 }),
      asAdmin('POST', '/v2/coupons', { code: shared.toLowerCase(), discountType: 'rate', value: 10 }),
      asAdmin('POST', '/v2/coupons', { code: shared, discountType: 'amount', value: 50 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toMatch(/^The coupon code .+ is already used/);
    const rows = await harness.db.selectFrom('coupons').select('code').where('code', 'ilike', shared).execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps the code as created, refuses a stale edit, and deletes', async () => {
    const coupon = (await asAdmin('POST', '/v2/coupons', { code: code(), discountType: 'rate', value: 5 })).json();
    const unversioned = await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 90, isActive: true });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json()).toMatchObject({ message: COUPON_MESSAGES.versionRequired, field: 'version' });
    const renamed = await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: `${coupon.code}X`, discountType: 'rate', value: 5, version: 1 });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ message: COUPON_MESSAGES.codeLocked, field: 'code' });
    expect(
      (await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code.toLowerCase(), discountType: 'rate', value: 5, version: 1 })).statusCode,
    ).toBe(400);

    expect((await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 6, version: 1 })).statusCode).toBe(200);
    const stale = await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 7, isActive: true, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().stale).toMatchObject({ version: 2 });
    expect((await asAdmin('GET', '/v2/coupons')).json().find((row: { _id: string }) => row._id === coupon._id)).toMatchObject({ value: 6, isActive: false });

    expect((await asAdmin('DELETE', `/v2/coupons/${coupon._id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/v2/coupons/${coupon._id}`)).statusCode).toBe(404);
    expect((await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code: coupon.code, discountType: 'rate', value: 5, version: 2 })).statusCode).toBe(404);
    expect((await asAdmin('DELETE', '/v2/coupons/nope')).statusCode).toBe(400);
  });

  it('is refused to staff and managers, open to marketing', async () => {
    for (const role of ['staff', 'manager'] as const) {
      await createUser(harness.db, { email: `${role}@example.com`, roles: [role] });
      const cookie = await harness.signIn(`${role}@example.com`);
      expect((await harness.injectWith(cookie)('GET', '/v2/coupons')).statusCode).toBe(403);
      expect((await harness.injectWith(cookie)('POST', '/v2/coupons', { code: code(), discountType: 'rate', value: 5 })).statusCode).toBe(403);
    }
    expect((await harness.injectWith(await harness.signIn('marketing@example.com'))('GET', '/v2/coupons')).statusCode).toBe(200);
    expect((await asNobody('GET', '/v2/coupons')).statusCode).toBe(401);
  });
});
