import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OrdersTable, ResourceType } from '../db/types.ts';

export type OrderRow = Selectable<OrdersTable>;

export function findCard(db: Db, id: string) {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ResourceForSale {
  id: string;
  title: string;
  isPublished: boolean;
  /** The rate cards it is sold under; the first is its default. */
  cardIds: string[];
}

/** A course, exam, lecture or rank file with the rate cards it is sold under. */
export async function findResourceForSale(db: Db, type: ResourceType, id: string): Promise<ResourceForSale | undefined> {
  if (type === 'course') {
    const course = await db.selectFrom('courses').select(['id', 'title', 'is_published', 'course_rate_card_id']).where('id', '=', id).executeTakeFirst();
    if (!course) return undefined;
    const extras = await db.selectFrom('course_subscriptions').select('subscription_id').where('course_id', '=', id).orderBy('subscription_id').execute();
    const cardIds = [course.course_rate_card_id, ...extras.map((row) => row.subscription_id)].filter((card): card is string => card !== null);
    return { id: course.id, title: course.title, isPublished: course.is_published, cardIds: [...new Set(cardIds)] };
  }
  const table = type === 'exam' ? 'exams' : type === 'lecture' ? 'lectures' : 'rank_files';
  const row = await db.selectFrom(table).select(['id', 'title', 'is_published', 'master_subscription_id']).where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, title: row.title, isPublished: row.is_published, cardIds: row.master_subscription_id ? [row.master_subscription_id] : [] };
}

/** Of these rate cards, in their order, the first that is not free (to anyone). */
export async function firstPricedCard(db: Db, cardIds: readonly string[]): Promise<string | undefined> {
  if (cardIds.length === 0) return undefined;
  const rows = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('id', 'in', [...cardIds])
    .where('is_free', '=', false)
    .execute();
  const priced = new Set(rows.map((row) => row.id));
  return cardIds.find((id) => priced.has(id));
}

