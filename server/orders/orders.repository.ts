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

export function findActiveCouponByCode(db: Db, code: string) {
  return db.selectFrom('coupons').selectAll().where(sql<string>`lower(code)`, '=', code.toLowerCase()).where('is_active', '=', true).executeTakeFirst();
}

export async function countImpression(db: Db, couponId: string): Promise<void> {
  await db.updateTable('coupons').set({ impressions: sql<number>`impressions + 1` }).where('id', '=', couponId).execute();
}

export async function countRedemption(db: Db, couponId: string): Promise<void> {
  await db.updateTable('coupons').set({ redemptions: sql<number>`redemptions + 1` }).where('id', '=', couponId).execute();
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

/**
 * An order of this student for the same thing at the same price, still waiting for its payment
 * and recent: a second click on "Buy" gets it back instead of a second order to pay.
 */
export function findOpenTwin(db: Db, order: Pick<OrderRow, 'user_id' | 'subscription_id' | 'resource_id' | 'coupon_id' | 'net_paise'>, newerThanMinutes: number) {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', order.user_id)
    .where('status', 'in', ['created', 'attempted'])
    .where('net_paise', '=', order.net_paise)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${newerThanMinutes})`)
    .where('razorpay_order_id', 'is not', null);
  query = order.subscription_id === null ? query.where('subscription_id', 'is', null) : query.where('subscription_id', '=', order.subscription_id);
  query = order.resource_id === null ? query.where('resource_id', 'is', null) : query.where('resource_id', '=', order.resource_id);
  query = order.coupon_id === null ? query.where('coupon_id', 'is', null) : query.where('coupon_id', '=', order.coupon_id);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

/** Takes a per-student lock for the rest of the transaction: one checkout at a time per student. */
export async function lockStudentCheckout(trx: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`.execute(trx);
}

export async function setProviderOrder(db: Db, id: string, providerOrderId: string): Promise<void> {
  await db.updateTable('orders').set({ razorpay_order_id: providerOrderId, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Moves a waiting order on (to attempted, failed or expired); a paid or deleted order stays as it is. */
export async function setWaitingStatus(db: Db, id: string, status: 'attempted' | 'failed' | 'expired'): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['created', 'attempted', 'failed'])
    .execute();
}

export function studentOrders(db: Db, userId: string, limit: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', '!=', 'deleted').orderBy('created_at', 'desc').limit(limit).execute();
}

export async function entitlementEnds(db: Db, ids: Array<string | null>): Promise<Map<string, Date | null>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('entitlements').select(['id', 'expires_at']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.expires_at]));
}

/** Orders waiting for their payment (or whose payment failed) since before `minutes` ago, with a provider order to ask about. */
export function staleOpenOrders(db: Db, minutes: number, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', ['created', 'attempted', 'failed'])
    .where('razorpay_order_id', 'is not', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .orderBy('created_at')
    .limit(limit)
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
