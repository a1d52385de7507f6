import { z } from '../validation/zod.ts';
import { versionSchema } from '../editing/versions.ts';
import { COUPON_TARGET_TYPES } from './coupon-use.rules.ts';

export const COUPON_MESSAGES = {
  codeRequired: 'Please enter coupon code',
  typeRequired: 'Discount type is required',
  valueRequired: 'Discount value is required',
  codeFormat: 'A coupon code may hold letters, digits, - and _ only, at most 40 of them',
  codeLocked: "You can't update coupon after creating it",
  codeTaken: (code: string) => `The coupon code ${code} is already used (codes are the same whatever their case)`,
  notNumber: 'Enter a number',
  negative: 'The discount value cannot be negative',
  rateZero: "A rate coupon's value must be more than 0%",
  amountZero: "An amount coupon's value must be more than INR 0",
  twoDecimals: 'Use at most 2 decimals',
  rateAbove100: 'A rate cannot be more than 100%',
  amountTooLarge: 'The discount can be at most INR 1,00,00,000',
  minimumInvalid: 'The minimum order is -1 (no minimum) or an amount of at least 0',
  notFound: 'Coupon not found',
  usageLimit: 'The usage limit is a whole number from 1 to 1,00,00,000 (leave it empty for no limit)',
  perStudentLimit: 'The limit per student is a whole number from 1 to 1,000 (leave it empty for no limit)',
  dateTime: 'Enter a date and time in India time (YYYY-MM-DDTHH:mm)',
  windowOrder: 'Valid until must be after valid from',
  targetMissing: (type: string) =>
    `The ${type === 'subscription' ? 'rate card' : type === 'rankfile' ? 'rank file' : type} chosen for this coupon was not found`,
  tooManyTargets: 'A coupon may name at most 200 rate cards and resources',
  versionRequired: "Send the coupon's version (from the list) so that a change made by someone else since is not overwritten",
} as const;

/** The largest usage limit and per-student limit. */
export const MAX_COUPON_USES = 10_000_000;
export const MAX_COUPON_USES_PER_STUDENT = 1000;
export const MAX_COUPON_TARGETS = 200;

export const DISCOUNT_TYPES = ['rate', 'amount'] as const;
export const DISCOUNT_TYPE_LABELS = { rate: 'By Rate (%)', amount: 'By Amount (INR)' } as const;
/** The largest amount (a discount or a minimum) in rupees. */
export const MAX_COUPON_RUPEES = 10_000_000;
export const COUPON_DEFAULTS = { discountType: 'rate', value: 0, isActive: false, minOrderAmount: -1 } as const;

/**
 * What is wrong with a coupon's value for its type, or null: a coupon takes something off
 * (more than 0% or INR 0), a rate at most 100%, an amount at most MAX_COUPON_RUPEES. The form
 * checks it before sending and the schema refuses it, so console and server agree.
 */
export function couponValueProblem(discountType: (typeof DISCOUNT_TYPES)[number], value: number): string | null {
  if (discountType === 'rate') {
    if (value === 0) return COUPON_MESSAGES.rateZero;
    if (value > 100) return COUPON_MESSAGES.rateAbove100;
  } else {
    if (value === 0) return COUPON_MESSAGES.amountZero;
    if (value > MAX_COUPON_RUPEES) return COUPON_MESSAGES.amountTooLarge;
  }
  return null;
}

/** At most 2 decimals; a value too large to tell is left to the range checks, which name the limit. */
const hasTwoDecimals = (value: number) => Math.abs(value) > 1e12 || Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A number typed in a form: a number, or text holding one; blank is missing. */
function formNumber(required: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : COUPON_MESSAGES.notNumber) })
      .refine(Number.isFinite, { error: COUPON_MESSAGES.notNumber }),
  );
}

/** A limit typed in a form: blank or null is no limit, otherwise a whole number in range. */
function optionalLimit(max: number, message: string) {
  return z
    .preprocess(
      (value) =>
        value === '' || value === undefined || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? Number(value) : value,
      z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message }).nullable(),
    )
    .optional()
    .transform((value) => value ?? null);
}

