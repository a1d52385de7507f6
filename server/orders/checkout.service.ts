import type { z } from 'zod';
import { CHECKOUT_MESSAGES, type checkoutInputSchema, type CreatedOrder, type Quote, type StudentOrder, type verifyPaymentInputSchema } from '../../shared/commerce/checkout.schema.ts';
import { toPaise, toRupees } from '../../shared/commerce/money.ts';
import { applyCoupon, PricingError, rateCardPrice, type PricedOrder } from '../../shared/commerce/pricing.rules.ts';
import { TERM_DAYS, type SubscriptionTerm } from '../../shared/subscriptions/subscription.constants.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { requireActor } from '../auth/access.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { ResourceType } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { isSpecialStudent } from '../students/special-students.repository.ts';
import { fulfilOrder } from './fulfilment.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { findDocument } from './invoices.service.ts';
import * as repo from './orders.repository.ts';
import { GatewayError, paymentGateway, type PaymentGateway } from './payment-gateway.ts';

type CheckoutInput = z.output<typeof checkoutInputSchema>;

/** A waiting order this recent is handed back on a second "Buy" instead of a new one. */
export const REUSE_OPEN_ORDER_MINUTES = 15;

interface Priced {
  card: NonNullable<Awaited<ReturnType<typeof repo.findCard>>>;
  resource: { type: ResourceType; id: string; title: string } | null;
  termDays: number;
  price: PricedOrder;
  coupon: { id: string; code: string } | null;
}

/** What is being bought and what it costs, all decided here from the stored rate card and coupon. */
async function price(db: Db, input: CheckoutInput, userId: string): Promise<Priced> {
  let resource: Priced['resource'] = null;
  let cardId = input.subscriptionId;
  if (input.resourceType && input.resourceId) {
    const found = await repo.findResourceForSale(db, input.resourceType, input.resourceId);
    if (!found || !found.isPublished) throw new AppError('not-found', CHECKOUT_MESSAGES.notFound, { field: 'resourceId' });
    if (found.cardIds.length === 0) throw new AppError('validation', CHECKOUT_MESSAGES.notForSale, { field: 'resourceId' });
    if (cardId && !found.cardIds.includes(cardId)) throw new AppError('validation', CHECKOUT_MESSAGES.cardNotOffered, { field: 'subscriptionId' });
    cardId ??= found.cardIds[0]!;
    resource = { type: input.resourceType, id: found.id, title: found.title };
  }
  const card = cardId ? await repo.findCard(db, cardId) : undefined;
  if (!card) throw new AppError('not-found', CHECKOUT_MESSAGES.notFound, { field: 'subscriptionId' });
  // Free for everyone, or free to special students and this is one: nothing to buy.
  if (card.is_free && (card.free_mode === 'none' || (await isSpecialStudent(db, userId)))) throw new AppError('validation', CHECKOUT_MESSAGES.free);
  const termDays = TERM_DAYS[card.subscription_term as SubscriptionTerm] ?? 0;
  if (termDays <= 0) throw new AppError('validation', CHECKOUT_MESSAGES.noTerm);
  const base = rateCardPrice({ grossAmount: toPaise(card.gross_amount), gstRate: card.gst_rate, gstAmount: toPaise(card.gst_amount), netAmount: toPaise(card.net_amount) });
  if (base.netAmount <= 0) throw new AppError('validation', CHECKOUT_MESSAGES.noPrice);
  if (!input.couponCode) return { card, resource, termDays, price: base, coupon: null };
  const coupon = await repo.findActiveCouponByCode(db, input.couponCode);
  if (!coupon) throw new AppError('validation', CHECKOUT_MESSAGES.couponInvalid, { field: 'couponCode' });
  try {
    const terms = { discountType: coupon.discount_type, value: coupon.discount_type === 'rate' ? coupon.value_hundredths / 100 : coupon.value_hundredths, minOrderAmount: coupon.min_order_paise };
    return { card, resource, termDays, price: applyCoupon(base, terms), coupon: { id: coupon.id, code: coupon.code } };
  } catch (error) {
    if (error instanceof PricingError) throw new AppError('validation', error.message, { field: 'couponCode' });
    throw error;
  }
}

