import { DEFAULT_GST_RATE } from '../subscriptions/subscription.constants.ts';
import { formatInr, roundPaise, roundToRupee, type Paise } from './money.ts';

export const PRICING_MESSAGES = {
  orderAndCouponRequired: 'Order and coupon is required',
  minimumNotMet: (minimum: Paise) => `The minimum order amount for this coupon is INR ${formatInr(minimum)}`,
} as const;

/** What an order costs before any coupon: from its rate card. */
export interface OrderPrice {
  grossAmount: Paise;
  /** Percent, e.g. 18. */
  gstRate: number;
  gstAmount: Paise;
  netAmount: Paise;
}

export type DiscountType = 'rate' | 'amount';

export interface CouponTerms {
  discountType: DiscountType;
  /** Percent for 'rate' (0–100), paise for 'amount'. */
  value: number;
  /** Null: no minimum (shown as -1). */
  minOrderAmount: Paise | null;
}

/** The order's price after a coupon: every amount in paise. */
export interface PricedOrder extends OrderPrice {
  discountAmount: Paise;
  /** The coupon's percentage for a rate coupon; 0 for an amount coupon. */
  discountRate: number;
}

export class PricingError extends Error {}

/**
 * Tax on an amount at a percentage with up to 2 decimals, rounded half up to the paisa: amount ×
 * rate ÷ 100, divided into `parts` equal shares (2 for CGST and SGST, each at half the rate). It is
 * worked out in whole numbers, since in floating point 100.25 × 18 ÷ 100 is 18.0449999… and would
 * round the half paisa down; PostgreSQL's round() over numeric gives the same answer, so the
 * database can check an invoice's tax lines.
 */
export function taxAt(amount: Paise, ratePercent: number, parts = 1): Paise {
  const rateHundredths = Math.round(ratePercent * 100);
  const divisor = 10_000 * parts;
  return Math.floor((2 * amount * rateHundredths + divisor) / (2 * divisor));
}

/** GST on an amount at a rate, to the paisa. */
export function gstOn(amount: Paise, gstRate: number): Paise {
  return taxAt(amount, gstRate);
}

/**
 * A rate card's price for its term: GST is always the gross × the rate (to the paisa), so that the
 * invoice's tax lines are the rate of its taxable value. The card's own net stands when it is
 * gross + GST or that rounded to a whole rupee (what the editor allows); a card saved before that
 * was checked, with GST or net typed by hand, is sold at gross + GST.
 */
export function rateCardPrice(card: { grossAmount: Paise; gstRate: number | null; gstAmount: Paise; netAmount: Paise }): PricedOrder {
  const gstRate = card.gstRate ?? DEFAULT_GST_RATE;
  const gstAmount = gstOn(card.grossAmount, gstRate);
  const exactNet = card.grossAmount + gstAmount;
  const netAmount = card.netAmount === roundToRupee(exactNet) ? card.netAmount : exactNet;
  return { grossAmount: card.grossAmount, gstRate, gstAmount, netAmount, discountAmount: 0, discountRate: 0 };
}

/**
 * Applies a coupon to an order (the specification's "Coupon attachment and tax"):
 * 1. refused without an order or a coupon;
 * 2. refused when the coupon has a minimum (not -1) and the order's net amount is below it;
 * 3. the discount is the coupon's amount, or its rate of the gross; tax is recomputed on gross less
 *    the discount at the order's GST rate (to the paisa), and the net is rounded to a whole rupee;
 * 4. a discount larger than the gross is ignored for the tax base (tax is then on the gross), and
 *    the net is then that tax alone (rounded to a whole rupee).
 */
export function applyCoupon(order: OrderPrice | null | undefined, coupon: CouponTerms | null | undefined): PricedOrder {
  if (!order || !coupon) throw new PricingError(PRICING_MESSAGES.orderAndCouponRequired);
  if (coupon.minOrderAmount !== null && coupon.minOrderAmount > -1 && order.netAmount < coupon.minOrderAmount) {
    throw new PricingError(PRICING_MESSAGES.minimumNotMet(coupon.minOrderAmount));
  }
  const discountAmount = coupon.discountType === 'rate' ? roundPaise((order.grossAmount * coupon.value) / 100) : coupon.value;
  const discounted = order.grossAmount - discountAmount;
  const taxBase = discounted < 0 ? order.grossAmount : discounted;
  const gstAmount = gstOn(taxBase, order.gstRate);
  return {
    grossAmount: order.grossAmount,
    gstRate: order.gstRate,
    discountAmount,
    discountRate: coupon.discountType === 'rate' ? coupon.value : 0,
    gstAmount,
    netAmount: roundToRupee(Math.max(0, discounted) + gstAmount),
  };
}
