import type { CouponTargetType } from './coupon-use.rules.ts';
import { DISCOUNT_TYPE_LABELS, type Coupon } from './coupons.schema.ts';

/** What a chip, a column and an export call each kind of target. */
export const COUPON_TARGET_LABELS: Record<CouponTargetType, { one: string; many: string }> = {
  subscription: { one: 'Rate card', many: 'Rate cards' },
  course: { one: 'Course', many: 'Courses' },
  exam: { one: 'Exam', many: 'Exams' },
  lecture: { one: 'Lecture', many: 'Lectures' },
  rankfile: { one: 'Rank file', many: 'Rank files' },
};

/** The columns of the Coupons table that take a text filter. */
export const COUPON_FILTER_COLUMNS = ['code', 'minOrder', 'type', 'value', 'impressions', 'redemptions', 'active'] as const;
export type CouponFilterColumn = (typeof COUPON_FILTER_COLUMNS)[number];

/** Rupees as the table shows them: "INR 1,499.5". */
export function couponRupeesText(rupees: number): string {
  return `INR ${rupees.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
}

/** Each filtered column's text for a coupon, as the table shows it: the table filters by it, and so does a bulk action's "all matching". */
export function couponColumnTexts(
  coupon: Pick<Coupon, 'code' | 'minOrderAmount' | 'discountType' | 'value' | 'impressions' | 'redemptions' | 'isActive'>,
): Record<CouponFilterColumn, string> {
  return {
    code: coupon.code,
    minOrder: coupon.minOrderAmount === -1 ? 'No minimum' : couponRupeesText(coupon.minOrderAmount),
    type: DISCOUNT_TYPE_LABELS[coupon.discountType],
    value: coupon.discountType === 'rate' ? `${coupon.value}%` : couponRupeesText(coupon.value),
    impressions: String(coupon.impressions),
    redemptions: String(coupon.redemptions),
    active: String(coupon.isActive),
  };
}
