import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import { stampNow } from '../db/stamp-now.ts';
import type { RefundsTable } from '../db/types.ts';
import type { GatewayRefund } from './payment-gateway.ts';

/** Queries of refunds; each runs on the connection (or transaction) it is given. */

export type RefundRow = Selectable<RefundsTable>;

export function findRefund(db: Db, id: string) {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRefundByRazorpayId(trx: Db, razorpayRefundId: string) {
  return trx.selectFrom('refunds').selectAll().where('razorpay_refund_id', '=', razorpayRefundId).executeTakeFirst();
}

/** The refund the product asked for on this payment whose answer was lost: it takes Razorpay's refund id. */
export function adoptUnansweredClaim(trx: Db, refund: GatewayRefund) {
  return trx
    .updateTable('refunds')
    .set({ razorpay_refund_id: refund.id })
    .where('razorpay_payment_id', '=', refund.paymentId)
    .where('origin', '=', 'product')
    .where('razorpay_refund_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A refund made in Razorpay's dashboard (not asked for by the product). */
export function insertReportedRefund(trx: Db, orderId: string, refund: GatewayRefund) {
  return trx
    .insertInto('refunds')
    .values({
      order_id: orderId,
      razorpay_payment_id: refund.paymentId,
      razorpay_refund_id: refund.id,
      amount_paise: refund.amount,
      status: refund.status,
      origin: 'razorpay',
      reason: `Refund ${refund.id}`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRefundState(trx: Db, id: string, refund: Pick<GatewayRefund, 'status' | 'amount'>) {
  return trx.updateTable('refunds').set({ status: refund.status, amount_paise: refund.amount }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function markRefundApplied(trx: Db, id: string): Promise<void> {
  await stampNow(trx, 'refunds', 'applied_at', { id });
}

export interface RefundClaim {
  orderId: string;
  paymentId: string;
  amount: number;
  reason: string;
  requestedBy: string | null;
}

/**
 * Inserts the one refund the product may ask for on a payment (held by a unique index); answers
 * its id, or null when it was claimed before.
 */
export async function insertRefundClaim(trx: Db, claim: RefundClaim): Promise<string | null> {
  // The partial unique index is named by its predicate, written out (a bound parameter would not match it).
  const { rows } = await sql<{ id: string }>`
    insert into refunds (order_id, razorpay_payment_id, amount_paise, status, origin, reason, requested_by)
    values (${claim.orderId}, ${claim.paymentId}, ${claim.amount}, 'requested', 'product', ${claim.reason}, ${claim.requestedBy})
    on conflict (razorpay_payment_id) where origin = 'product' do nothing
    returning id`.execute(trx);
  const row = rows[0];
  return row?.id ?? null;
}

export async function setRefundError(db: Db, id: string, message: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ error: message.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

export async function markRefundFailed(db: Db, id: string): Promise<void> {
  await db.updateTable('refunds').set({ status: 'failed' }).where('id', '=', id).execute();
}

/** Razorpay's ids of the refunds of this payment already recorded. */
export function recordedRefundIdsOfPayment(db: Db, paymentId: string) {
  return db
    .selectFrom('refunds')
    .select('razorpay_refund_id')
    .where('razorpay_payment_id', '=', paymentId)
    .where('razorpay_refund_id', 'is not', null)
    .execute();
}

export function razorpayRefundIdOf(trx: Db, id: string) {
  return trx.selectFrom('refunds').select('razorpay_refund_id').where('id', '=', id).executeTakeFirst();
}

/** Removes the row a refund webhook recorded for this refund (the claim takes its place), answering when it was applied. */
export function deleteReportedRefund(trx: Db, razorpayRefundId: string) {
  return trx
    .deleteFrom('refunds')
    .where('razorpay_refund_id', '=', razorpayRefundId)
    .where('origin', '=', 'razorpay')
    .returning('applied_at')
    .executeTakeFirst();
}

/** Gives a claim Razorpay's refund id and state. */
export function attachRazorpayRefund(trx: Db, id: string, refund: GatewayRefund, appliedAt: Date | null) {
  return trx
    .updateTable('refunds')
    .set({ razorpay_refund_id: refund.id, status: refund.status, amount_paise: refund.amount, error: null, applied_at: appliedAt })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a claim Razorpay never answered (staff may then try again). */
export async function deleteUnsentClaim(db: Db, id: string): Promise<void> {
  await db.deleteFrom('refunds').where('id', '=', id).where('razorpay_refund_id', 'is', null).execute();
}

/** Claims left without Razorpay's answer and refunds still pending, for more than a minute, the oldest first. */
export function unfinishedRefunds(db: Db, limit: number) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('status', 'in', ['requested', 'pending'])
    .where('created_at', '<', sql<Date>`now() - interval '1 minute'`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
