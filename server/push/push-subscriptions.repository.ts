import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface SubscriptionKeys {
  p256dh: string;
  auth: string;
}

/**
 * Locks the account whose devices are being changed: one registration at a time per account, so
 * that two at once cannot both see room under the cap. FOR NO KEY UPDATE leaves the foreign keys
 * that point at the account (KEY SHARE) free.
 */
export async function lockAccountDevices(db: Db, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** The subscription of an endpoint, locked until the transaction ends. */
export async function lockedSubscriptionByEndpoint(db: Db, endpoint: string): Promise<{ id: string; user_id: string; auth: string } | undefined> {
  return db.selectFrom('push_subscriptions').select(['id', 'user_id', 'auth']).where('endpoint', '=', endpoint).forUpdate().executeTakeFirst();
}

/** Gives a subscription to an account with its (possibly new) keys, as registered now. */
export async function assignSubscription(db: Db, id: string, userId: string, keys: SubscriptionKeys): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ user_id: userId, p256dh: keys.p256dh, auth: keys.auth, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A new endpoint's row; undefined when another registration of that endpoint committed first. */
export async function insertSubscription(db: Db, userId: string, endpoint: string, keys: SubscriptionKeys): Promise<string | undefined> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflict((conflict) => conflict.column('endpoint').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Keeps an account's `keep` most recently registered devices, the one just registered among them,
 * and deletes the rest (their pending pushes then count as gone).
 */
export async function deleteDevicesBeyond(db: Db, userId: string, justRegisteredId: string, keep: number): Promise<number> {
  const result = await sql`
    delete from push_subscriptions where id in (
      select id from push_subscriptions
      where user_id = ${userId} and id <> ${justRegisteredId}
      order by updated_at desc, created_at desc, id desc
      offset ${keep - 1})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function deleteSubscriptionOf(db: Db, userId: string, endpoint: string): Promise<number> {
  const result = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes subscriptions a push service said are gone (their pending pushes then count as gone). */
export async function deleteSubscriptions(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}
