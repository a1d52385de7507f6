import { staffTime } from '../editing/versions.ts';

/** What a coupon may be limited to: a rate card, or one course, exam, lecture or rank file. */
export const COUPON_TARGET_TYPES = ['subscription', 'course', 'exam', 'lecture', 'rankfile'] as const;
export type CouponTargetType = (typeof COUPON_TARGET_TYPES)[number];

export const COUPON_USE_MESSAGES = {
  invalid: 'This coupon code is not valid',
  notYet: (from: Date) => `This coupon can be used from ${staffTime(from)}`,
  ended: (until: Date) => `This coupon could be used until ${staffTime(until)}`,
  notForThis: 'This coupon does not apply to this purchase',
  usedUp: 'This coupon has been used as many times as it may be',
  studentLimit: (limit: number) => `You have used this coupon ${limit === 1 ? 'once' : `${limit} times`}, as many as it allows`,
  tooManyGuesses: 'Too many coupon codes that are not valid. Please try again later.',
} as const;

/** The terms that decide whether a coupon may be used now, for this purchase, by this student. */
export interface CouponUseTerms {
  isActive: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  /** Orders holding it now (open or paid). */
  uses: number;
  perStudentLimit: number | null;
  /** Empty: everything. */
  scope: ReadonlyArray<{ type: CouponTargetType; id: string }>;
}

/** What is being bought: under which rate card, and which resource (none for a rate card alone). */
export interface CouponPurchase {
  subscriptionId: string;
  resource: { type: Exclude<CouponTargetType, 'subscription'>; id: string } | null;
}

/** The coupon applies to this purchase: it names the rate card or the resource, or it names nothing. */
export function couponCovers(scope: CouponUseTerms['scope'], purchase: CouponPurchase): boolean {
  if (scope.length === 0) return true;
  return scope.some(
    (target) =>
      (target.type === 'subscription' && target.id === purchase.subscriptionId) ||
      (purchase.resource !== null && target.type === purchase.resource.type && target.id === purchase.resource.id),
  );
}

/**
 * Why this coupon cannot be used for this purchase by a student who holds `studentUses` orders
 * with it, at `now`; null when it can. The total limit is checked here for a clear quote, and again
 * in the statement that takes a use at checkout, which is what keeps it exact under concurrency.
 */
export function couponRefusal(coupon: CouponUseTerms, purchase: CouponPurchase, studentUses: number, now: Date): string | null {
  if (!coupon.isActive) return COUPON_USE_MESSAGES.invalid;
  if (coupon.validFrom && now < coupon.validFrom) return COUPON_USE_MESSAGES.notYet(coupon.validFrom);
  if (coupon.validUntil && now >= coupon.validUntil) return COUPON_USE_MESSAGES.ended(coupon.validUntil);
  if (!couponCovers(coupon.scope, purchase)) return COUPON_USE_MESSAGES.notForThis;
  if (coupon.perStudentLimit !== null && studentUses >= coupon.perStudentLimit) return COUPON_USE_MESSAGES.studentLimit(coupon.perStudentLimit);
  if (coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit) return COUPON_USE_MESSAGES.usedUp;
  return null;
}
