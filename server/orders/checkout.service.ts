import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { CHECKOUT_MESSAGES, type CreatedOrder, type Quote, type StudentOrder, type verifyPaymentInputSchema } from '../../shared/commerce/checkout.schema.ts';
import { COUPON_USE_MESSAGES } from '../../shared/commerce/coupon-use.rules.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { requireActor } from '../access/access.ts';
import type { RequestContext } from '../context.ts';
import * as coupons from '../coupons/coupons.repository.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { consumeRateLimits } from '../rate-limit/rate-limit.service.ts';
import { orderRules } from './checkout-limits.ts';
import { priceOf, quoteOf, type CheckoutInput, type Priced } from './checkout-pricing.ts';
import { fulfilOrderIn } from './fulfilment.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { findDocument } from './invoices.repository.ts';
import * as repo from './orders.repository.ts';
import { GATEWAY_TIMEOUT_MS, GatewayError, paymentGateway, type PaymentGateway } from './payment-gateway.ts';
import { settlePayment } from './payment-settlement.ts';
import { FIRST_CHECK_MINUTES } from './reconciler.ts';
import { pageOfRows, pageWindow, type StudentPageQuery } from '../../shared/validation/paging.ts';

/** A second tap on "Get it free" this soon answers the first free order instead of adding another term. */
export const FREE_ORDER_REPEAT_SECONDS = 60;

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
    grossPaise: order.gross_paise,
    discountPaise: order.discount_paise,
    discountRate: order.discount_rate,
    gstRate: order.gst_rate,
    gstPaise: order.gst_paise,
    netPaise: order.net_paise,
    couponCode: order.coupon_code,
    createdAt: order.created_at.toISOString(),
    paidAt: order.paid_at?.toISOString() ?? null,
    accessEndsAt: accessEndsAt?.toISOString() ?? null,
  };
}

/** POST /api/student/checkout/quote: the price, with the coupon applied (a student's first quote with a coupon counts as its impression). */
export async function quote(ctx: RequestContext, input: CheckoutInput): Promise<Quote> {
  const actor = await requireActor(ctx);
  const priced = await priceOf(ctx, input, actor.id);
  if (priced.coupon) await coupons.countImpressionOnce(ctx.db, priced.coupon.id, actor.id);
  return quoteOf(priced);
}

function gatewayOf(ctx: RequestContext): PaymentGateway {
  const gateway = paymentGateway(ctx.config);
  // 501, as for any feature the server is not configured for (sign-in with Google too); 503 is for a payment service that did not answer.
  if (!gateway) throw new AppError('not-configured', CHECKOUT_MESSAGES.paymentNotConfigured);
  return gateway;
}

async function withAccess(db: Db, order: repo.OrderRow): Promise<StudentOrder> {
  const ends = await repo.entitlementEnds(db, [order.entitlement_id]);
  return studentOrderOf(order, order.entitlement_id ? (ends.get(order.entitlement_id) ?? null) : null);
}

function orderValues(priced: Priced, actorId: string, input: CheckoutInput) {
  const free = priced.price.netAmount === 0;
  return {
    user_id: actorId,
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
    coupon_held: priced.coupon !== null,
    mode: free ? ('free' as const) : ('online' as const),
    created_by: 'student' as const,
    created_by_user: actorId,
    buyer_state: input.billingState ?? null,
  };
}
type OrderValues = ReturnType<typeof orderValues>;

const sameTerms = (open: repo.OrderRow, values: OrderValues) =>
  open.net_paise === values.net_paise && open.coupon_id === values.coupon_id && open.gross_paise === values.gross_paise;

/**
 * Inside the student's checkout lock: the order this "Buy" answers. An order for the same thing
 * that can still be paid is answered again (with the billing state given now) when its price and
 * coupon are the same, and otherwise cancelled (its coupon use given back; a payment that still
 * reaches it is refunded) before the new one is made. A coupon use is taken in the statement that
 * guards the coupon's limit, and the student's own limit is counted under this lock, so both hold
 * under any number of concurrent checkouts. A free order is paid in the same transaction.
 */
