import { describe, expect, it } from 'vitest';
import { DEFAULT_GST_RATE } from '../../../../shared/subscriptions/subscription.constants.ts';
import { computeGst, numberOrZero, RATE_CARD_AMOUNT_MESSAGES, rateCardAmountIssues, roundTo2 } from '../../../../shared/subscriptions/gst.rules.ts';

describe('computeGst', () => {
  it('takes gross × rate / 100 as the GST amount and adds it to gross for the nett amount', () => {
    expect(computeGst(1000, 18)).toEqual({ gstAmount: 180, netAmount: 1180 });
    expect(computeGst(499, 5)).toEqual({ gstAmount: 24.95, netAmount: 523.95 });
    expect(computeGst(2500, 12)).toEqual({ gstAmount: 300, netAmount: 2800 });
  });

  it('rounds the GST amount to 2 decimals, a half cent up', () => {
    // 333.33 × 18 / 100 = 59.9994
    expect(computeGst(333.33, 18)).toEqual({ gstAmount: 60, netAmount: 393.33 });
    // 1.25 × 18 / 100 = 0.225
    expect(computeGst(1.25, 18)).toEqual({ gstAmount: 0.23, netAmount: 1.48 });
    // 99.99 × 18 / 100 = 17.9982
    expect(computeGst(99.99, 18)).toEqual({ gstAmount: 18, netAmount: 117.99 });
    // 0.05 × 18 / 100 = 0.009
    expect(computeGst(0.05, 18)).toEqual({ gstAmount: 0.01, netAmount: 0.06 });
  });

  it('gives a nett amount with at most 2 decimals even when the sum is inexact in floating point', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    const { netAmount } = computeGst(0.1, 200);
    expect(netAmount).toBe(0.3);
    for (const gross of [0.07, 19.99, 1234.56, 99999.99]) {
      for (const rate of [0, 5, 12, 18, 28, 2.5]) {
        const result = computeGst(gross, rate);
        expect(Math.round(result.gstAmount * 100) / 100, `${gross} at ${rate}%`).toBe(result.gstAmount);
        expect(Math.round(result.netAmount * 100) / 100, `${gross} at ${rate}%`).toBe(result.netAmount);
      }
    }
  });

  it('uses the default rate of 18 percent when no rate is given', () => {
    expect(DEFAULT_GST_RATE).toBe(18);
    expect(computeGst(1000)).toEqual({ gstAmount: 180, netAmount: 1180 });
  });

  it('takes numeric strings as the numbers they spell, as typed in the editor', () => {
    expect(computeGst('1000', '18')).toEqual({ gstAmount: 180, netAmount: 1180 });
    expect(computeGst(' 250.50 ', '5')).toEqual({ gstAmount: 12.53, netAmount: 263.03 });
  });

  it('takes NaN, empty, blank and non-numeric input as 0', () => {
    expect(computeGst(Number.NaN, 18)).toEqual({ gstAmount: 0, netAmount: 0 });
    expect(computeGst('', 18)).toEqual({ gstAmount: 0, netAmount: 0 });
    expect(computeGst('   ', 18)).toEqual({ gstAmount: 0, netAmount: 0 });
    expect(computeGst('abc', 18)).toEqual({ gstAmount: 0, netAmount: 0 });
    expect(computeGst(null, 18)).toEqual({ gstAmount: 0, netAmount: 0 });
    expect(computeGst(undefined, 18)).toEqual({ gstAmount: 0, netAmount: 0 });
    // A rate that is not a number gives no tax, not the default.
    expect(computeGst(1000, Number.NaN)).toEqual({ gstAmount: 0, netAmount: 1000 });
    expect(computeGst(1000, '')).toEqual({ gstAmount: 0, netAmount: 1000 });
    expect(computeGst(1000, 'eighteen')).toEqual({ gstAmount: 0, netAmount: 1000 });
    expect(computeGst(Number.POSITIVE_INFINITY, 18)).toEqual({ gstAmount: 0, netAmount: 0 });
  });

  it('gives no tax at a rate of 0', () => {
    expect(computeGst(1500, 0)).toEqual({ gstAmount: 0, netAmount: 1500 });
  });

  it('rounds a half paisa up where floating point holds it just below, as checkout does', () => {
    // 100.25 × 18 / 100 = 18.045, held as 18.04499999999999…
    expect(computeGst(100.25, 18)).toEqual({ gstAmount: 18.05, netAmount: 118.3 });
  });
});

