import type { z } from 'zod';
import { CHECKOUT_MESSAGES, type checkoutInputSchema, type Quote } from '../../shared/commerce/checkout.schema.ts';
import { COUPON_USE_MESSAGES, couponRefusal, type CouponPurchase } from '../../shared/commerce/coupon-use.rules.ts';
import { toPaise } from '../../shared/commerce/money.ts';
import { applyCoupon, PricingError, rateCardPrice, type PricedOrder } from '../../shared/commerce/pricing.rules.ts';
import { TERM_DAYS, type SubscriptionTerm } from '../../shared/subscriptions/subscription.constants.ts';
import type { RequestContext } from '../context.ts';
import * as coupons from '../coupons/coupons.repository.ts';
import type { ResourceType } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { consumeRateLimits, rateLimitReached } from '../rate-limit/rate-limit.service.ts';
import { cardsFreeTo } from '../lakshya-students/free-access.repository.ts';
import { wrongCouponRules } from './checkout-limits.ts';
import * as repo from './orders.repository.ts';

export type CheckoutInput = z.output<typeof checkoutInputSchema>;

export interface Priced {
  card: NonNullable<Awaited<ReturnType<typeof repo.findCard>>>;
  resource: { type: ResourceType; id: string; title: string } | null;
  termDays: number;
  price: PricedOrder;
  coupon: { id: string; code: string; perStudentLimit: number | null } | null;
}

/**
 * The stored coupon for a code. Codes that are not valid count against the student's account
 * (counted before the lookup, and taken back when the code is real, so that a burst of guesses
 * is held exactly) and against the address (checked first, counted only for a wrong code, so that
 * many students behind one network checking out together with a real code are never held up).
 */
async function couponForCode(ctx: RequestContext, code: string, userId: string) {
  const [accountRule, addressRule] = wrongCouponRules(userId, ctx.ip);
  const hits = await consumeRateLimits(ctx.db, [accountRule!]);
  const reached = await rateLimitReached(ctx.db, addressRule!);
  if (reached) {
    await hits.release();
    throw reached;
  }
  const coupon = await coupons.activeCouponByCode(ctx.db, code);
  if (!coupon) {
    await consumeRateLimits(ctx.db, [addressRule!]);
    throw new AppError('validation', COUPON_USE_MESSAGES.invalid, { field: 'couponCode' });
  }
  await hits.release();
  return coupon;
}

/**
 * What is being bought and what it costs, all decided here from the stored rate card and coupon:
 * nothing the app sends (an amount, a currency, a term) changes the price. A coupon must be active,
 * inside its window, meant for this rate card or resource, and not used up (in all, or by this student).
 */
export async function priceOf(ctx: RequestContext, input: CheckoutInput, userId: string): Promise<Priced> {
  const { db } = ctx;
  let resource: Priced['resource'] = null;
  let cardId = input.subscriptionId;
  if (input.resourceType && input.resourceId) {
    const found = await repo.findResourceForSale(db, input.resourceType, input.resourceId);
    if (!found || !found.isPublished) throw new AppError('not-found', CHECKOUT_MESSAGES.notFound, { field: 'resourceId' });
    if (found.cardIds.length === 0) throw new AppError('validation', CHECKOUT_MESSAGES.notForSale, { field: 'resourceId' });
    if (cardId && !found.cardIds.includes(cardId)) throw new AppError('validation', CHECKOUT_MESSAGES.cardNotOffered, { field: 'subscriptionId' });
    // The rule that opens it decides: when any card it is sold under is free to this student, it is already theirs.
    const free = await cardsFreeTo(db, userId, found.cardIds);
    if (free.size > 0) throw new AppError('validation', CHECKOUT_MESSAGES.free);
    // A card free only to special students is not for sale to others: the first card with a price is the one sold.
    cardId ??= (await repo.firstPricedCard(db, found.cardIds)) ?? found.cardIds[0]!;
    resource = { type: input.resourceType, id: found.id, title: found.title };
  }
  const card = cardId ? await repo.findCard(db, cardId) : undefined;
  if (!card) throw new AppError('not-found', CHECKOUT_MESSAGES.notFound, { field: 'subscriptionId' });
  // Free for everyone, or free to special students and this is one: nothing to buy.
  if (!resource && (await cardsFreeTo(db, userId, [card.id])).has(card.id)) throw new AppError('validation', CHECKOUT_MESSAGES.free);
  const termDays = TERM_DAYS[card.subscription_term as SubscriptionTerm] ?? 0;
  if (termDays <= 0) throw new AppError('validation', CHECKOUT_MESSAGES.noTerm);
  const base = rateCardPrice({
    grossAmount: toPaise(card.gross_amount),
    gstRate: card.gst_rate,
    gstAmount: toPaise(card.gst_amount),
    netAmount: toPaise(card.net_amount),
  });
  // Razorpay takes no order under ₹1: a card priced below that (saved before amounts were checked) has no price to pay.
  if (base.netAmount < 100) throw new AppError('validation', CHECKOUT_MESSAGES.noPrice);
  if (!input.couponCode) return { card, resource, termDays, price: base, coupon: null };

  const coupon = await couponForCode(ctx, input.couponCode, userId);
  const purchase: CouponPurchase = { subscriptionId: card.id, resource: resource && { type: resource.type, id: resource.id } };
  const terms = {
    isActive: coupon.is_active,
    validFrom: coupon.valid_from,
    validUntil: coupon.valid_until,
    usageLimit: coupon.usage_limit,
    uses: coupon.uses,
    perStudentLimit: coupon.per_student_limit,
    scope: coupon.scope,
  };
  const refusal = couponRefusal(terms, purchase, coupon.per_student_limit === null ? 0 : await coupons.studentCouponUses(db, coupon.id, userId), new Date());
  if (refusal) throw new AppError('validation', refusal, { field: 'couponCode' });
  try {
    const discount = {
      discountType: coupon.discount_type,
      value: coupon.discount_type === 'rate' ? coupon.value_hundredths / 100 : coupon.value_hundredths,
      minOrderAmount: coupon.min_order_paise,
    };
    return {
      card,
      resource,
      termDays,
      price: applyCoupon(base, discount),
      coupon: { id: coupon.id, code: coupon.code, perStudentLimit: coupon.per_student_limit },
    };
  } catch (error) {
    if (error instanceof PricingError) throw new AppError('validation', error.message, { field: 'couponCode' });
    throw error;
  }
}

export function quoteOf(priced: Priced): Quote {
  const { card, resource, price: amounts } = priced;
  return {
    title: card.title,
    subscriptionId: card.id,
    subscriptionTerm: card.subscription_term,
    termDays: priced.termDays,
    resourceType: resource?.type ?? null,
    resourceId: resource?.id ?? null,
    resourceTitle: resource?.title ?? null,
    currency: 'INR',
    grossPaise: amounts.grossAmount,
    discountPaise: amounts.discountAmount,
    discountRate: amounts.discountRate,
    gstRate: amounts.gstRate,
    gstPaise: amounts.gstAmount,
    netPaise: amounts.netAmount,
    couponCode: priced.coupon?.code ?? null,
  };
}
