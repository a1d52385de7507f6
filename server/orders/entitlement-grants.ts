import type { Db } from '../db/database.ts';
import * as grants from './entitlements.repository.ts';
import { countOtherPaidOrdersOfGrant, type OrderRow } from './orders.repository.ts';

/**
 * Gives the student what a paid order bought, for its term: a resource order opens that resource,
 * a rate-card order opens everything sold under the card. A student who already holds an active
 * grant for the same thing has its end moved on by the term instead of getting a second one. Runs
 * inside the fulfilling transaction, with a lock per student and thing, so two orders paid at once
 * for the same thing extend one grant twice.
 */
export async function grantForOrder(trx: Db, order: OrderRow): Promise<{ id: string; expiresAt: Date | null }> {
  const thing = order.resource_id ? `${order.resource_type}:${order.resource_id}` : `card:${order.subscription_id}`;
  await grants.lockStudentGrant(trx, order.user_id, thing);
  const held = await grants.lockActiveGrantFor(trx, order);
  if (held) {
    // Held for good (e.g. given by hand without an end): nothing to extend.
    if (held.expires_at === null) return { id: held.id, expiresAt: null };
    const extended = await grants.extendGrant(trx, held.id, order.term_days);
    return { id: extended.id, expiresAt: extended.expires_at };
  }
  const created = await grants.insertOrderGrant(trx, order);
  return { id: created.id, expiresAt: created.expires_at };
}

/**
 * Takes back what a paid order gave (it was deleted, or its payment refunded in full): the grant is
 * revoked, or, when a later order extended it, shortened by this order's term.
 */
export async function takeBackGrant(trx: Db, order: Pick<OrderRow, 'id' | 'entitlement_id' | 'term_days'>): Promise<void> {
  if (!order.entitlement_id) return;
  if ((await countOtherPaidOrdersOfGrant(trx, order.entitlement_id, order.id)) > 0) await grants.shortenGrant(trx, order.entitlement_id, order.term_days);
  else await grants.revokeGrant(trx, order.entitlement_id);
}
