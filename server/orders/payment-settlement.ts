import { formatInr } from '../../shared/commerce/money.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { payerOf } from './customers.repository.ts';
import { fulfilOrder, type FulfilOutcome } from './fulfilment.ts';
import * as repo from './orders.repository.ts';
import { lockPaymentAlert, paymentAlertRaised } from './payment-alerts.repository.ts';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './payment-gateway.ts';
import { applyPaymentRefunds, claimRefund, sendClaimedRefund } from './refunds.service.ts';

export interface SettleDeps {
  db: Db;
  config: Config;
  gateway: PaymentGateway;
}

/**
 * What became of a reported payment:
 * - the fulfilment outcomes (fulfilled, already-paid, ...);
 * - foreign: the payment belongs to another order; amount-mismatch: it is not for the order's
 *   amount or currency (both give nothing and alert staff);
 * - pending: not captured yet and not capturable (still being made);
 * - failed: the payment failed; refunded: it was refunded before it could pay the order.
 */
export type SettleOutcome = FulfilOutcome | 'foreign' | 'pending' | 'failed';

/** Writes an alert once per payment and kind, however many times the payment is reported. */
async function alertOnce(db: Db, key: string, alert: { message: string; orderId: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPaymentAlert(trx, key);
    if (!(await paymentAlertRaised(trx, key))) await raiseAlert(trx, { message: alert.message, resourceType: 'payment', resourceId: key });
  });
}

/** Captures an authorized payment for the order's amount; a capture that raced another (Checkout and a webhook) is read back. */
async function capture(gateway: PaymentGateway, payment: GatewayPayment, amount: number): Promise<GatewayPayment> {
  try {
    return await gateway.capturePayment(payment.id, amount, 'INR');
  } catch (error) {
    if (!(error instanceof GatewayError) || !error.refused) throw error;
    const now = await gateway.fetchPayment(payment.id);
    if (now.status !== 'captured') throw error;
    return now;
  }
}

/**
 * Money taken for an order that can no longer give anything (staff deleted it, a later "Buy"
 * replaced it, it was already paid by another payment) goes back to the student at once, and
 * staff are told.
 */
async function refundUnpayable(deps: SettleDeps, order: repo.OrderRow, payment: GatewayPayment, why: FulfilOutcome): Promise<void> {
  const reason =
    why === 'paid-by-another'
      ? 'A second payment for an order already paid'
      : why === 'cancelled'
        ? 'A payment for an order replaced by a later one'
        : `A payment for an order that was ${why}`;
  const claimId = await deps.db.transaction().execute(async (trx) => {
    const claimed = await claimRefund(trx, {
      orderId: order.id,
      paymentId: payment.id,
      amount: payment.amount - payment.amountRefunded,
      reason,
      requestedBy: null,
    });
    if (claimed) {
      const student = await payerOf(trx, order.user_id);
      await raiseAlert(trx, {
        message: `${reason}: INR ${formatInr(payment.amount)} paid by ${student?.name || student?.phone_number || student?.email_address || 'a student'} (order ${order.id}, ${order.resource_title ?? order.title}) is being refunded automatically.`,
        resourceType: 'order',
        resourceId: order.id,
      });
    }
    return claimed;
  });
  if (claimId) await sendClaimedRefund(deps, claimId);
}

/**
 * Settles a payment reported for an order (by Checkout, a webhook or the reconciler) from
 * Razorpay's own record, never from what the report says: the payment must belong to the order's
 * Razorpay order and be for its amount in rupees; an authorized payment is captured for that
 * amount; a captured one fulfils the order once. Razorpay errors are thrown (GatewayError) for the
 * caller to answer or retry. No connection is held while Razorpay is asked.
 */
export async function settlePayment(deps: SettleDeps, orderId: string, paymentId: string): Promise<SettleOutcome> {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order) return 'not-found';
  let payment = await deps.gateway.fetchPayment(paymentId);
  if (payment.orderId !== order.razorpay_order_id) {
    await alertOnce(deps.db, `${payment.id}:foreign`, {
      orderId: order.id,
      message: `Payment ${payment.id} was reported for order ${order.id}, but it was made for another Razorpay order (${payment.orderId ?? 'none'}): nothing was given.`,
    });
    return 'foreign';
  }
  if (payment.currency !== 'INR' || payment.amount !== order.net_paise) {
    await alertOnce(deps.db, `${payment.id}:amount`, {
      orderId: order.id,
      message: `Payment ${payment.id} of ${payment.currency} ${formatInr(payment.amount)} does not match order ${order.id} (${order.resource_title ?? order.title}, INR ${formatInr(order.net_paise)}): nothing was given and it was not captured. Check it in Razorpay's dashboard.`,
    });
    return 'amount-mismatch';
  }
  if (payment.status === 'failed') {
    await repo.setWaitingStatus(deps.db, order.id, 'failed');
    return 'failed';
  }
  if (payment.status === 'created') return 'pending';
  if (payment.status === 'refunded') {
    await applyPaymentRefunds(deps, order.id, payment.id);
    return 'refunded';
  }
  if (payment.status === 'authorized') {
    const secondPayment = order.status === 'paid' && order.razorpay_payment_id !== payment.id;
    const closed = order.status === 'deleted' || order.status === 'cancelled' || order.status === 'refunded' ? order.status : null;
    if (secondPayment || closed) {
      // Not captured: Razorpay returns an authorized payment nobody captures to the student by itself.
      await alertOnce(deps.db, `${payment.id}:uncaptured`, {
        orderId: order.id,
        message: `Payment ${payment.id} of INR ${formatInr(payment.amount)} for order ${order.id} was not captured (the order ${secondPayment ? 'was already paid' : `is ${order.status}`}); Razorpay returns it to the student.`,
      });
      return closed ?? 'paid-by-another';
    }
    payment = await capture(deps.gateway, payment, order.net_paise);
  }
  const outcome = await fulfilOrder(deps, order.id, { paymentId: payment.id, amount: payment.amount });
  if (outcome === 'deleted' || outcome === 'cancelled' || outcome === 'refunded' || outcome === 'paid-by-another') {
    if (payment.amountRefunded < payment.amount) await refundUnpayable(deps, order, payment, outcome);
  } else if (payment.amountRefunded > 0) {
    await applyPaymentRefunds(deps, order.id, payment.id);
  }
  return outcome;
}
