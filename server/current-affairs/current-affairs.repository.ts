import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CurrentAffairsTable } from '../db/types.ts';
import { updateAtVersion } from '../editing/versions.repository.ts';
import { freeCardSql } from '../lakshya-students/free-access.repository.ts';

/** The current-affairs posts' queries; each runs on the connection (or transaction) it is given. */

export type CurrentAffairRow = Selectable<CurrentAffairsTable>;

/** Every post, newest date first (posts of one date: the last added first). */
export function listCurrentAffairRows(db: Db) {
  return db
    .selectFrom('current_affairs')
    .select(['id', 'title', 'is_published', 'is_visible', 'banner_image_id', 'pdf_file_id', 'created_at'])
    .orderBy('title', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findCurrentAffairRow(db: Db, id: string): Promise<CurrentAffairRow | undefined> {
  return db.selectFrom('current_affairs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockCurrentAffair(trx: Db, id: string) {
  return trx.selectFrom('current_affairs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Holds the date until the transaction ends, so that two staff adding (or moving a post to) the
 * same date one after the other see each other's post: the second waits, then finds the first.
 */
export async function lockPostDate(trx: Db, date: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`current-affairs:${date}`}, 0))`.execute(trx);
}

/** Whether a post other than `exceptId` has this date. */
export async function otherPostOnDate(db: Db, date: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('current_affairs').select('id').where('title', '=', date);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertCurrentAffair(db: Db, values: Insertable<CurrentAffairsTable>): Promise<string> {
  return (await db.insertInto('current_affairs').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The rate card, share-locked when asked so that it cannot be deleted before the save commits. */
export function rateCardOf(db: Db, id: string, options: { share?: boolean } = {}) {
  let query = db.selectFrom('subscriptions').select(['id', 'title', 'net_amount']).where('id', '=', id);
  if (options.share) query = query.forShare();
  return query.executeTakeFirst();
}

/**
 * Saves the post. Unpublishing it or changing its PDF moves it to a new signing generation, so the
 * PDF addresses students were given stop opening it (the old values are read in the same statement).
 */
export function updateCurrentAffairAtVersion(
  db: Db,
  id: string,
  values: Omit<Updateable<CurrentAffairsTable>, 'version' | 'updated_at' | 'signing_generation'> & { is_published: boolean; pdf_file_id: string | null },
  version: number | undefined,
) {
  const withdrawn = sql<boolean>`(is_published and not ${values.is_published}) or pdf_file_id is distinct from ${values.pdf_file_id}::uuid`;
  return updateAtVersion(db, 'current_affairs', id, version, {
    ...values,
    signing_generation: sql<number>`case when ${withdrawn} then signing_generation + 1 else signing_generation end`,
  })
    .returning(['version'])
    .executeTakeFirst();
}

export async function deleteCurrentAffairRow(db: Db, id: string): Promise<boolean> {
  return (await db.deleteFrom('current_affairs').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
}

export interface StudentCurrentAffairRow {
  id: string;
  signing_generation: number;
  title: string;
  banner_image_id: string | null;
  pdf_file_id: string | null;
  card_id: string | null;
  card_title: string | null;
  card_net_amount: number | null;
  entitled: boolean;
}

/** The student may open the post's PDF: it has no rate card, the card is free to them, or they hold it. */
function entitledSql(userId: string) {
  return sql<boolean>`(
    ca.master_subscription_id is null
    or ${freeCardSql('ca.master_subscription_id', userId)}
    or exists (
      select 1 from entitlements g
      where g.user_id = ${userId} and g.revoked_at is null and g.starts_at <= now() and (g.expires_at is null or g.expires_at > now())
        and g.subscription_id = ca.master_subscription_id
    ))`;
}

/** A page of published posts, newest date first, with whether this student may open each. */
export async function publishedPage(db: Db, userId: string, limit: number, offset: number): Promise<StudentCurrentAffairRow[]> {
  const result = await sql<StudentCurrentAffairRow>`
    select ca.id, ca.signing_generation, ca.title, ca.banner_image_id, ca.pdf_file_id, s.id as card_id, s.title as card_title, s.net_amount as card_net_amount,
      ${entitledSql(userId)} as entitled
    from current_affairs ca left join subscriptions s on s.id = ca.master_subscription_id
    where ca.is_published
    order by ca.title desc, ca.created_at desc, ca.id
    limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

export async function countPublished(db: Db): Promise<number> {
  const row = await db
    .selectFrom('current_affairs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('is_published', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Whether a PDF address handed out for a post still opens its file: the post is published, has that
 * PDF and the generation the address names, and the student it was signed for may still open it.
 */
export async function currentAffairLinkHolds(
  db: Db,
  link: { postId: string; generation: number; assetId: string; studentId: string | null },
): Promise<boolean> {
  const result = await sql<{ holds: boolean }>`
    select ${link.studentId === null ? sql<boolean>`true` : entitledSql(link.studentId)} as holds
    from current_affairs ca
    where ca.id = ${link.postId} and ca.is_published and ca.pdf_file_id = ${link.assetId} and ca.signing_generation = ${link.generation}`.execute(db);
  return result.rows[0]?.holds === true;
}

/** The id and date (the title) of each of these posts that exists. */
export function currentAffairTitles(db: Db, ids: readonly string[]): Promise<Array<{ id: string; title: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('current_affairs').select(['id', 'title']).where('id', 'in', ids).execute();
}
