import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { stampNow } from '../db/stamp-now.ts';
import type { OrderRow } from './orders.repository.ts';

/** Queries of the grants orders give; each runs in the transaction it is given. */

/** Takes, for the rest of the transaction, the lock on one student's grants of one thing (`course:<id>`, `card:<id>`, ...). */
export async function lockStudentGrant(trx: Db, userId: string, thing: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`grant:${userId}:${thing}`}, 0))`.execute(trx);
}

/** The student's active grant of what the order is for (its resource, or everything of its rate card), the latest ending first, locked. */
export function lockActiveGrantFor(trx: Db, order: Pick<OrderRow, 'user_id' | 'resource_type' | 'resource_id' | 'subscription_id'>) {
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
  return existing.orderBy('expires_at', 'desc').forUpdate().executeTakeFirst();
}

export function extendGrant(trx: Db, id: string, days: number) {
  return trx
    .updateTable('entitlements')
    .set({ expires_at: sql<Date>`expires_at + make_interval(days => ${days})` })
    .where('id', '=', id)
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** A grant of what the order bought, from now for its term. */
export function insertOrderGrant(trx: Db, order: OrderRow) {
  return trx
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
}

/** Shortens a grant with an end by some days (a grant held for good stays as it is). */
export async function shortenGrant(trx: Db, id: string, days: number): Promise<void> {
  await trx
    .updateTable('entitlements')
    .set({ expires_at: sql<Date>`expires_at - make_interval(days => ${days})` })
    .where('id', '=', id)
    .where('expires_at', 'is not', null)
    .execute();
}

export async function revokeGrant(trx: Db, id: string): Promise<void> {
  await stampNow(trx, 'entitlements', 'revoked_at', { id, revoked_at: null });
}