/** "2026-12-01T09:00" read as India time, or an ISO date-time with its offset; blank or null is none. */
const INDIA_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
export function parseIndiaDateTime(text: string): Date | null {
  const local = INDIA_LOCAL.exec(text);
  if (local) {
    const [, year, month, day, hour, minute, second] = local.map((part) => Number(part ?? 0)) as number[];
    const at = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) - 330 * 60_000);
    // Refuses days that do not exist (31 February) rather than rolling them over.
    const back = new Date(at.getTime() + 330 * 60_000);
    return back.getUTCFullYear() === year &&
      back.getUTCMonth() === month! - 1 &&
      back.getUTCDate() === day &&
      hour! < 24 &&
      minute! < 60 &&
      year! >= 2000 &&
      year! <= 9999
      ? at
      : null;
  }
  if (!WITH_OFFSET.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) || at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 9999 ? null : at;
}

const optionalDateTime = z
  .union([z.string().max(40, { error: COUPON_MESSAGES.dateTime }), z.null()], { error: COUPON_MESSAGES.dateTime })
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const at = parseIndiaDateTime(value.trim());
    if (!at) {
      context.addIssue({ code: 'custom', message: COUPON_MESSAGES.dateTime });
      return z.NEVER;
    }
    return at;
  });

export const couponTargetSchema = z.object({
  type: z.enum(COUPON_TARGET_TYPES, { error: 'type is subscription, course, exam, lecture or rankfile' }),
  id: z.uuid({ error: 'id is the id of a rate card, course, exam, lecture or rank file' }),
});

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
    /** Orders that may use it in all (open and paid orders count); empty: no limit. */
    usageLimit: optionalLimit(MAX_COUPON_USES, COUPON_MESSAGES.usageLimit),
    /** Orders one student may use it for; empty: no limit. */
    perStudentLimit: optionalLimit(MAX_COUPON_USES_PER_STUDENT, COUPON_MESSAGES.perStudentLimit),
    /** India time ("2026-12-01T09:00") or ISO with an offset; empty: from now on. */
    validFrom: optionalDateTime,
    /** The first moment it no longer works; empty: no end. */
    validUntil: optionalDateTime,
    /** The rate cards and resources it applies to; empty: everything. */
    appliesTo: z
      .array(couponTargetSchema)
      .max(MAX_COUPON_TARGETS, { error: COUPON_MESSAGES.tooManyTargets })
      .optional()
      .transform((targets) => [
        ...new Map((targets ?? []).map((target) => [`${target.type}:${target.id.toLowerCase()}`, { type: target.type, id: target.id.toLowerCase() }])).values(),
      ]),
    version: versionSchema,
  })
  .superRefine((form, context) => {
    const valueProblem = couponValueProblem(form.discountType, form.value);
    if (valueProblem) context.addIssue({ code: 'custom', path: ['value'], message: valueProblem });
    if (form.validFrom && form.validUntil && form.validUntil <= form.validFrom)
      context.addIssue({ code: 'custom', path: ['validUntil'], message: COUPON_MESSAGES.windowOrder });
  });
export type CouponForm = z.input<typeof couponFormSchema>;

/** An edit must say which version it was made from: without it, a leaked code could not be stopped safely by two staff at once. */
export const couponUpdateSchema = couponFormSchema.and(
  z.object({
    version: z
      .number({ error: COUPON_MESSAGES.versionRequired })
      .int({ error: COUPON_MESSAGES.versionRequired })
      .min(1, { error: COUPON_MESSAGES.versionRequired })
      .max(2_147_483_647),
  }),
);

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
  /** Orders holding it now, open or paid (what the usage limit counts). */
  uses: z.number(),
  usageLimit: z.number().nullable(),
  perStudentLimit: z.number().nullable(),
  /** ISO date-times; null: no start, no end. */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** Empty: it applies to everything. `title` is null for one since deleted. */
  appliesTo: z.array(couponTargetSchema.extend({ title: z.string().nullable() })),
  createdAt: z.string(),
  version: z.number(),
});
export type Coupon = z.infer<typeof couponSchema>;
