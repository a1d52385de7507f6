import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, couponFormSchema, couponValueProblem } from '../../../../shared/commerce/coupons.schema.ts';
import { checkCouponDraft, newCouponDraft } from '../../../../client/src/features/coupons/coupon-form.ts';

describe('couponValueProblem', () => {
  it('refuses a 0% rate and a 0 amount: a coupon must take something off', () => {
    expect(couponValueProblem('rate', 0)).toBe(COUPON_MESSAGES.rateZero);
    expect(couponValueProblem('amount', 0)).toBe(COUPON_MESSAGES.amountZero);
  });

  it('accepts the smallest discounts and the largest, and refuses beyond them', () => {
    expect(couponValueProblem('rate', 0.01)).toBeNull();
    expect(couponValueProblem('rate', 5)).toBeNull();
    expect(couponValueProblem('rate', 100)).toBeNull();
    expect(couponValueProblem('rate', 100.01)).toBe(COUPON_MESSAGES.rateAbove100);
    expect(couponValueProblem('amount', 0.01)).toBeNull();
    expect(couponValueProblem('amount', 10_000_000)).toBeNull();
    expect(couponValueProblem('amount', 10_000_000.01)).toBe(COUPON_MESSAGES.amountTooLarge);
  });
});

describe('couponFormSchema', () => {
  it('refuses a 0% coupon and a 0 amount coupon at the field value', () => {
    for (const [discountType, value, message] of [
      ['rate', 0, COUPON_MESSAGES.rateZero],
      ['rate', '0.00', COUPON_MESSAGES.rateZero],
      ['amount', 0, COUPON_MESSAGES.amountZero],
    ] as const) {
      const result = couponFormSchema.safeParse({ code: 'ONAM', discountType, value });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }))).toEqual([{ path: ['value'], message }]);
    }
  });

  it('accepts 5%', () => {
    expect(couponFormSchema.safeParse({ code: 'ONAM', discountType: 'rate', value: 5 }).success).toBe(true);
  });
});

describe('checkCouponDraft', () => {
  it('marks Value before sending when the coupon would take nothing off, as the server would', () => {
    expect(checkCouponDraft({ ...newCouponDraft(), code: 'ONAM', value: '0' })).toEqual({ value: COUPON_MESSAGES.rateZero });
    expect(checkCouponDraft({ ...newCouponDraft(), code: 'ONAM', discountType: 'amount', value: '0.00' })).toEqual({ value: COUPON_MESSAGES.amountZero });
    expect(checkCouponDraft({ ...newCouponDraft(), code: 'ONAM', value: '5' })).toEqual({});
  });
});
