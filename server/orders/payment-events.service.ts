import { createHash } from 'node:crypto';
import { CHECKOUT_MESSAGES } from '../../shared/commerce/checkout.schema.ts';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { enqueue } from '../jobs/enqueue.ts';
import * as repo from './orders.repository.ts';
import { findPaymentEvent, markEventProcessed, storeWebhookEvent } from './payment-events.repository.ts';
import { paymentGateway, type PaymentGateway } from './payment-gateway.ts';
import { settlePayment } from './payment-settlement.ts';
import { applyPaymentRefunds } from './refunds.service.ts';

export const WEBHOOK_MESSAGES = {
  badSignature: 'The webhook signature is not valid',
  notJson: 'The webhook body is not a JSON event',
} as const;

/** The events the product acts on; any other is stored and ignored. */
export const HANDLED_EVENTS = [
  'payment.authorized',
  'payment.captured',
  'order.paid',
  'payment.failed',
  'refund.created',
  'refund.processed',
  'refund.failed',
  'payment.refunded',
] as const;

interface WebhookEvent {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown } };
    order?: { entity?: { id?: unknown; receipt?: unknown } };
    refund?: { entity?: { payment_id?: unknown } };
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null);

function parseEvent(rawBody: Buffer | string): WebhookEvent | null {
  try {
    const event = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')) as WebhookEvent;
    return typeof event === 'object' && event !== null && typeof event.event === 'string' ? event : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/payments/razorpay/webhook: checks X-Razorpay-Signature over the raw body (400 and
 * nothing changed when it does not match), then stores the event under its id and queues the job
 * that applies it, in one short transaction, and answers. Razorpay counts a slow answer as a
 * failure and sends again, so nothing slow (Razorpay's API, fulfilment) happens before the answer.
 * An event id already stored is a duplicate: answered, not queued again.
 */
export async function handleRazorpayWebhook(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  request: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
): Promise<{ status: 'queued' | 'duplicate' | 'ignored' }> {
  const gateway = paymentGateway(ctx.config);
  if (!gateway) throw new AppError('not-configured', CHECKOUT_MESSAGES.paymentNotConfigured);
  if (!request.signature || !gateway.webhookSignatureIsValid(request.rawBody, request.signature))
    throw new AppError('validation', WEBHOOK_MESSAGES.badSignature);
  const event = parseEvent(request.rawBody);
  if (!event) throw new AppError('validation', WEBHOOK_MESSAGES.notJson);
  const eventId = request.eventId?.slice(0, 200) || `body:${createHash('sha256').update(request.rawBody).digest('hex')}`;
  const type = String(event.event).slice(0, 100);
  const handled = (HANDLED_EVENTS as readonly string[]).includes(type);
  const providerOrderId = text(event.payload?.payment?.entity?.order_id) ?? text(event.payload?.order?.entity?.id);
  return ctx.db.transaction().execute(async (trx) => {
    const stored = await storeWebhookEvent(trx, { id: eventId, type, providerOrderId, handled, body: request.rawBody.toString('utf8') });
    if (!stored) return { status: 'duplicate' as const };
    if (!handled) return { status: 'ignored' as const };
    await enqueue(trx, 'apply-payment-event', { eventId }, { keyId: eventId, keyMode: 'unsafe_dedupe', maxAttempts: 25 });
    return { status: 'queued' as const };
  });
}

/** The order an event is about: by its Razorpay order id, else by the receipt (our order id) of the order it names. */
async function orderOfEvent(db: Db, event: WebhookEvent): Promise<repo.OrderRow | undefined> {
  const providerOrderId = text(event.payload?.payment?.entity?.order_id) ?? text(event.payload?.order?.entity?.id);
  const byProvider = providerOrderId ? await repo.findOrderByProviderId(db, providerOrderId) : undefined;
  if (byProvider) return byProvider;
  const receipt = text(event.payload?.order?.entity?.receipt);
  const byReceipt = receipt && /^[0-9a-f-]{36}$/i.test(receipt) ? await repo.findOrder(db, receipt) : undefined;
  return byReceipt && byReceipt.razorpay_order_id === providerOrderId ? byReceipt : undefined;
}

/**
 * The job that applies one stored webhook event: a payment (authorized, captured, an order paid) is
 * settled from Razorpay's record of it; a failed payment marks a waiting order failed; a refund
 * event applies the payment's refunds. Razorpay being unreachable throws, and the job is tried
 * again later; applying the same event twice changes nothing.
 */
export async function applyPaymentEvent(deps: { db: Db; config: Config; gateway?: PaymentGateway | null }, eventId: string): Promise<string> {
  const gateway = deps.gateway ?? paymentGateway(deps.config);
  const stored = await findPaymentEvent(deps.db, eventId);
  if (!stored || stored.processed_at) return 'already-applied';
  const event = stored.body ? parseEvent(stored.body) : null;
  let outcome: string;
  const order = event ? await orderOfEvent(deps.db, event) : undefined;
  const paymentId = text(event?.payload?.payment?.entity?.id) ?? text(event?.payload?.refund?.entity?.payment_id);
  if (!gateway) outcome = 'not-configured';
  else if (!order || !paymentId) outcome = 'unknown-order';
  else if (stored.event_type === 'payment.failed') {
    await repo.setWaitingStatus(deps.db, order.id, 'failed');
    outcome = 'failed-marked';
  } else if (stored.event_type.startsWith('refund.') || stored.event_type === 'payment.refunded') {
    outcome = `refunds-${await applyPaymentRefunds({ ...deps, gateway }, order.id, paymentId)}`;
  } else {
    outcome = await settlePayment({ ...deps, gateway }, order.id, paymentId);
  }
  await markEventProcessed(deps.db, eventId, outcome);
  return outcome;
}
