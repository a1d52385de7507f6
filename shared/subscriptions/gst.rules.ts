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

/** GST = gross × rate / 100 rounded to 2 decimals; net = gross + GST. */
export function computeGst(grossAmount: unknown, gstRate: unknown = DEFAULT_GST_RATE): GstAmounts {
  const gross = numberOrZero(grossAmount);
  const rate = numberOrZero(gstRate);
  const gstAmount = roundTo2((gross * rate) / 100);
  return { gstAmount, netAmount: roundTo2(gross + gstAmount) };
}
