import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PushNotificationsTable } from '../db/types.ts';
import { targetSql, type PushTarget } from './push-targets.repository.ts';

export async function insertNotification(trx: Db, values: Insertable<PushNotificationsTable>): Promise<string> {
  const row = await trx.insertInto('push_notifications').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * One pending delivery per subscription of the target, numbered into batches of `batchSize` in
 * the subscriptions' order, in one statement; answers how many there are and how many batches.
 */
export async function insertDeliveries(trx: Db, notificationId: string, target: PushTarget, batchSize: number): Promise<{ targeted: number; batches: number }> {
  const { rows } = await sql<{ targeted: number; batches: number }>`
    with inserted as (
      insert into push_deliveries (notification_id, subscription_id, batch)
      select ${notificationId}, s.id, ((row_number() over (order by s.id)) - 1) / ${batchSize}
      from push_subscriptions s where ${targetSql(target)}
      returning batch)
    select count(*)::int as targeted, coalesce(max(batch) + 1, 0)::int as batches from inserted`.execute(trx);
  return rows[0]!;
}

/** How many pushes the notification has; one with none is complete at once. */
export async function setTargeted(trx: Db, notificationId: string, targeted: number): Promise<void> {
  await trx
    .updateTable('push_notifications')
    .set({ targeted, ...(targeted === 0 ? { completed_at: sql<Date>`now()` } : {}) })
    .where('id', '=', notificationId)
    .execute();
}

/** The notifications sent, newest first, with their course's title and how many pushes are pending. */
export function sentNotificationsQuery(db: Db) {
  return db
    .selectFrom('push_notifications as n')
    .leftJoin('courses as c', 'c.id', 'n.target_course_id')
    .selectAll('n')
    .select('c.title as target_course_title')
    .select((eb) =>
      eb
        .selectFrom('push_deliveries as d')
        .select((inner) => inner.fn.countAll<number>().as('pending'))
        .whereRef('d.notification_id', '=', 'n.id')
        .where('d.status', '=', 'pending')
        .as('pending'),
    )
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc');
}

/** The latest notifications, newest first. */
export async function latestNotifications(db: Db, limit: number) {
  return sentNotificationsQuery(db).limit(limit).execute();
}

export async function findNotification(db: Db, notificationId: string) {
  return db.selectFrom('push_notifications').selectAll().where('id', '=', notificationId).executeTakeFirst();
}

/** The pending deliveries of one batch, with their subscription's endpoint and keys (null when it is gone). */
export async function pendingDeliveries(db: Db, notificationId: string, batch: number) {
  return db
    .selectFrom('push_deliveries as d')
    .leftJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.subscription_id', 'd.attempts', 's.endpoint', 's.p256dh', 's.auth'])
    .where('d.notification_id', '=', notificationId)
    .where('d.batch', '=', batch)
    .where('d.status', '=', 'pending')
    .execute();
}

/** Writes the outcomes of some of a notification's pushes in one statement; `attempted` counts a request sent. */
export async function updateDeliveries(
  trx: Db,
  notificationId: string,
  outcomes: ReadonlyArray<{ subscriptionId: string; status: string; error: string | null; attempted: boolean }>,
): Promise<void> {
  await sql`
    update push_deliveries d set
      status = v.status, last_error = v.error, attempts = d.attempts + v.attempted, updated_at = now()
    from unnest(${outcomes.map((o) => o.subscriptionId)}::uuid[], ${outcomes.map((o) => o.status)}::text[],
      ${outcomes.map((o) => o.error)}::text[], ${outcomes.map((o) => (o.attempted ? 1 : 0))}::int[]) as v(subscription_id, status, error, attempted)
    where d.notification_id = ${notificationId} and d.subscription_id = v.subscription_id`.execute(trx);
}

/** The notification's counts, from its deliveries; done once nothing is pending. */
export async function refreshCounts(db: Db, notificationId: string): Promise<void> {
  await sql`
    update push_notifications n set
      delivered = c.delivered, gone = c.gone, failed = c.failed,
      completed_at = case when c.pending = 0 then coalesce(n.completed_at, now()) else null end
    from (
      select count(*) filter (where status = 'delivered')::int as delivered,
        count(*) filter (where status = 'gone')::int as gone,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'pending')::int as pending
      from push_deliveries where notification_id = ${notificationId}) c
    where n.id = ${notificationId}`.execute(db);
}
