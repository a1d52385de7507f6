import { formatInr, roundToRupee, toPaise } from '../commerce/money.ts';
import { gstOn } from '../commerce/pricing.rules.ts';
import type { FieldIssue } from '../validation/messages.ts';
import { DEFAULT_GST_RATE } from './subscription.constants.ts';

/** A number, with NaN (and anything that is not a finite number) taken as 0. */
export function numberOrZero(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
}

export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export interface GstAmounts {
  gstAmount: number;
  netAmount: number;
}

function hasAtMost2Decimals(value: number): boolean {
  return toPaise(value) / 100 === value;
}

/**
 * GST = gross × rate / 100 rounded to 2 decimals (half up); net = gross + GST. Amounts the editor can
 * save (at most 2 decimals) are worked out in paise, exactly as checkout prices them (`gstOn`);
 * anything else typed on the way there, in floating point.
 */
export function computeGst(grossAmount: unknown, gstRate: unknown = DEFAULT_GST_RATE): GstAmounts {
  const gross = numberOrZero(grossAmount);
  const rate = numberOrZero(gstRate);
  if (hasAtMost2Decimals(gross) && hasAtMost2Decimals(rate) && gross >= 0 && rate >= 0) {
    const grossPaise = toPaise(gross);
    const gstPaise = gstOn(grossPaise, rate);
    return { gstAmount: gstPaise / 100, netAmount: (grossPaise + gstPaise) / 100 };
  }
  const gstAmount = roundTo2((gross * rate) / 100);
  return { gstAmount, netAmount: roundTo2(gross + gstAmount) };
}

/** Razorpay takes no payment under ₹1 (100 paise). */
export const MIN_PAID_NET_AMOUNT = 1;

export const RATE_CARD_AMOUNT_MESSAGES = {
  gstAmount: (gst: number, rate: number, gross: number) =>
    `GST amount must be ${formatInr(toPaise(gst))}: ${rate}% of the gross amount ${formatInr(toPaise(gross))}, to 2 decimals`,
  netAmount: (exact: number) => {
    const rounded = roundToRupee(toPaise(exact));
    return rounded === toPaise(exact)
      ? `Nett amount must be ${formatInr(rounded)}: gross amount + GST`
      : `Nett amount must be ${formatInr(toPaise(exact))} (gross amount + GST) or ${formatInr(rounded)} (rounded to the rupee)`;
  },
  belowMinimum: `Nett amount must be at least INR ${MIN_PAID_NET_AMOUNT} for a rate card that is not free: online payment takes no less`,
  belowMinimumForOthers: `Nett amount must be 0 or at least INR ${MIN_PAID_NET_AMOUNT}: students who are not special students pay it online, which takes no less`,
} as const;

/**
 * What is wrong with a rate card's amounts, field by field (the rate card's own field names):
 * - GST must be the gross × the rate, to 2 decimals, so that invoices state the tax right;
 * - the nett must be gross + GST, or that rounded to a whole rupee;
 * - what students pay online is 0 (no price yet: checkout refuses it) or at least ₹1.
 * A card free for everyone is never sold, so its amounts are not checked.
 */
export function rateCardAmountIssues(card: {
  grossAmount: number;
  gstRate: number;
  gstAmount: number;
  netAmount: number;
  isFree: boolean;
  freeMode: 'none' | 'lakshya-students';
}): FieldIssue[] {
  if (card.isFree && card.freeMode === 'none') return [];
  const issues: FieldIssue[] = [];
  const expected = computeGst(card.grossAmount, card.gstRate);
  if (toPaise(card.gstAmount) !== toPaise(expected.gstAmount)) {
    issues.push({ field: 'gstAmount', message: RATE_CARD_AMOUNT_MESSAGES.gstAmount(expected.gstAmount, card.gstRate, card.grossAmount) });
  }
  const net = toPaise(card.netAmount);
  const exactNet = toPaise(expected.netAmount);
  // Rounding to the rupee may not make a price disappear (₹0.35 is not ₹0).
  const rounded = roundToRupee(exactNet);
  if (net !== exactNet && (net !== rounded || rounded === 0)) {
    issues.push({ field: 'netAmount', message: RATE_CARD_AMOUNT_MESSAGES.netAmount(expected.netAmount) });
  } else if (net > 0 && net < toPaise(MIN_PAID_NET_AMOUNT)) {
    issues.push({ field: 'netAmount', message: card.isFree ? RATE_CARD_AMOUNT_MESSAGES.belowMinimumForOthers : RATE_CARD_AMOUNT_MESSAGES.belowMinimum });
  }
  return issues;
}
