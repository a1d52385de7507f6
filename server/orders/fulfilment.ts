import { sql } from 'kysely';
import { formatInr } from '../../shared/commerce/money.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { issueInvoice } from './invoices.service.ts';
import { queueMessage } from '../messages/messages.service.ts';
import { grantForOrder } from './entitlement-grants.ts';
import { countRedemption, lockOrder, type OrderRow } from './orders.repository.ts';

export type FulfilOutcome = 'fulfilled' | 'already-paid' | 'not-found' | 'amount-mismatch' | 'deleted';

export interface Payment {
  /** The provider's payment id; null for an order nothing was paid for (free, or by hand). */
  paymentId: string | null;
  /** Paise the provider took; null when not told. */
  amount: number | null;
}

function receiptText(order: OrderRow, name: string, accessEndsAt: Date | null): string {
  const lines = [
    `Dear ${name || 'student'},`,
    '',
    `Thank you for your payment of INR ${formatInr(order.net_paise)} for ${order.resource_title ?? order.title} (${order.subscription_term}).`,
    `Order: ${order.id}`,
  ];
  if (order.coupon_code) lines.push(`Coupon: ${order.coupon_code} (INR ${formatInr(order.discount_paise)} off)`);
  if (accessEndsAt) lines.push(`Your access lasts until ${accessEndsAt.toISOString().slice(0, 10)}.`);
  lines.push('', 'Your GST invoice is in the app, under your orders.');
  return lines.join('\n');
}

/**
 * Marks an order paid and gives what it bought, exactly once, in one transaction: the order
 * becomes paid, the grant is made or extended for the term, the coupon's redemption is counted, the
 * GST invoice is issued and a receipt e-mail is queued. Called again for the same order (a retry, a webhook sent three times,
 * the reconciler), it changes nothing. A payment of another amount than the order's is not taken.
 */
export async function fulfilOrder({ db, config }: { db: Db; config: Config }, orderId: string, payment: Payment): Promise<FulfilOutcome> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) return 'not-found';
    if (order.status === 'paid') return 'already-paid';
    if (order.status === 'deleted') return 'deleted';
    if (payment.amount !== null && payment.amount !== order.net_paise) return 'amount-mismatch';
    const grant = await grantForOrder(trx, order);
    await trx
      .updateTable('orders')
      .set({
        status: 'paid',
        paid_at: sql<Date>`now()`,
        razorpay_payment_id: payment.paymentId,
        entitlement_id: grant.id,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', order.id)
      .execute();
    if (order.coupon_id) await countRedemption(trx, order.coupon_id);
    await issueInvoice(trx, config, order);
    const student = await trx.selectFrom('users').select(['name', 'email_address']).where('id', '=', order.user_id).executeTakeFirst();
    if (student?.email_address) {
      await queueMessage(trx, {
        channel: 'email',
        recipient: student.email_address,
        subject: `Payment received: ${order.resource_title ?? order.title}`,
        body: receiptText(order, student.name, grant.expiresAt),
        purpose: 'order-receipt',
      });
    }
    return 'fulfilled';
  });
}