export function insertOrder(db: Db, values: Insertable<OrdersTable>) {
  return db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findOrder(db: Db, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockOrder(trx: Db, id: string) {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findOrderByProviderId(db: Db, providerOrderId: string) {
  return db.selectFrom('orders').selectAll().where('razorpay_order_id', '=', providerOrderId).executeTakeFirst();
}

/** The statuses of an order that can still be paid (a failed payment can be tried again on the same order). */
export const OPEN_STATUSES = ['created', 'attempted', 'failed'] as const;

/**
 * This student's order for the same thing that can still be paid, newest first: "Buy" answers it
 * (or replaces it, when the price or coupon differs) instead of making a second order to pay.
 */
export function findOpenOrderFor(db: Db, order: Pick<OrderRow, 'user_id' | 'subscription_id' | 'resource_id'>) {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', order.user_id).where('status', 'in', OPEN_STATUSES).where('mode', '=', 'online');
  query = order.subscription_id === null ? query.where('subscription_id', 'is', null) : query.where('subscription_id', '=', order.subscription_id);
  query = order.resource_id === null ? query.where('resource_id', 'is', null) : query.where('resource_id', '=', order.resource_id);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

/** This student's free order for the same thing made within `seconds` (a second tap on "Get it free"). */
export function findRecentFreeOrder(db: Db, order: Pick<OrderRow, 'user_id' | 'subscription_id' | 'resource_id'>, seconds: number) {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', order.user_id)
    .where('mode', '=', 'free')
    .where('status', '=', 'paid')
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`);
  query = order.subscription_id === null ? query.where('subscription_id', 'is', null) : query.where('subscription_id', '=', order.subscription_id);
  query = order.resource_id === null ? query.where('resource_id', 'is', null) : query.where('resource_id', '=', order.resource_id);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

/** Takes a per-student lock for the rest of the transaction: one checkout at a time per student. */
export async function lockStudentCheckout(trx: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`.execute(trx);
}

/** Stores the provider order made for an order, unless another request stored one first (then undefined). */
export function setProviderOrderOnce(db: Db, id: string, providerOrderId: string) {
  return db
    .updateTable('orders')
    .set({ razorpay_order_id: providerOrderId, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('razorpay_order_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Removes an order Razorpay never made an order for (it could never be paid), answering it when removed. */
export function deleteUnmadeOrder(db: Db, id: string) {
  return db.deleteFrom('orders').where('id', '=', id).where('razorpay_order_id', 'is', null).where('status', '=', 'created').returningAll().executeTakeFirst();
}

/** Moves a waiting order on (attempted or failed); an order that is no longer waiting stays as it is. */
export async function setWaitingStatus(db: Db, id: string, status: 'attempted' | 'failed'): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', OPEN_STATUSES)
    .execute();
}

/**
 * Ends a waiting order (expired, or cancelled when a later "Buy" replaced it) and gives back the
 * coupon use it held, in one statement per step: answers the order when this call ended it.
 */
export async function endOpenOrder(
  trx: Db,
  id: string,
  status: 'expired' | 'cancelled',
): Promise<{ couponId: string | null; heldCoupon: boolean } | undefined> {
  const { rows } = await sql<{ coupon_id: string | null; held: boolean }>`
    update orders o set status = ${status}, coupon_held = false, next_check_at = null, updated_at = now()
    from (select id, coupon_held from orders where id = ${id} for update) as before
    where o.id = before.id and o.status in ('created', 'attempted', 'failed')
    returning o.coupon_id, before.coupon_held as held`.execute(trx);
  const row = rows[0];
  return row && { couponId: row.coupon_id, heldCoupon: row.held };
}

/** A different billing state given on a second "Buy": the invoice is issued for the state given last. */
export async function setBuyerState(db: Db, id: string, state: string | null) {
  return db
    .updateTable('orders')
    .set({ buyer_state: state, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A student's orders (not deleted ones), newest first: `limit` rows after `offset`. */
export function studentOrders(db: Db, userId: string, { offset, limit }: { offset: number; limit: number }) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'deleted')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function entitlementEnds(db: Db, ids: Array<string | null>): Promise<Map<string, Date | null>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('entitlements').select(['id', 'expires_at']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.expires_at]));
}

/** Waiting orders due to be looked at by the reconciler, the longest due first. */
export function dueOpenOrders(db: Db, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', OPEN_STATUSES)
    .where('next_check_at', '<=', sql<Date>`now()`)
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
}

/** When to look at a waiting order again, with what went wrong the last time (null: nothing). */
export async function scheduleNextCheck(db: Db, id: string, afterSeconds: number, error: string | null): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      next_check_at: sql<Date>`now() + make_interval(secs => ${afterSeconds})`,
      ...(error === null ? { last_check_error: null } : { check_failures: sql<number>`check_failures + 1`, last_check_error: error.slice(0, 500) }),
    })
    .where('id', '=', id)
    .where('status', 'in', OPEN_STATUSES)
    .execute();
}

/** Remembers a webhook event; false when it was already handled. */
export async function recordEvent(db: Db, event: { id: string; type: string; providerOrderId: string | null; outcome: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_events')
    .values({ event_id: event.id, event_type: event.type, razorpay_order_id: event.providerOrderId, outcome: event.outcome })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The paise refunded of an order so far. */
export async function setRefundedPaise(trx: Db, id: string, refundedPaise: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ refunded_paise: refundedPaise, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A paid order refunded in full: it no longer holds its coupon use. */
export async function markOrderRefunded(trx: Db, id: string): Promise<void> {
  await trx.updateTable('orders').set({ status: 'refunded', coupon_held: false }).where('id', '=', id).execute();
}

/** Paid orders, other than this one, whose term is part of this grant. */
export async function countOtherPaidOrdersOfGrant(trx: Db, entitlementId: string, orderId: string): Promise<number> {
  const others = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entitlement_id', '=', entitlementId)
    .where('status', '=', 'paid')
    .where('id', '!=', orderId)
    .executeTakeFirstOrThrow();
  return Number(others.n);
}

/** The order becomes paid by this payment (null: nothing paid online), with the grant it gave. */
export async function markOrderPaid(trx: Db, id: string, paid: { paymentId: string | null; entitlementId: string; couponHeld: boolean }): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      status: 'paid',
      paid_at: sql<Date>`now()`,
      razorpay_payment_id: paid.paymentId,
      entitlement_id: paid.entitlementId,
      coupon_held: paid.couponHeld,
      next_check_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** The order is kept, marked deleted with who deleted it. */
export async function markOrderDeleted(trx: Db, id: string, deletedBy: string | null): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'deleted', coupon_held: false, next_check_at: null, deleted_at: sql<Date>`now()`, deleted_by: deletedBy, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes a use of the coupon again for an order being paid that had given its use back (it expired):
 * whatever the limit, since the price was agreed.
 */
export async function retakeCouponUse(trx: Db, couponId: string): Promise<void> {
  await trx
    .updateTable('coupons')
    .set({ uses: sql<number>`uses + 1` })
    .where('id', '=', couponId)
    .execute();
}
