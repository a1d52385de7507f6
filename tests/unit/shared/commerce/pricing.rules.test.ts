import { describe, expect, it } from 'vitest';
import { formatInr, roundToRupee, toPaise, toRupees } from '../../../../shared/commerce/money.ts';
import {
  applyCoupon,
  gstOn,
  PRICING_MESSAGES,
  PricingError,
  rateCardPrice,
  type OrderPrice,
  type PricedOrder,
} from '../../../../shared/commerce/pricing.rules.ts';

/** ₹1,000 + 18% GST = ₹1,180. */
const order: OrderPrice = { grossAmount: 100_000, gstRate: 18, gstAmount: 18_000, netAmount: 118_000 };

describe('money', () => {
  it('counts paise and rounds to the paisa and to the rupee, half up', () => {
    expect(toPaise(12.34)).toBe(1234);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1.005)).toBe(101);
    expect(toRupees(1234)).toBe(12.34);
    expect(roundToRupee(12_349)).toBe(12_300);
    expect(roundToRupee(12_350)).toBe(12_400);
    expect(formatInr(50_000)).toBe('500');
    expect(formatInr(123_456_750)).toBe('12,34,567.5');
  });

  it('works GST out to the paisa', () => {
    expect(gstOn(100_000, 18)).toBe(18_000);
    expect(gstOn(999, 18)).toBe(180); // 179.82 paise → 180
    expect(gstOn(12_345, 12.5)).toBe(1543); // 1543.125 → 1543
    expect(gstOn(0, 18)).toBe(0);
  });

  /** Each card with what its price must hold. */
  const expectPrices = (cases: Array<[card: Parameters<typeof rateCardPrice>[0], price: Partial<PricedOrder>]>) => {
    for (const [card, price] of cases) expect(rateCardPrice(card), JSON.stringify(card)).toMatchObject(price);
  };

  it("takes a rate card's price as stored when it agrees with its rate, 18% when the card has no rate", () => {
    expect(rateCardPrice({ grossAmount: 100_000, gstRate: null, gstAmount: 18_000, netAmount: 118_000 })).toEqual({
      ...order,
      discountAmount: 0,
      discountRate: 0,
    });
    expectPrices([
      // ₹999.99 at 12.5%: GST ₹125.00, net ₹1,124.99 or, as the card has it, rounded to ₹1,125.
      [
        { grossAmount: 99_999, gstRate: 12.5, gstAmount: 12_500, netAmount: 112_500 },
        { gstAmount: 12_500, netAmount: 112_500 },
      ],
      [
        { grossAmount: 99_999, gstRate: 12.5, gstAmount: 12_500, netAmount: 112_499 },
        { gstAmount: 12_500, netAmount: 112_499 },
      ],
    ]);
  });

  it('prices a card whose GST or net was typed by hand at gross + GST on the gross, so the invoice states the tax charged', () => {
    expectPrices([
      // GST typed ₹100 on ₹1,000 at 18% (an invoice read "CGST @ 9% ₹50").
      [
        { grossAmount: 100_000, gstRate: 18, gstAmount: 10_000, netAmount: 110_000 },
        { gstAmount: 18_000, netAmount: 118_000 },
      ],
      // Net typed ₹1,500 and ₹1,000 (round-off lines of ₹320 and −₹180).
      [
        { grossAmount: 100_000, gstRate: 18, gstAmount: 18_000, netAmount: 150_000 },
        { gstAmount: 18_000, netAmount: 118_000 },
      ],
      [
        { grossAmount: 100_000, gstRate: 18, gstAmount: 18_000, netAmount: 100_000 },
        { gstAmount: 18_000, netAmount: 118_000 },
      ],
      // A 5% card with 18% typed as its GST ("CGST @ 2.5%" of ₹90).
      [
        { grossAmount: 100_000, gstRate: 5, gstAmount: 18_000, netAmount: 118_000 },
        { gstRate: 5, gstAmount: 5000, netAmount: 105_000 },
      ],
    ]);
  });

  it('rounds GST half a paisa up exactly, where floating point would round it down', () => {
    // ₹100.25 at 18% = ₹18.045 (1804.5 paise; 100.25 × 18 / 100 is 18.044999… in floating point).
    expect(gstOn(10_025, 18)).toBe(1805);
  });
});

