import { COUPON_DEFAULTS, COUPON_MESSAGES, type Coupon, type CouponForm } from '../../../../shared/commerce/coupons.schema.ts';

/** The modal's fields as typed. */
export interface CouponDraft {
  code: string;
  discountType: '' | 'rate' | 'amount';
  value: string;
  minOrderAmount: string;
  isActive: boolean;
}

export type CouponDraftErrors = Partial<Record<'code' | 'discountType' | 'value', string>>;

export function newCouponDraft(): CouponDraft {
  return { code: '', discountType: COUPON_DEFAULTS.discountType, value: String(COUPON_DEFAULTS.value), minOrderAmount: '', isActive: COUPON_DEFAULTS.isActive };
}

export function draftOf(coupon: Coupon): CouponDraft {
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    value: String(coupon.value),
    minOrderAmount: coupon.minOrderAmount === -1 ? '' : String(coupon.minOrderAmount),
    isActive: coupon.isActive,
  };
}

/** The form's own checks (the server checks the rest and names the field). */
export function checkCouponDraft(draft: CouponDraft): CouponDraftErrors {
  const errors: CouponDraftErrors = {};
  if (draft.code.trim() === '') errors.code = COUPON_MESSAGES.codeRequired;
  if (draft.discountType === '') errors.discountType = COUPON_MESSAGES.typeRequired;
  if (draft.value.trim() === '') errors.value = COUPON_MESSAGES.valueRequired;
  return errors;
}

/** What is sent: the minimum defaults to -1 (no minimum). */
export function formOf(draft: CouponDraft, version?: number): CouponForm {
  return {
    code: draft.code.trim(),
    discountType: draft.discountType as 'rate' | 'amount',
    value: draft.value.trim(),
    minOrderAmount: draft.minOrderAmount.trim() === '' ? -1 : draft.minOrderAmount.trim(),
    isActive: draft.isActive,
    ...(version === undefined ? {} : { version }),
  };
}
