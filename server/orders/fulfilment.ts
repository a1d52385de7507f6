import { formatInr } from '../../shared/commerce/money.ts';
import type { Config } from '../config.ts';
import { countRedemption } from '../coupons/coupons.repository.ts';
import type { Db } from '../db/database.ts';
import { queueMessage } from '../messages/messages.service.ts';
import { receiptContact } from './customers.repository.ts';
import { grantForOrder } from './entitlement-grants.ts';
import { issueInvoice } from './invoices.service.ts';
import { lockOrder, markOrderPaid, retakeCouponUse, type OrderRow } from './orders.repository.ts';

/**
 * - fulfilled: this call paid the order;
 * - already-paid: it was paid by this same payment before (a retry, the webhook sent again);
 * - paid-by-another: it was paid by another payment: this one is a second payment for the same order;
 * - deleted, cancelled, refunded: the order can no longer be paid (staff deleted it, a later "Buy"
 *   replaced it, its payment was refunded): the money must go back;
 * - amount-mismatch: the payment is not for the order's amount: nothing is given.
 */
export type FulfilOutcome = 'fulfilled' | 'already-paid' | 'paid-by-another' | 'not-found' | 'amount-mismatch' | 'deleted' | 'cancelled' | 'refunded';

export interface Payment {
  /** The provider's payment id; null for an order nothing was paid for (free, or by hand). */
  paymentId: string | null;
  /** Paise the provider took; null when nothing was paid online. */
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
 * Marks an order paid and gives what it bought, exactly once, inside the caller's transaction: the
 * order becomes paid, the grant is made or extended for the term, the coupon's redemption is
 * counted, the GST invoice is issued and a receipt e-mail is queued. Called again for the same
 * order (a retry, a webhook sent three times, the reconciler), it changes nothing. An order that
 * expired while its payment was on the way is still paid: the student paid the price it named.
 */
export async function fulfilOrderIn(trx: Db, config: Config, orderId: string, payment: Payment): Promise<FulfilOutcome> {
  const order = await lockOrder(trx, orderId);
  if (!order) return 'not-found';
  if (order.status === 'paid') return payment.paymentId === null || order.razorpay_payment_id === payment.paymentId ? 'already-paid' : 'paid-by-another';
  if (order.status === 'deleted' || order.status === 'cancelled' || order.status === 'refunded') return order.status;
  if (payment.amount !== null && payment.amount !== order.net_paise) return 'amount-mismatch';
  const grant = await grantForOrder(trx, order);
  await markOrderPaid(trx, order.id, {
    paymentId: payment.paymentId,
    entitlementId: grant.id,
    // An order that expired gave its coupon use back: paying it takes the use again, whatever the limit, since the price was agreed.
    couponHeld: order.coupon_id !== null,
  });
  if (order.coupon_id) {
    if (!order.coupon_held) await retakeCouponUse(trx, order.coupon_id);
    await countRedemption(trx, order.coupon_id);
  }
  await issueInvoice(trx, config, order);
  const student = await receiptContact(trx, order.user_id);
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
}

/** fulfilOrderIn in a transaction of its own. */
export async function fulfilOrder({ db, config }: { db: Db; config: Config }, orderId: string, payment: Payment): Promise<FulfilOutcome> {
  return db.transaction().execute((trx) => fulfilOrderIn(trx, config, orderId, payment));
}