function quoteOf(priced: Priced): Quote {
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
    grossAmount: toRupees(amounts.grossAmount),
    discountAmount: toRupees(amounts.discountAmount),
    discountRate: amounts.discountRate,
    gstRate: amounts.gstRate,
    gstAmount: toRupees(amounts.gstAmount),
    netAmount: toRupees(amounts.netAmount),
    couponCode: priced.coupon?.code ?? null,
  };
}

export function studentOrderOf(order: repo.OrderRow, accessEndsAt: Date | null): StudentOrder {
  return {
    _id: order.id,
    status: order.status,
    title: order.title,
    subscriptionId: order.subscription_id ?? '',
    subscriptionTerm: order.subscription_term,
    termDays: order.term_days,
    resourceType: order.resource_type,
    resourceId: order.resource_id,
    resourceTitle: order.resource_title,
    currency: 'INR',
    grossAmount: toRupees(order.gross_paise),
    discountAmount: toRupees(order.discount_paise),
    discountRate: order.discount_rate,
    gstRate: order.gst_rate,
    gstAmount: toRupees(order.gst_paise),
    netAmount: toRupees(order.net_paise),
    couponCode: order.coupon_code,
    createdAt: order.created_at.toISOString(),
    paidAt: order.paid_at?.toISOString() ?? null,
    accessEndsAt: accessEndsAt?.toISOString() ?? null,
  };
}

/** POST /api/student/checkout/quote: the price, with the coupon applied (counted as an impression). */
export async function quote(ctx: RequestContext, input: CheckoutInput): Promise<Quote> {
  const actor = await requireActor(ctx);
  const priced = await price(ctx.db, input, actor.id);
  if (priced.coupon) await repo.countImpression(ctx.db, priced.coupon.id);
  return quoteOf(priced);
}

function gatewayOf(ctx: RequestContext): PaymentGateway {
  const gateway = paymentGateway(ctx.config);
  // 501, as for any feature the server is not configured for (sign-in with Google too); 503 is for a payment service that did not answer.
  if (!gateway) throw new AppError('unavailable', CHECKOUT_MESSAGES.paymentNotConfigured, { statusCode: 501 });
  return gateway;
}

async function withAccess(db: Db, order: repo.OrderRow): Promise<StudentOrder> {
  const ends = await repo.entitlementEnds(db, [order.entitlement_id]);
  return studentOrderOf(order, order.entitlement_id ? (ends.get(order.entitlement_id) ?? null) : null);
}

/**
 * POST /api/student/orders: an order at the server's price, and a Razorpay order for its net with
 * our order id as the receipt. A second click while the first order waits for its payment gets the
 * same order back. An order a coupon made free is fulfilled at once.
 */
export async function createOrder(ctx: RequestContext, input: CheckoutInput): Promise<CreatedOrder> {
  const actor = await requireActor(ctx);
  const priced = await price(ctx.db, input, actor.id);
  const free = priced.price.netAmount === 0;
  const gateway = free ? null : gatewayOf(ctx);
  const values = {
    user_id: actor.id,
    subscription_id: priced.card.id,
    title: priced.card.title,
    subscription_term: priced.card.subscription_term,
    term_days: priced.termDays,
    resource_type: priced.resource?.type ?? null,
    resource_id: priced.resource?.id ?? null,
    resource_title: priced.resource?.title ?? null,
    gross_paise: priced.price.grossAmount,
    discount_paise: priced.price.discountAmount,
    discount_rate: priced.price.discountRate,
    gst_rate: priced.price.gstRate,
    gst_paise: priced.price.gstAmount,
    net_paise: priced.price.netAmount,
    coupon_id: priced.coupon?.id ?? null,
    coupon_code: priced.coupon?.code ?? null,
    mode: free ? ('free' as const) : ('online' as const),
    created_by: 'student' as const,
    created_by_user: actor.id,
    buyer_state: input.billingState ?? null,
  };
  if (free) {
    const order = await repo.insertOrder(ctx.db, values);
    await fulfilOrder(ctx, order.id, { paymentId: null, amount: null });
    return { ...(await withAccess(ctx.db, (await repo.findOrder(ctx.db, order.id))!)), payment: null };
  }
  // One checkout at a time per student: a double click finds the first order.
  const order = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockStudentCheckout(trx, actor.id);
    const twin = await repo.findOpenTwin(trx, values, REUSE_OPEN_ORDER_MINUTES);
    if (twin) return twin;
    const created = await repo.insertOrder(trx, values);
    let providerOrder: { id: string };
    try {
      providerOrder = await gateway!.createOrder({ amount: created.net_paise, receipt: created.id, notes: { orderId: created.id, userId: actor.id } });
    } catch (error) {
      if (error instanceof GatewayError) throw new AppError('unavailable', CHECKOUT_MESSAGES.paymentUnavailable);
      throw error;
    }
    await repo.setProviderOrder(trx, created.id, providerOrder.id);
    return { ...created, razorpay_order_id: providerOrder.id };
  });
  return {
    ...studentOrderOf(order, null),
    payment: { provider: 'razorpay', keyId: gateway!.keyId, razorpayOrderId: order.razorpay_order_id!, amount: order.net_paise, currency: 'INR' },
  };
}