async function placeOrder(
  trx: Db,
  ctx: RequestContext,
  values: OrderValues,
  perStudentLimit: number | null,
): Promise<{ order: repo.OrderRow; reused: boolean }> {
  await repo.lockStudentCheckout(trx, values.user_id);
  if (values.mode === 'free') {
    const repeat = await repo.findRecentFreeOrder(trx, values, FREE_ORDER_REPEAT_SECONDS);
    if (repeat) return { order: repeat, reused: true };
  } else {
    const open = await repo.findOpenOrderFor(trx, values);
    if (open && sameTerms(open, values)) {
      const order = open.buyer_state === values.buyer_state ? open : await repo.setBuyerState(trx, open.id, values.buyer_state);
      return { order, reused: true };
    }
    if (open) {
      const ended = await repo.endOpenOrder(trx, open.id, 'cancelled');
      if (ended?.couponId && ended.heldCoupon) await coupons.giveBackCouponUse(trx, ended.couponId, false);
    }
  }
  if (values.coupon_id) {
    if (perStudentLimit !== null && (await coupons.studentCouponUses(trx, values.coupon_id, values.user_id)) >= perStudentLimit) {
      throw new AppError('validation', COUPON_USE_MESSAGES.studentLimit(perStudentLimit), { field: 'couponCode' });
    }
    if (!(await coupons.takeCouponUse(trx, values.coupon_id))) throw new AppError('validation', COUPON_USE_MESSAGES.usedUp, { field: 'couponCode' });
  }
  const order = await repo.insertOrder(trx, { ...values, next_check_at: values.mode === 'free' ? null : new Date(Date.now() + FIRST_CHECK_MINUTES * 60_000) });
  if (values.mode === 'free') {
    await fulfilOrderIn(trx, ctx.config, order.id, { paymentId: null, amount: null });
    return { order: (await repo.findOrder(trx, order.id))!, reused: false };
  }
  return { order, reused: false };
}

/** How long a second "Buy" waits for the Razorpay order the first one is making before making it itself. */
const PROVIDER_ORDER_WAIT_MS = GATEWAY_TIMEOUT_MS + 2_000;

/**
 * The Razorpay order of one of our orders, made with no database connection held. A second
 * request for the same order waits for the first to store its Razorpay order rather than making
 * another; if none comes (the first request died), it makes one, and the first stored wins.
 */
async function providerOrderFor(ctx: RequestContext, gateway: PaymentGateway, order: repo.OrderRow, reused: boolean): Promise<repo.OrderRow> {
  if (order.razorpay_order_id) return order;
  if (reused) {
    const waitUntil = order.created_at.getTime() + PROVIDER_ORDER_WAIT_MS;
    while (Date.now() < waitUntil) {
      await sleep(100);
      const now = await repo.findOrder(ctx.db, order.id);
      if (!now) throw new AppError('unavailable', CHECKOUT_MESSAGES.paymentUnavailable);
      if (now.razorpay_order_id) return now;
    }
  }
  let made: { id: string };
  try {
    made = await gateway.createOrder({ amount: order.net_paise, receipt: order.id, notes: { orderId: order.id, userId: order.user_id } });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // An order Razorpay has no order for can never be paid: it goes, with the coupon use it took.
    if (!reused) {
      await ctx.db.transaction().execute(async (trx) => {
        const removed = await repo.deleteUnmadeOrder(trx, order.id);
        if (removed?.coupon_id && removed.coupon_held) await coupons.giveBackCouponUse(trx, removed.coupon_id, false);
      });
    }
    throw new AppError('unavailable', CHECKOUT_MESSAGES.paymentUnavailable);
  }
  return (await repo.setProviderOrderOnce(ctx.db, order.id, made.id)) ?? (await repo.findOrder(ctx.db, order.id))!;
}

/**
 * POST /api/student/orders: an order at the server's price, and a Razorpay order for its net with
 * our order id as the receipt. The order is written and committed first; Razorpay is called with no
 * connection held; its order id is stored in a second short statement (a crash in between leaves an
 * order the reconciler gives up on). "Buy" again while an order can still be paid answers that
 * order. An order a coupon made free is paid at once. Each student may start a limited number of
 * orders in a short time.
 */
