import {
  COUPON_DEFAULTS,
  COUPON_MESSAGES,
  couponValueProblem,
  parseIndiaDateTime,
  type Coupon,
  type CouponForm,
} from '../../../../shared/commerce/coupons.schema.ts';
import { COUPON_TARGET_TYPES, type CouponTargetType } from '../../../../shared/commerce/coupon-use.rules.ts';
import { staffTime } from '../../../../shared/editing/versions.ts';
import { formMessage } from '../../../../shared/validation/messages.ts';
import { formatIndiaTime, toIndiaDateTimeInput } from '../../lib/format.ts';

/** A rate card or resource the coupon is limited to, with the title shown on its chip. */
export interface CouponTargetDraft {
  type: CouponTargetType;
  id: string;
  /** Null for one deleted since it was chosen. */
  title: string | null;
}

/** The modal's fields as typed. */
export interface CouponDraft {
  code: string;
  discountType: '' | 'rate' | 'amount';
  value: string;
  minOrderAmount: string;
  isActive: boolean;
  /** Blank: no limit. */
  usageLimit: string;
  /** Blank: no limit. */
  perStudentLimit: string;
  /** India time, "YYYY-MM-DDTHH:mm" (a datetime-local value); blank: none. */
  validFrom: string;
  validUntil: string;
  /** Empty: every rate card and resource. */
  appliesTo: CouponTargetDraft[];
}

export type CouponField =
  'code' | 'discountType' | 'value' | 'minOrderAmount' | 'isActive' | 'usageLimit' | 'perStudentLimit' | 'validFrom' | 'validUntil' | 'appliesTo';
export type CouponDraftErrors = Partial<Record<CouponField, string>>;

/** The modal's words for each field, to name the ones a refusal marks. */
export const COUPON_FIELD_LABELS: Record<CouponField, string> = {
  code: 'Coupon Code',
  discountType: 'Type',
  value: 'Value',
  minOrderAmount: 'Min. Order',
  isActive: 'Is Active',
  usageLimit: 'Usage limit',
  perStudentLimit: 'Limit per student',
  validFrom: 'Valid from (India time)',
  validUntil: 'Valid until (India time)',
  appliesTo: 'Applies to',
};

export { COUPON_TARGET_LABELS } from '../../../../shared/commerce/coupon-list.rules.ts';

/**
 * An instant (ISO) as India's wall clock, "YYYY-MM-DDTHH:mm" (seconds only when there are some), the
 * value a datetime-local input takes, whatever the browser's zone. Blank for none or nonsense.
 */
export function indiaLocalOf(iso: string | null | undefined): string {
  return toIndiaDateTimeInput(iso);
}

/** India's wall clock ("2026-12-01T09:00") as an ISO instant in UTC, read as the server reads it; null when blank or not a real date and time. */
export function isoOfIndiaLocal(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return parseIndiaDateTime(trimmed)?.toISOString() ?? null;
}

/** The typed India time in words ("1 Dec 2026, 9:00 am IST"), to confirm what was picked; null when blank or not valid. */
export function indiaTimeInWords(text: string): string | null {
  const iso = isoOfIndiaLocal(text);
  return iso ? staffTime(new Date(iso)) : null;
}

/** Chips in the order of the Add buttons (rate cards, courses, exams, lectures, rank files), then by title. */
export function sortTargets(targets: readonly CouponTargetDraft[]): CouponTargetDraft[] {
  const rank = (target: CouponTargetDraft) => COUPON_TARGET_TYPES.indexOf(target.type);
  return [...targets].sort((a, b) => rank(a) - rank(b) || (a.title ?? '').localeCompare(b.title ?? '', 'en-IN'));
}

export function newCouponDraft(): CouponDraft {
  return {
    code: '',
    discountType: COUPON_DEFAULTS.discountType,
    value: String(COUPON_DEFAULTS.value),
    minOrderAmount: '',
    isActive: COUPON_DEFAULTS.isActive,
    usageLimit: '',
    perStudentLimit: '',
    validFrom: '',
    validUntil: '',
    appliesTo: [],
  };
}

export function draftOf(coupon: Coupon): CouponDraft {
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    value: String(coupon.value),
    minOrderAmount: coupon.minOrderAmount === -1 ? '' : String(coupon.minOrderAmount),
    isActive: coupon.isActive,
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    perStudentLimit: coupon.perStudentLimit === null ? '' : String(coupon.perStudentLimit),
    validFrom: indiaLocalOf(coupon.validFrom),
    validUntil: indiaLocalOf(coupon.validUntil),
    appliesTo: sortTargets(coupon.appliesTo.map(({ type, id, title }) => ({ type, id, title }))),
  };
}

