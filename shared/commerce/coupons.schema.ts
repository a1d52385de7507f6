import { z } from '../validation/zod.ts';
import { versionSchema } from '../editing/versions.ts';

export const COUPON_MESSAGES = {
  codeRequired: 'Please enter coupon code',
  typeRequired: 'Discount type is required',
  valueRequired: 'Discount value is required',
  codeFormat: 'A coupon code may hold letters, digits, - and _ only, at most 40 of them',
  codeLocked: "You can't update coupon after creating it",
  codeTaken: (code: string) => `The coupon code ${code} is already used (codes are the same whatever their case)`,
  notNumber: 'Enter a number',
  negative: 'The discount value cannot be negative',
  twoDecimals: 'Use at most 2 decimals',
  rateAbove100: 'A rate cannot be more than 100%',
  amountTooLarge: 'The discount can be at most INR 1,00,00,000',
  minimumInvalid: 'The minimum order is -1 (no minimum) or an amount of at least 0',
  notFound: 'Coupon not found',
} as const;

export const DISCOUNT_TYPES = ['rate', 'amount'] as const;
export const DISCOUNT_TYPE_LABELS = { rate: 'By Rate (%)', amount: 'By Amount (INR)' } as const;
/** The largest amount (a discount or a minimum) in rupees. */
export const MAX_COUPON_RUPEES = 10_000_000;
export const COUPON_DEFAULTS = { discountType: 'rate', value: 0, isActive: false, minOrderAmount: -1 } as const;

/** At most 2 decimals; a value too large to tell is left to the range checks, which name the limit. */
const hasTwoDecimals = (value: number) => Math.abs(value) > 1e12 || Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A number typed in a form: a number, or text holding one; blank is missing. */
function formNumber(required: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : COUPON_MESSAGES.notNumber) }).refine(Number.isFinite, { error: COUPON_MESSAGES.notNumber }),
  );
}

/** The coupon form (POST /v2/coupons, PUT /v2/coupons/{id}). */
export const couponFormSchema = z
  .object({
    code: z
      .string({ error: COUPON_MESSAGES.codeRequired })
      .trim()
      .min(1, { error: COUPON_MESSAGES.codeRequired })
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: COUPON_MESSAGES.codeFormat }),
    discountType: z.enum(DISCOUNT_TYPES, { error: COUPON_MESSAGES.typeRequired }),
    value: formNumber(COUPON_MESSAGES.valueRequired)
      .refine((value) => value >= 0, { error: COUPON_MESSAGES.negative })
      .refine(hasTwoDecimals, { error: COUPON_MESSAGES.twoDecimals }),
    minOrderAmount: formNumber(COUPON_MESSAGES.minimumInvalid)
      .optional()
      .transform((value) => value ?? -1)
      .refine((value) => value === -1 || (value >= 0 && value <= MAX_COUPON_RUPEES), { error: COUPON_MESSAGES.minimumInvalid })
      .refine(hasTwoDecimals, { error: COUPON_MESSAGES.twoDecimals }),
    /** Only an edit may switch a coupon on: a new one is always created inactive. */
    isActive: z.boolean().optional(),
    version: versionSchema,
  })
  .superRefine((form, context) => {
    if (form.discountType === 'rate' && form.value > 100) context.addIssue({ code: 'custom', path: ['value'], message: COUPON_MESSAGES.rateAbove100 });
    if (form.discountType === 'amount' && form.value > MAX_COUPON_RUPEES) context.addIssue({ code: 'custom', path: ['value'], message: COUPON_MESSAGES.amountTooLarge });
  });
export type CouponForm = z.input<typeof couponFormSchema>;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Percent for a rate coupon, rupees for an amount coupon. */
  value: z.number(),
  /** Rupees; -1 means no minimum. */
  minOrderAmount: z.number(),
  isActive: z.boolean(),
  /** Quotes that applied the coupon. */
  impressions: z.number(),
  /** Paid orders that used it. */
  redemptions: z.number(),
  createdAt: z.string(),
  version: z.number(),
});
export type Coupon = z.infer<typeof couponSchema>;
