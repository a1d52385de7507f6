import type { Config } from '../config.ts';
import { giveBackCouponUse } from '../coupons/coupons.repository.ts';
import type { Db } from '../db/database.ts';
import * as repo from './orders.repository.ts';
import { GatewayError, paymentGateway, type PaymentGateway } from './payment-gateway.ts';
import { settlePayment } from './payment-settlement.ts';
import { finishUnfinishedRefunds } from './refunds.service.ts';

/** A new order is first looked at this long after it was made (a webhook usually came long before). */
export const FIRST_CHECK_MINUTES = 10;
/** An order with no payment this long after it was made expires (its coupon use goes back). */
export const EXPIRE_AFTER_HOURS = 24;
/** An order Razorpay never made an order for (a crash in between) is given up after this long. */
export const UNMADE_ORDER_MINUTES = 10;
/** How many orders are asked about at once, and how long one run may go on. */
const CONCURRENCY = 4;
const BATCH = 200;
const RUN_BUDGET_MS = 4 * 60_000;

/** When to look again at an order still waiting: often while it is young, then less often until it expires. */
export function nextCheckSeconds(ageMinutes: number): number {
  if (ageMinutes < 60) return 15 * 60;
  if (ageMinutes < 6 * 60) return 60 * 60;
  return 3 * 60 * 60;
}

/** After failures, a growing wait (5 minutes, doubling, at most 3 hours), so one broken order does not take every run. */
export function retrySeconds(failures: number): number {
  return Math.min(3 * 3600, 300 * 2 ** Math.min(failures, 6));
}

export type Deps = { db: Db; config: Config };

async function expire(db: Db, orderId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ended = await repo.endOpenOrder(trx, orderId, 'expired');
    if (ended?.couponId && ended.heldCoupon) await giveBackCouponUse(trx, ended.couponId, false);
    return ended !== undefined;
  });
}

/** Looks at one waiting order: a payment made for it settles it; nothing paid after a day expires it. */
export async function reconcileOrder(
  deps: Deps & { gateway: PaymentGateway },
  order: repo.OrderRow,
  now = new Date(),
): Promise<'fulfilled' | 'expired' | 'waiting'> {
  const ageMinutes = (now.getTime() - order.created_at.getTime()) / 60_000;
  if (!order.razorpay_order_id) {
    if (ageMinutes < UNMADE_ORDER_MINUTES) return 'waiting';
    return (await expire(deps.db, order.id)) ? 'expired' : 'waiting';
  }
  const payments = await deps.gateway.orderPayments(order.razorpay_order_id);
  let inFlight = false;
  for (const payment of payments.filter((made) => made.status === 'captured' || made.status === 'authorized')) {
    const outcome = await settlePayment(deps, order.id, payment.id);
    if (outcome === 'fulfilled' || outcome === 'already-paid') return 'fulfilled';
    if (outcome === 'pending') inFlight = true;
  }
  if (!inFlight && ageMinutes > EXPIRE_AFTER_HOURS * 60 && (await expire(deps.db, order.id))) return 'expired';
  await repo.scheduleNextCheck(deps.db, order.id, nextCheckSeconds(ageMinutes), null);
  return 'waiting';
}

/**
 * The reconciler (the `reconcile-payments` job, every minute): every waiting order whose check is
 * due is asked about at Razorpay, each on its own: one whose lookup fails (Razorpay down, an order
 * made with other keys) is recorded with the error and looked at again later, never stopping the
 * rest. A new order is due 10 minutes after it was made, and the due ones are taken oldest-due
 * first until none is left (or the run's time is up), so no backlog keeps a new order waiting
 * more than a few minutes past that. Refunds left unfinished are finished too.
 */
export async function reconcileOpenOrders(
  deps: Deps,
  options: { now?: Date } = {},
): Promise<{ checked: number; fulfilled: number; expired: number; failed: number }> {
  const gateway = paymentGateway(deps.config);
  const counts = { checked: 0, fulfilled: 0, expired: 0, failed: 0 };
  if (!gateway) return counts;
  const started = Date.now();
  const seen = new Set<string>();
  while (Date.now() - started < RUN_BUDGET_MS) {
    const due = (await repo.dueOpenOrders(deps.db, BATCH)).filter((order) => !seen.has(order.id));
    if (due.length === 0) break;
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, due.length) }, async () => {
        while (next < due.length) {
          const order = due[next++]!;
          seen.add(order.id);
          counts.checked += 1;
          try {
            const outcome = await reconcileOrder({ ...deps, gateway }, order, options.now);
            if (outcome === 'fulfilled') counts.fulfilled += 1;
            if (outcome === 'expired') counts.expired += 1;
          } catch (error) {
            // Recorded on the order and tried again later; the other orders go on.
            counts.failed += 1;
            const message = error instanceof GatewayError ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
            await repo.scheduleNextCheck(deps.db, order.id, retrySeconds(order.check_failures), message);
          }
        }
      }),
    );
  }
  await finishUnfinishedRefunds({ ...deps, gateway });
  return counts;
}