async function ownOrder(ctx: RequestContext, id: string): Promise<repo.OrderRow> {
  const actor = await requireActor(ctx);
  const order = UUID_PATTERN.test(id) ? await repo.findOrder(ctx.db, id) : undefined;
  // Another student's order is as unknown as one that does not exist.
  if (!order || order.user_id !== actor.id || order.status === 'deleted') throw new AppError('not-found', CHECKOUT_MESSAGES.orderNotFound);
  return order;
}

/**
 * POST /api/student/orders/{id}/verify: the app reports Checkout's payment; a valid signature
 * (HMAC-SHA256 of order_id|payment_id with the key secret, compared in constant time) for this
 * order's Razorpay order fulfils it. A wrong one changes nothing.
 */
export async function verifyPayment(ctx: RequestContext, { id, ...payment }: { id: string } & z.output<typeof verifyPaymentInputSchema>): Promise<StudentOrder> {
  const order = await ownOrder(ctx, id);
  const gateway = gatewayOf(ctx);
  const valid = order.razorpay_order_id === payment.razorpay_order_id && gateway.paymentSignatureIsValid(payment.razorpay_order_id, payment.razorpay_payment_id, payment.razorpay_signature);
  if (!valid) throw new AppError('validation', CHECKOUT_MESSAGES.badSignature, { field: 'razorpay_signature' });
  const outcome = await fulfilOrder(ctx, order.id, { paymentId: payment.razorpay_payment_id, amount: null });
  if (outcome === 'deleted') throw new AppError('conflict', CHECKOUT_MESSAGES.orderNotPayable);
  return withAccess(ctx.db, (await repo.findOrder(ctx.db, order.id))!);
}

/** GET /api/student/orders/{id}. */
export async function getStudentOrder(ctx: RequestContext, { id }: { id: string }): Promise<StudentOrder> {
  return withAccess(ctx.db, await ownOrder(ctx, id));
}

/** GET /api/student/orders: the student's latest orders. */
export async function listStudentOrders(ctx: RequestContext): Promise<StudentOrder[]> {
  const actor = await requireActor(ctx);
  const orders = await repo.studentOrders(ctx.db, actor.id, 100);
  const ends = await repo.entitlementEnds(ctx.db, orders.map((order) => order.entitlement_id));
  return orders.map((order) => studentOrderOf(order, order.entitlement_id ? (ends.get(order.entitlement_id) ?? null) : null));
}

/** GET /api/student/orders/{id}/invoice: the GST invoice of one of the student's paid orders, as a PDF. */
export async function studentInvoicePdf(ctx: RequestContext, { id }: { id: string }): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await ownOrder(ctx, id);
  const invoice = await findDocument(ctx.db, order.id, 'invoice');
  if (!invoice) throw new AppError('not-found', CHECKOUT_MESSAGES.noInvoice);
  return { fileName: `${invoice.number.replaceAll('/', '-')}.pdf`, pdf: await invoicePdf(invoice) };
}
