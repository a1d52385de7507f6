import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OrderRow } from './orders.repository.ts';

/**
 * Gives the student what a paid order bought, for its term: a resource order opens that resource,
 * a rate-card order opens everything sold under the card. A student who already holds an active
 * grant for the same thing has its end moved on by the term instead of getting a second one. Runs
 * inside the fulfilling transaction, with a lock per student and thing, so two orders paid at once
 * for the same thing extend one grant twice.
 */
export async function grantForOrder(trx: Db, order: OrderRow): Promise<{ id: string; expiresAt: Date | null }> {
  const thing = order.resource_id ? `${order.resource_type}:${order.resource_id}` : `card:${order.subscription_id}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`grant:${order.user_id}:${thing}`}, 0))`.execute(trx);
  let existing = trx
    .selectFrom('entitlements')
    .select(['id', 'expires_at'])
    .where('user_id', '=', order.user_id)
    .where('revoked_at', 'is', null)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]));
  existing = order.resource_id
    ? existing.where('resource_type', '=', order.resource_type).where('resource_id', '=', order.resource_id)
    : existing.where('resource_id', 'is', null).where('subscription_id', '=', order.subscription_id);
  const held = await existing.orderBy('expires_at', 'desc').forUpdate().executeTakeFirst();
  if (held) {
    // Held for good (e.g. given by hand without an end): nothing to extend.
    if (held.expires_at === null) return { id: held.id, expiresAt: null };
    const extended = await trx
      .updateTable('entitlements')
      .set({ expires_at: sql<Date>`expires_at + make_interval(days => ${order.term_days})` })
      .where('id', '=', held.id)
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { id: extended.id, expiresAt: extended.expires_at };
  }
  const created = await trx
    .insertInto('entitlements')
    .values({
      user_id: order.user_id,
      subscription_id: order.resource_id ? null : order.subscription_id,
      resource_type: order.resource_type,
      resource_id: order.resource_id,
      source: 'order',
      order_id: order.id,
      starts_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + make_interval(days => ${order.term_days})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { id: created.id, expiresAt: created.expires_at };
}

/**
 * Takes back what a paid order gave (it was deleted, or its payment refunded in full): the grant is
 * revoked, or, when a later order extended it, shortened by this order's term.
 */
export async function takeBackGrant(trx: Db, order: Pick<OrderRow, 'id' | 'entitlement_id' | 'term_days'>): Promise<void> {
  if (!order.entitlement_id) return;
  const others = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entitlement_id', '=', order.entitlement_id)
    .where('status', '=', 'paid')
    .where('id', '!=', order.id)
    .executeTakeFirstOrThrow();
  if (Number(others.n) > 0) {
    await trx
      .updateTable('entitlements')
      .set({ expires_at: sql<Date>`expires_at - make_interval(days => ${order.term_days})` })
      .where('id', '=', order.entitlement_id)
      .where('expires_at', 'is not', null)
      .execute();
  } else {
    await trx.updateTable('entitlements').set({ revoked_at: sql<Date>`now()` }).where('id', '=', order.entitlement_id).where('revoked_at', 'is', null).execute();
  }
}