/** The form's own checks (the server checks the rest and names the field). */
export function checkCouponDraft(draft: CouponDraft): CouponDraftErrors {
  const errors: CouponDraftErrors = {};
  if (draft.code.trim() === '') errors.code = COUPON_MESSAGES.codeRequired;
  if (draft.discountType === '') errors.discountType = COUPON_MESSAGES.typeRequired;
  if (draft.value.trim() === '') errors.value = COUPON_MESSAGES.valueRequired;
  else if (draft.discountType !== '' && Number.isFinite(Number(draft.value))) {
    const problem = couponValueProblem(draft.discountType, Number(draft.value));
    if (problem) errors.value = problem;
  }
  return errors;
}

/**
 * A limit as sent: blank is null (no limit), a whole number is that number; anything else goes as
 * typed, so that the server refuses it with its message instead of the form quietly dropping it.
 */
export function limitOf(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** What is sent: the minimum defaults to -1 (no minimum); blank limits and dates are none; times go as India's wall clock. */
export function formOf(draft: CouponDraft): CouponForm {
  return {
    code: draft.code.trim(),
    discountType: draft.discountType as 'rate' | 'amount',
    value: draft.value.trim(),
    minOrderAmount: draft.minOrderAmount.trim() === '' ? -1 : draft.minOrderAmount.trim(),
    isActive: draft.isActive,
    usageLimit: limitOf(draft.usageLimit),
    perStudentLimit: limitOf(draft.perStudentLimit),
    validFrom: draft.validFrom.trim() === '' ? null : draft.validFrom.trim(),
    validUntil: draft.validUntil.trim() === '' ? null : draft.validUntil.trim(),
    appliesTo: draft.appliesTo.map(({ type, id }) => ({ type, id })),
  };
}

const FIELDS = new Set<string>(Object.keys(COUPON_FIELD_LABELS));

/**
 * The form field a refusal names: `usageLimit`, `appliesTo.0.id` or `appliesTo[0].id` (the
 * service's and the schema's spellings) → `appliesTo`. Null for a field the form does not show.
 */
export function couponFieldOf(field: string): CouponField | null {
  const first = field.replace(/^value\./, '').split(/[.[]/)[0] ?? '';
  return FIELDS.has(first) ? (first as CouponField) : null;
}

/** A refusal as the server answers it (the tRPC error's message and data). */
export interface RefusalAnswer {
  message: string;
  field?: unknown;
  issues?: unknown;
}

/** Each field a refusal names, with its message (the first per field); empty when it names none the form shows. */
export function couponFieldErrorsOf(answer: RefusalAnswer): CouponDraftErrors {
  const errors: CouponDraftErrors = {};
  const listed = Array.isArray(answer.issues) ? (answer.issues as unknown[]) : [];
  const issues = listed.filter((issue): issue is { field: string; message: string } => {
    if (typeof issue !== 'object' || issue === null) return false;
    const { field, message } = issue as Record<string, unknown>;
    return typeof field === 'string' && typeof message === 'string';
  });
  if (issues.length === 0 && typeof answer.field === 'string') issues.push({ field: answer.field, message: answer.message });
  for (const issue of issues) {
    const field = couponFieldOf(issue.field);
    if (field) errors[field] ??= formMessage(issue.message);
  }
  return errors;
}

/** The alert's line under a refusal that marks fields: which ones to look at. */
export function markedFieldsText(errors: CouponDraftErrors): string {
  const names = (Object.keys(COUPON_FIELD_LABELS) as CouponField[]).filter((field) => errors[field]).map((field) => COUPON_FIELD_LABELS[field]);
  return names.length === 1 ? `Please correct the marked field: ${names[0]}` : `Please correct the marked fields: ${names.join(', ')}`;
}

/** An instant as the table shows it, in India time: "1 Dec 2026, 9:00 am". */
export function indiaDayTime(iso: string): string {
  return formatIndiaTime(iso);
}

/** The coupon's window as one line in India time: "Always", "From …", "Until …" or "… – …" (with IST). */
export function couponWindowText(coupon: Pick<Coupon, 'validFrom' | 'validUntil'>): string {
  const { validFrom, validUntil } = coupon;
  if (!validFrom && !validUntil) return 'Always';
  if (validFrom && validUntil) return `${indiaDayTime(validFrom)} – ${indiaDayTime(validUntil)} IST`;
  return validFrom ? `From ${indiaDayTime(validFrom)} IST` : `Until ${indiaDayTime(validUntil!)} IST`;
}

/** Uses against the limit: "12 / 50", or "12" when there is no limit. */
export function couponUsesText(coupon: Pick<Coupon, 'uses' | 'usageLimit'>): string {
  return coupon.usageLimit === null ? String(coupon.uses) : `${coupon.uses} / ${coupon.usageLimit}`;
}