export async function createOrder(ctx: RequestContext, input: CheckoutInput): Promise<CreatedOrder> {
  const actor = await requireActor(ctx);
  const hits = await consumeRateLimits(ctx.db, orderRules(actor.id));
  const priced = await priceOf(ctx, input, actor.id);
  const values = orderValues(priced, actor.id, input);
  const gateway = values.mode === 'free' ? null : gatewayOf(ctx);
  const placed = await ctx.db.transaction().execute((trx) => placeOrder(trx, ctx, values, priced.coupon?.perStudentLimit ?? null));
  // The same order answered again is not another order started.
  if (placed.reused) await hits.release();
  if (!gateway) return { ...(await withAccess(ctx.db, placed.order)), payment: null };
  const order = await providerOrderFor(ctx, gateway, placed.order, placed.reused);
  return {
    ...studentOrderOf(order, null),
    payment: { provider: 'razorpay', keyId: gateway.keyId, razorpayOrderId: order.razorpay_order_id!, amountPaise: order.net_paise, currency: 'INR' },
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
 * POST /api/student/orders/{id}/verify: the app reports Checkout's payment. The signature
 * (HMAC-SHA256 of order_id|payment_id with the key secret, compared in constant time) must be for
 * this order's Razorpay order; then the payment itself is fetched from Razorpay and must belong to
 * that order, be for its amount in rupees, and be captured (an authorized one is captured here).
 * A wrong signature, or a payment that does not match, changes nothing.
 */
export async function verifyPayment(
  ctx: RequestContext,
  { id, ...payment }: { id: string } & z.output<typeof verifyPaymentInputSchema>,
): Promise<StudentOrder> {
  const order = await ownOrder(ctx, id);
  const gateway = gatewayOf(ctx);
  const valid =
    order.razorpay_order_id === payment.razorpay_order_id &&
    gateway.paymentSignatureIsValid(payment.razorpay_order_id, payment.razorpay_payment_id, payment.razorpay_signature);
  if (!valid) throw new AppError('validation', CHECKOUT_MESSAGES.badSignature, { field: 'razorpay_signature' });
  let outcome;
  try {
    outcome = await settlePayment({ db: ctx.db, config: ctx.config, gateway }, order.id, payment.razorpay_payment_id);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.refused) throw new AppError('validation', CHECKOUT_MESSAGES.badSignature, { field: 'razorpay_payment_id' });
    throw new AppError('unavailable', CHECKOUT_MESSAGES.paymentUnavailable);
  }
  if (outcome === 'foreign' || outcome === 'amount-mismatch')
    throw new AppError('validation', CHECKOUT_MESSAGES.paymentMismatch, { field: 'razorpay_payment_id' });
  if (outcome === 'deleted' || outcome === 'cancelled' || outcome === 'refunded' || outcome === 'paid-by-another')
    throw new AppError('conflict', CHECKOUT_MESSAGES.orderNotPayable);
  return withAccess(ctx.db, (await repo.findOrder(ctx.db, order.id))!);
}

/** GET /api/student/orders/{id}. */
export async function getStudentOrder(ctx: RequestContext, { id }: { id: string }): Promise<StudentOrder> {
  return withAccess(ctx.db, await ownOrder(ctx, id));
}

/** GET /api/student/orders: the student's orders, newest first, a page at a time. */
export async function listStudentOrders(ctx: RequestContext, query: StudentPageQuery) {
  const actor = await requireActor(ctx);
  const page = pageOfRows(await repo.studentOrders(ctx.db, actor.id, pageWindow(query)), query);
  const orders = page.items;
  const ends = await repo.entitlementEnds(
    ctx.db,
    orders.map((order) => order.entitlement_id),
  );
  return { ...page, items: orders.map((order) => studentOrderOf(order, order.entitlement_id ? (ends.get(order.entitlement_id) ?? null) : null)) };
}

/** GET /api/student/orders/{id}/invoice: the GST invoice of one of the student's paid orders, as a PDF. */
export async function studentInvoicePdf(ctx: RequestContext, { id }: { id: string }): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await ownOrder(ctx, id);
  const invoice = await findDocument(ctx.db, order.id, 'invoice');
  if (!invoice) throw new AppError('not-found', CHECKOUT_MESSAGES.noInvoice);
  return { fileName: `${invoice.number.replaceAll('/', '-')}.pdf`, pdf: await invoicePdf(invoice) };
}
