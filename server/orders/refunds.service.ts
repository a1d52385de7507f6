import { formatInr } from '../../shared/commerce/money.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import type { Config } from '../config.ts';
import { giveBackCouponUse } from '../coupons/coupons.repository.ts';
import type { Db } from '../db/database.ts';
import { takeBackGrant } from './entitlement-grants.ts';
import { issueCreditNote } from './invoices.service.ts';
import { lockOrder, markOrderRefunded, setRefundedPaise, type OrderRow } from './orders.repository.ts';
import { GatewayError, type GatewayRefund, type PaymentGateway } from './payment-gateway.ts';
import * as refundsRepo from './refunds.repository.ts';
import type { RefundRow } from './refunds.repository.ts';

export interface RefundDeps {
  db: Db;
  config: Config;
  gateway: PaymentGateway;
}

/**
 * What a processed refund changes, once (inside a transaction holding the order's lock): the paise
 * refunded, a credit note for its amount, and, when the whole order is refunded, the access it
 * gave and its coupon use. A partial refund leaves access as it is and asks staff to decide.
 * A refund of another payment than the one that paid the order (a second payment, a payment to an
 * order that could no longer be paid) changes nothing on the order.
 */
async function applyRefundEffects(trx: Db, config: Config, order: OrderRow, refund: RefundRow): Promise<void> {
  await refundsRepo.markRefundApplied(trx, refund.id);
  if (refund.razorpay_payment_id !== order.razorpay_payment_id) return;
  const refunded = Math.min(order.net_paise, order.refunded_paise + refund.amount_paise);
  await setRefundedPaise(trx, order.id, refunded);
  if (order.status !== 'paid') return;
  await issueCreditNote(trx, config, { orderId: order.id, amountPaise: refund.amount_paise, reason: refund.reason, refundId: refund.razorpay_refund_id });
  if (refunded >= order.net_paise) {
    await takeBackGrant(trx, order);
    await markOrderRefunded(trx, order.id);
    if (order.coupon_id && order.coupon_held) await giveBackCouponUse(trx, order.coupon_id, true);
    return;
  }
  await raiseAlert(trx, {
    message: `A partial refund of INR ${formatInr(refund.amount_paise)} of INR ${formatInr(order.net_paise)} was made for order ${order.id} (${order.resource_title ?? order.title}). The student keeps access: decide whether to take it back by deleting the order.`,
    resourceType: 'order',
    resourceId: order.id,
  });
}

/** Records one refund Razorpay reports for a payment of this order, and applies it once it is processed. */
async function recordRefund(deps: RefundDeps, orderId: string, refund: GatewayRefund): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) return;
    let row = await refundsRepo.findRefundByRazorpayId(trx, refund.id);
    // The refund the product asked for, whose answer was lost: it is this one.
    row ??= await refundsRepo.adoptUnansweredClaim(trx, refund);
    row ??= await refundsRepo.insertReportedRefund(trx, order.id, refund);
    if (row.status !== refund.status || row.amount_paise !== refund.amount) row = await refundsRepo.updateRefundState(trx, row.id, refund);
    if (refund.status === 'processed' && row.applied_at === null) await applyRefundEffects(trx, deps.config, order, row);
  });
}

/** Asks Razorpay for the refunds of a payment and applies those not applied yet (a refund webhook, the reconciler). */
export async function applyPaymentRefunds(deps: RefundDeps, orderId: string, paymentId: string): Promise<number> {
  const refunds = await deps.gateway.paymentRefunds(paymentId);
  for (const refund of refunds) await recordRefund(deps, orderId, refund);
  return refunds.length;
}

/**
 * Claims the one refund the product may ask for on a payment (held by a unique index): null when
 * it was claimed before. The claim is written, with any alert, before Razorpay is called, so that a
 * crash after the call is finished by the reconciler instead of refunding twice.
 */
export function claimRefund(trx: Db, claim: refundsRepo.RefundClaim): Promise<string | null> {
  return refundsRepo.insertRefundClaim(trx, claim);
}

export type SentRefund = { refund: GatewayRefund } | { refused: string } | { noAnswer: string } | null;

/**
 * Sends a claimed refund to Razorpay (no connection held) and records its answer. When Razorpay
 * refuses because the payment is already refunded, the refund it holds is taken as this one.
 * Answers the refund; or what Razorpay refused (the claim is marked failed and staff are alerted);
 * or that it did not answer (the claim stays for the reconciler to send again, unless the caller,
 * staff waiting on the answer, removes it); null when there is nothing to send.
 */
export async function sendClaimedRefund(deps: RefundDeps, refundId: string): Promise<SentRefund> {
  const claim = await refundsRepo.findRefund(deps.db, refundId);
  if (!claim || claim.razorpay_refund_id) return null;
  let made: GatewayRefund | undefined;
  try {
    made = await deps.gateway.refundPayment(claim.razorpay_payment_id, { notes: { orderId: claim.order_id, reason: claim.reason.slice(0, 200) } });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await refundsRepo.setRefundError(deps.db, refundId, error.message);
    if (!error.refused) return { noAnswer: error.message };
    const known = await refundsRepo.recordedRefundIdsOfPayment(deps.db, claim.razorpay_payment_id);
    const taken = new Set(known.map((row) => row.razorpay_refund_id));
    made = (await deps.gateway.paymentRefunds(claim.razorpay_payment_id)).find((refund) => !taken.has(refund.id));
    if (!made) {
      await refundsRepo.markRefundFailed(deps.db, refundId);
      await raiseAlert(deps.db, {
        message: `Razorpay refused the refund of payment ${claim.razorpay_payment_id} (order ${claim.order_id}): ${error.message}`.slice(0, 1000),
        resourceType: 'order',
        resourceId: claim.order_id,
      });
      return { refused: error.message };
    }
  }
  await attachRefund(deps, claim, made);
  return { refund: made };
}

/** Gives the claim Razorpay's refund id and state (a webhook may have recorded the same refund first: the two become one). */
async function attachRefund(deps: RefundDeps, claim: RefundRow, refund: GatewayRefund): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, claim.order_id);
    const current = await refundsRepo.razorpayRefundIdOf(trx, claim.id);
    // Gone, or the refund webhook already found this claim and gave it the refund.
    if (!current || current.razorpay_refund_id) return;
    const reported = await refundsRepo.deleteReportedRefund(trx, refund.id);
    const row = await refundsRepo.attachRazorpayRefund(trx, claim.id, refund, reported?.applied_at ?? null);
    if (order && refund.status === 'processed' && row.applied_at === null) await applyRefundEffects(trx, deps.config, order, row);
  });
}

/** Claims left without Razorpay's answer (a crash, Razorpay down) and refunds still pending: sent again or looked up. */
export async function finishUnfinishedRefunds(deps: RefundDeps, limit = 50): Promise<number> {
  const rows = await refundsRepo.unfinishedRefunds(deps.db, limit);
  for (const row of rows) {
    try {
      if (row.status === 'requested' && !row.razorpay_refund_id) await sendClaimedRefund(deps, row.id);
      else await applyPaymentRefunds(deps, row.order_id, row.razorpay_payment_id);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      await refundsRepo.setRefundError(deps.db, row.id, error.message);
    }
  }
  return rows.length;
}
