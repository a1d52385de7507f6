import { sql, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AttachedResources } from '../../shared/subscriptions/subscriptions.schema.ts';
import type { Db } from '../db/database.ts';
import type { SubscriptionRow, SubscriptionsTable } from '../db/types.ts';
import { updateAtVersion } from '../editing/versions.repository.ts';

export type SubscriptionWithResources = SubscriptionRow & AttachedResources;

/**
 * One rate card with everything sold under it, in one query: courses that use it as their
 * rate card or carry it as an extra subscription, and the lectures, exams and rank files
 * whose master subscription it is.
 */
export async function findSubscriptionWithResources(db: Db, id: string): Promise<SubscriptionWithResources | undefined> {
  return db
    .selectFrom('subscriptions as s')
    .selectAll('s')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('courses as c')
          .select(['c.id as _id', 'c.title', 'c.category', 'c.tags'])
          .where((w) =>
            w.or([
              w('c.course_rate_card_id', '=', w.ref('s.id')),
              w.exists(
                w
                  .selectFrom('course_subscriptions as cs')
                  .select(sql`1`.as('one'))
                  .whereRef('cs.course_id', '=', 'c.id')
                  .whereRef('cs.subscription_id', '=', 's.id'),
              ),
            ]),
          )
          .orderBy('c.title')
          .orderBy('c.id'),
      ).as('courses'),
      jsonArrayFrom(
        eb
          .selectFrom('lectures as l')
          .select(['l.id as _id', 'l.title', 'l.video_duration_in_minutes as videoDurationInMinutes'])
          .whereRef('l.master_subscription_id', '=', 's.id')
          .orderBy('l.title')
          .orderBy('l.id'),
      ).as('lectures'),
      jsonArrayFrom(
        eb
          .selectFrom('exams as e')
          .select([
            'e.id as _id',
            'e.title',
            'e.exam_duration_in_minutes as examDurationInMinutes',
            sql<number | null>`floor(extract(epoch from e.publish_at) * 1000)::bigint`.as('publishDateTimeInMs'),
          ])
          .whereRef('e.master_subscription_id', '=', 's.id')
          .orderBy('e.title')
          .orderBy('e.id'),
      ).as('exams'),
      jsonArrayFrom(
        eb
          .selectFrom('rank_files as r')
          .select(['r.id as _id', 'r.title', sql<number>`(select count(*)::int from rank_file_groups g where g.rank_file_id = r.id)`.as('groups')])
          .whereRef('r.master_subscription_id', '=', 's.id')
          .orderBy('r.title')
          .orderBy('r.id'),
      ).as('rankFiles'),
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** A rate card's row, locked until the transaction ends: nothing new can start referencing it meanwhile. */
export async function lockSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Entitlements that still give access: not revoked and not yet expired (including ones that start later). */
const isActive = sql<boolean>`e.revoked_at is null and (e.expires_at is null or e.expires_at > now())`;

export interface EntitlementHolder {
  name: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  expiresAt: Date | null;
}

/** Students holding an active entitlement to the rate card (at most `limit`), and how many there are in all. */
export async function findActiveEntitlements(db: Db, subscriptionId: string, limit: number): Promise<{ holders: EntitlementHolder[]; total: number }> {
  const [holders, count] = await Promise.all([
    db
      .selectFrom('entitlements as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['u.name', 'u.email_address as emailAddress', 'u.phone_number as phoneNumber', 'e.expires_at as expiresAt'])
      .where('e.subscription_id', '=', subscriptionId)
      .where(isActive)
      .orderBy('u.name')
      .orderBy('e.id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('entitlements as e')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('e.subscription_id', '=', subscriptionId)
      .where(isActive)
      .executeTakeFirstOrThrow(),
  ]);
  return { holders, total: Number(count.total) };
}

/** Expired and revoked entitlements give no access any more; they go with their rate card. */
export async function deleteInactiveEntitlements(db: Db, subscriptionId: string): Promise<void> {
  await db
    .deleteFrom('entitlements as e')
    .where('e.subscription_id', '=', subscriptionId)
    .where(sql<boolean>`not (${isActive})`)
    .execute();
}

export function listSubscriptionRows(db: Db): Promise<SubscriptionRow[]> {
  return db.selectFrom('subscriptions').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

/** `%word%` for ILIKE, with the pattern characters in the word taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * A page of rate cards by title (every word of the search in it, any case), or only those with the
 * given ids; the trigram index on the title (migration 202611280620) serves the search.
 */
export async function rateCardsByTitle(db: Db, filter: { search?: string | undefined; ids?: readonly string[] | undefined }, limit: number, offset: number) {
  const words = (filter.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  let query = db.selectFrom('subscriptions as s');
  for (const word of words) query = query.where('s.title', 'ilike', containing(word));
  if (filter.ids) query = filter.ids.length === 0 ? query.where(sql<boolean>`false`) : query.where('s.id', 'in', [...filter.ids]);
  const [items, count] = await Promise.all([
    query
      .select(['s.id', 's.title', 's.subscription_term', 's.net_amount', 's.is_free'])
      .orderBy('s.title')
      .orderBy('s.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export function insertSubscription(db: Db, title: string): Promise<SubscriptionRow> {
  return db.insertInto('subscriptions').values({ title }).returningAll().executeTakeFirstOrThrow();
}

/**
 * Writes the rate card's fields and bumps its version; only over `version` when one is given.
 * Answers the saved row, or undefined when there is no such card or it was saved meanwhile.
 */
export function updateSubscriptionAtVersion(
  db: Db,
  id: string,
  values: Omit<Updateable<SubscriptionsTable>, 'updated_at' | 'version'>,
  version: number | undefined,
): Promise<SubscriptionRow | undefined> {
  return updateAtVersion(db, 'subscriptions', id, version, values).returningAll().executeTakeFirst();
}

export async function deleteSubscriptionRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('subscriptions').where('id', '=', id).execute();
}