describe('rateCardAmountIssues', () => {
  const card = { grossAmount: 1000, gstRate: 18, gstAmount: 180, netAmount: 1180, isFree: false, freeMode: 'none' as const };

  it('accepts GST of gross × rate to 2 decimals and a nett of gross + GST, or that rounded to the rupee', () => {
    expect(rateCardAmountIssues(card)).toEqual([]);
    expect(rateCardAmountIssues({ ...card, grossAmount: 999.99, gstRate: 12.5, gstAmount: 125, netAmount: 1125 })).toEqual([]);
    expect(rateCardAmountIssues({ ...card, grossAmount: 999.99, gstRate: 12.5, gstAmount: 125, netAmount: 1124.99 })).toEqual([]);
    expect(rateCardAmountIssues({ ...card, grossAmount: 499, gstAmount: 89.82, netAmount: 588.82 })).toEqual([]);
    expect(rateCardAmountIssues({ ...card, grossAmount: 499, gstAmount: 89.82, netAmount: 589 })).toEqual([]);
    // A new card with no price yet: checkout refuses it with its own message.
    expect(rateCardAmountIssues({ ...card, grossAmount: 0, gstAmount: 0, netAmount: 0 })).toEqual([]);
  });

  it('names the GST amount when it is not the rate of the gross', () => {
    expect(rateCardAmountIssues({ ...card, gstAmount: 100, netAmount: 1100 })).toEqual([
      { field: 'gstAmount', message: 'GST amount must be 180: 18% of the gross amount 1,000, to 2 decimals' },
      { field: 'netAmount', message: 'Nett amount must be 1,180: gross amount + GST' },
    ]);
    expect(rateCardAmountIssues({ ...card, gstRate: 5, gstAmount: 180, netAmount: 1050 })).toEqual([
      { field: 'gstAmount', message: RATE_CARD_AMOUNT_MESSAGES.gstAmount(50, 5, 1000) },
    ]);
    expect(rateCardAmountIssues({ ...card, gstAmount: 180.01, netAmount: 1180 })).toEqual([
      { field: 'gstAmount', message: RATE_CARD_AMOUNT_MESSAGES.gstAmount(180, 18, 1000) },
    ]);
  });

  it('names the nett amount when it is neither gross + GST nor that rounded to the rupee', () => {
    expect(rateCardAmountIssues({ ...card, netAmount: 1500 })).toEqual([{ field: 'netAmount', message: 'Nett amount must be 1,180: gross amount + GST' }]);
    expect(rateCardAmountIssues({ ...card, netAmount: 1000 })).toEqual([{ field: 'netAmount', message: 'Nett amount must be 1,180: gross amount + GST' }]);
    expect(rateCardAmountIssues({ ...card, grossAmount: 999.99, gstRate: 5, gstAmount: 50, netAmount: 1049 })).toEqual([
      { field: 'netAmount', message: 'Nett amount must be 1,049.99 (gross amount + GST) or 1,050 (rounded to the rupee)' },
    ]);
  });

  it('refuses a nett under ₹1 on a card that is sold, but not a card free for everyone', () => {
    const cheap = { ...card, grossAmount: 0.5, gstAmount: 0.09, netAmount: 0.59 };
    expect(rateCardAmountIssues(cheap)).toEqual([{ field: 'netAmount', message: RATE_CARD_AMOUNT_MESSAGES.belowMinimum }]);
    expect(RATE_CARD_AMOUNT_MESSAGES.belowMinimum).toBe('Nett amount must be at least INR 1 for a rate card that is not free: online payment takes no less');
    // Free only to special students: everyone else pays it online.
    expect(rateCardAmountIssues({ ...cheap, isFree: true, freeMode: 'lakshya-students' })).toEqual([
      { field: 'netAmount', message: RATE_CARD_AMOUNT_MESSAGES.belowMinimumForOthers },
    ]);
    expect(rateCardAmountIssues({ ...cheap, isFree: true, freeMode: 'none' })).toEqual([]);
    // ₹0.30 + GST rounded to the rupee is not ₹0.
    expect(rateCardAmountIssues({ ...card, grossAmount: 0.3, gstAmount: 0.05, netAmount: 0 })).toMatchObject([{ field: 'netAmount' }]);
    expect(rateCardAmountIssues({ ...card, grossAmount: 0.85, gstAmount: 0.15, netAmount: 1 })).toEqual([]);
  });
});

describe('numberOrZero', () => {
  it('keeps finite numbers and numeric strings, and turns everything else into 0', () => {
    expect(numberOrZero(12.5)).toBe(12.5);
    expect(numberOrZero('7')).toBe(7);
    expect(numberOrZero('')).toBe(0);
    expect(numberOrZero('1e3')).toBe(1000);
    expect(numberOrZero('12abc')).toBe(0);
    expect(numberOrZero(Number.NaN)).toBe(0);
    expect(numberOrZero(true)).toBe(0);
    expect(numberOrZero({})).toBe(0);
  });
});

describe('roundTo2', () => {
  it('rounds to 2 decimals, a half cent up even where floating point holds it just below', () => {
    // 1.005 is held as 1.00499999999999989...
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(2.344)).toBe(2.34);
    expect(roundTo2(2.345)).toBe(2.35);
    expect(roundTo2(10)).toBe(10);
  });
});
