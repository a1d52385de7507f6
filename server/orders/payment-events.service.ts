import { createHash } from 'node:crypto';
import { CHECKOUT_MESSAGES } from '../../shared/commerce/checkout.schema.ts';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { fulfilOrder, type FulfilOutcome } from './fulfilment.ts';
import * as repo from './orders.repository.ts';
import { paymentGateway } from './payment-gateway.ts';

export const WEBHOOK_MESSAGES = {
  badSignature: 'The webhook signature is not valid',
  notJson: 'The webhook body is not a JSON event',
} as const;

interface WebhookEvent {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown; amount?: unknown; status?: unknown } };
    order?: { entity?: { id?: unknown; receipt?: unknown; amount_paid?: unknown } };
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : null);

async function orderOfEvent(db: Db, event: WebhookEvent) {
  const providerOrderId = text(event.payload?.payment?.entity?.order_id) ?? text(event.payload?.order?.entity?.id);
  const byProvider = providerOrderId ? await repo.findOrderByProviderId(db, providerOrderId) : undefined;
  if (byProvider) return { order: byProvider, providerOrderId };
  // Our order id is the provider order's receipt.
  const receipt = text(event.payload?.order?.entity?.receipt);
  const byReceipt = receipt && /^[0-9a-f-]{36}$/i.test(receipt) ? await repo.findOrder(db, receipt) : undefined;
  return { order: byReceipt && byReceipt.razorpay_order_id === providerOrderId ? byReceipt : undefined, providerOrderId };
}

/**
 * POST /api/payments/razorpay/webhook: checks X-Razorpay-Signature over the raw body (400 and
 * nothing changed when it does not match), ignores an event id already handled, and takes events in
 * any order: a captured payment or a paid order fulfils the order (once), a failed payment marks a
 * waiting order failed, and nothing moves a paid order back.
 */
export async function handleRazorpayWebhook(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  request: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
): Promise<{ status: 'handled' | 'duplicate' | 'ignored'; outcome?: string }> {
  const gateway = paymentGateway(ctx.config);
  if (!gateway) throw new AppError('unavailable', CHECKOUT_MESSAGES.paymentNotConfigured, { statusCode: 501 });
  if (!request.signature || !gateway.webhookSignatureIsValid(request.rawBody, request.signature)) throw new AppError('validation', WEBHOOK_MESSAGES.badSignature);
  let event: WebhookEvent;
  try {
    event = JSON.parse(request.rawBody.toString('utf8')) as WebhookEvent;
  } catch {
    throw new AppError('validation', WEBHOOK_MESSAGES.notJson);
  }
  if (typeof event !== 'object' || event === null || typeof event.event !== 'string') throw new AppError('validation', WEBHOOK_MESSAGES.notJson);
  const eventId = request.eventId?.slice(0, 200) || `body:${createHash('sha256').update(request.rawBody).digest('hex')}`;
  const seen = await ctx.db.selectFrom('payment_events').select('event_id').where('event_id', '=', eventId).executeTakeFirst();
  if (seen) return { status: 'duplicate' };

  const { order, providerOrderId } = await orderOfEvent(ctx.db, event);
  let outcome: FulfilOutcome | 'failed-marked' | 'attempted-marked' | 'unknown-order' | 'ignored' = 'ignored';
  if (!order) {
    outcome = 'unknown-order';
  } else if (event.event === 'payment.captured' || event.event === 'order.paid') {
    const payment = event.payload?.payment?.entity;
    const amount = typeof payment?.amount === 'number' ? payment.amount : typeof event.payload?.order?.entity?.amount_paid === 'number' ? event.payload.order.entity.amount_paid : null;
    outcome = await fulfilOrder(ctx, order.id, { paymentId: text(payment?.id), amount });
    if (outcome === 'amount-mismatch') ctx.log.error({ orderId: order.id, amount, expected: order.net_paise }, 'a payment of another amount than the order was not taken');
  } else if (event.event === 'payment.failed') {
    await repo.setWaitingStatus(ctx.db, order.id, 'failed');
    outcome = 'failed-marked';
  } else if (event.event === 'payment.authorized') {
    await repo.setWaitingStatus(ctx.db, order.id, 'attempted');
    outcome = 'attempted-marked';
  }
  // Recorded once handled: an event that failed half-way is handled again when it is sent again.
  await repo.recordEvent(ctx.db, { id: eventId, type: event.event, providerOrderId, outcome });
  return { status: outcome === 'ignored' || outcome === 'unknown-order' ? 'ignored' : 'handled', outcome };
}

/** Orders older than this with no payment seen are asked about; after a day without one they expire. */
export const RECONCILE_AFTER_MINUTES = 15;
export const EXPIRE_AFTER_HOURS = 24;

/**
 * The worker's reconciliation: orders still waiting (or failed) 15 minutes after they were made are
 * looked up at Razorpay; a captured payment fulfils the order (so a crash between payment and
 * fulfilment, or a lost webhook, is made good); an order a day old with nothing paid expires.
 */
export async function reconcileOpenOrders(deps: { db: Db; config: Config }, options: { limit?: number; now?: Date } = {}): Promise<{ checked: number; fulfilled: number; expired: number }> {
  const gateway = paymentGateway(deps.config);
  const counts = { checked: 0, fulfilled: 0, expired: 0 };
  if (!gateway) return counts;
  const now = options.now ?? new Date();
  for (const order of await repo.staleOpenOrders(deps.db, RECONCILE_AFTER_MINUTES, options.limit ?? 200)) {
    counts.checked += 1;
    const payments = await gateway.orderPayments(order.razorpay_order_id!);
    const captured = payments.find((payment) => payment.status === 'captured');
    if (captured) {
      if ((await fulfilOrder(deps, order.id, { paymentId: captured.id, amount: captured.amount })) === 'fulfilled') counts.fulfilled += 1;
    } else if (!payments.some((payment) => payment.status === 'authorized') && now.getTime() - order.created_at.getTime() > EXPIRE_AFTER_HOURS * 3_600_000) {
      await repo.setWaitingStatus(deps.db, order.id, 'expired');
      counts.expired += 1;
    }
  }
  return counts;
}
