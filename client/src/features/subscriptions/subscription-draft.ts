import { TRPCClientError } from '@trpc/client';
import type { FREE_MODES, SUBSCRIPTION_MODES, SubscriptionTerm } from '../../../../shared/subscriptions/subscription.constants.ts';
import { computeGst } from '../../../../shared/subscriptions/gst.rules.ts';
import type { Subscription, SubscriptionValueInput } from '../../../../shared/subscriptions/subscriptions.schema.ts';
import type { FieldErrors } from '../../lib/forms.ts';

/**
 * What the General tab edits. Amounts are kept as typed (a number input may hold "12." or
 * nothing for a moment) and become numbers only when saved.
 */
export interface SubscriptionDraft {
  title: string;
  subscriptionTerm: SubscriptionTerm;
  grossAmount: string;
  gstRate: string;
  gstAmount: string;
  netAmount: string;
  isFree: boolean;
  freeMode: (typeof FREE_MODES)[number];
  compareAtPrice: string;
  discountRatePromoLabel: string;
  mode: (typeof SUBSCRIPTION_MODES)[number];
  resourceTags: string[];
}

export function toDraft(subscription: Subscription): SubscriptionDraft {
  return {
    title: subscription.title,
    subscriptionTerm: subscription.subscriptionTerm,
    grossAmount: String(subscription.grossAmount),
    gstRate: String(subscription.gstRate),
    gstAmount: String(subscription.gstAmount),
    netAmount: String(subscription.netAmount),
    isFree: subscription.isFree,
    freeMode: subscription.freeMode,
    compareAtPrice: subscription.compareAtPrice == null ? '' : String(subscription.compareAtPrice),
    discountRatePromoLabel: subscription.discountRatePromoLabel,
    mode: subscription.mode,
    resourceTags: subscription.resourceTags,
  };
}

/** An amount field as sent: empty is 0, anything else its number (a non-number is left for the schema to name). */
function amountOf(text: string): number {
  return text.trim() === '' ? 0 : Number(text);
}

/** The body of PUT /api/admin/subscriptions/{id} (subscriptions.save): `{ value }`, without attachedResources. */
export function toSubscriptionValue(draft: SubscriptionDraft): SubscriptionValueInput {
  return {
    title: draft.title,
    subscriptionTerm: draft.subscriptionTerm,
    grossAmount: amountOf(draft.grossAmount),
    gstRate: amountOf(draft.gstRate),
    gstAmount: amountOf(draft.gstAmount),
    netAmount: amountOf(draft.netAmount),
    isFree: draft.isFree,
    freeMode: draft.freeMode,
    compareAtPrice: draft.compareAtPrice.trim() === '' ? null : Number(draft.compareAtPrice),
    discountRatePromoLabel: draft.discountRatePromoLabel,
    mode: draft.mode,
    resourceTags: draft.resourceTags,
  };
}

/**
 * A change to the gross amount or the GST rate recalculates the GST and nett amounts
 * (GST and net follow the gross); a change to those two by hand is kept as typed.
 */
export function changeDraft(draft: SubscriptionDraft, patch: Partial<SubscriptionDraft>): SubscriptionDraft {
  const next = { ...draft, ...patch };
  if (!('grossAmount' in patch) && !('gstRate' in patch)) return next;
  const { gstAmount, netAmount } = computeGst(next.grossAmount, next.gstRate);
  return { ...next, gstAmount: String(gstAmount), netAmount: String(netAmount) };
}

/**
 * The fields a refused save named, each with the server's message, keyed as the form's fields
 * (`value.gstAmount` → `gstAmount`): the server checks what the form cannot, such as a GST amount
 * that is not the rate of the gross.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof TRPCClientError)) return {};
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return {};
  const { issues, field } = data as { issues?: unknown; field?: unknown };
  const named = Array.isArray(issues) ? issues : typeof field === 'string' ? [{ field, message: error.message }] : [];
  const errors: FieldErrors = {};
  for (const issue of named) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { field: path, message } = issue as { field?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const key = path.startsWith('value.') ? path.slice('value.'.length) : path;
    errors[key] ??= message;
  }
  return errors;
}