describe('applyCoupon', () => {
  it('refuses without an order or a coupon', () => {
    const coupon = { discountType: 'rate' as const, value: 10, minOrderAmount: null };
    for (const [o, c] of [
      [null, coupon],
      [order, null],
      [undefined, undefined],
    ] as const) {
      expect(() => applyCoupon(o, c)).toThrow(new PricingError(PRICING_MESSAGES.orderAndCouponRequired));
    }
  });

  it('takes a rate off the gross, recomputes GST on the rest and rounds the net to a rupee', () => {
    // ₹1,000 − 10% = ₹900; GST 18% = ₹162; net ₹1,062.
    expect(applyCoupon(order, { discountType: 'rate', value: 10, minOrderAmount: null })).toEqual({
      grossAmount: 100_000,
      gstRate: 18,
      discountAmount: 10_000,
      discountRate: 10,
      gstAmount: 16_200,
      netAmount: 106_200,
    });
    // ₹999 − 12.5% = ₹874.125 → discount ₹124.88 (12,487.5 paise, half up); base ₹874.12; GST ₹157.34; net ₹1,031.46 → ₹1,031.
    const odd = applyCoupon(
      { grossAmount: 99_900, gstRate: 18, gstAmount: 17_982, netAmount: 117_882 },
      { discountType: 'rate', value: 12.5, minOrderAmount: null },
    );
    expect(odd).toMatchObject({ discountAmount: 12_488, gstAmount: 15_734, netAmount: 103_100 });
  });

  it('takes an amount off, with the discount rate 0', () => {
    // ₹1,000 − ₹250.50 = ₹749.50; GST ₹134.91; net ₹884.41 → ₹884.
    expect(applyCoupon(order, { discountType: 'amount', value: 25_050, minOrderAmount: -1 })).toMatchObject({
      discountAmount: 25_050,
      discountRate: 0,
      gstAmount: 13_491,
      netAmount: 88_400,
    });
  });

  it('checks the minimum against the net amount: below refuses, exactly at it applies, -1 means none', () => {
    const minimum = (minOrderAmount: number | null) => ({ discountType: 'amount' as const, value: 10_000, minOrderAmount });
    expect(() => applyCoupon(order, minimum(118_001))).toThrow(PRICING_MESSAGES.minimumNotMet(118_001));
    expect(PRICING_MESSAGES.minimumNotMet(150_000)).toBe('The minimum order amount for this coupon is INR 1,500');
    expect(PRICING_MESSAGES.minimumNotMet(49_950)).toBe('The minimum order amount for this coupon is INR 499.5');
    expect(applyCoupon(order, minimum(118_000)).discountAmount).toBe(10_000);
    expect(applyCoupon(order, minimum(-1)).discountAmount).toBe(10_000);
    expect(applyCoupon(order, minimum(null)).discountAmount).toBe(10_000);
    expect(applyCoupon(order, minimum(0)).discountAmount).toBe(10_000);
  });

  it('ignores a discount above the gross for the tax base: tax on the gross, nothing else to pay', () => {
    const priced = applyCoupon(order, { discountType: 'amount', value: 150_000, minOrderAmount: null });
    expect(priced).toMatchObject({ discountAmount: 150_000, gstAmount: 18_000, netAmount: 18_000 });
    // Exactly the gross: nothing taxable, nothing to pay.
    expect(applyCoupon(order, { discountType: 'rate', value: 100, minOrderAmount: null })).toMatchObject({
      discountAmount: 100_000,
      gstAmount: 0,
      netAmount: 0,
    });
  });

  it('uses the rate card GST rate, not 18%, when the card has another', () => {
    const fivePercent: OrderPrice = { grossAmount: 100_000, gstRate: 5, gstAmount: 5000, netAmount: 105_000 };
    expect(applyCoupon(fivePercent, { discountType: 'rate', value: 20, minOrderAmount: null })).toMatchObject({ gstAmount: 4000, netAmount: 84_000 });
  });
});
