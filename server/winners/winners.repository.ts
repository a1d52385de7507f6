import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import type { Insertable, Updateable } from 'kysely';
import { updateAtVersion } from '../editing/versions.repository.ts';

type WinnerInsert = Insertable<Database['winner_announcements']>;
type WinnerUpdate = Updateable<Database['winner_announcements']>;

/** An announcement with its student, its photo's size and whether it is the active one. */
function selectWinners(db: Db) {
  return db
    .selectFrom('winner_announcements as w')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('assets as a', 'a.id', 'w.banner_image_id')
    .leftJoin('active_winner_announcement as act', 'act.announcement_id', 'w.id')
    .selectAll('w')
    .select([
      'u.name as user_name',
      'u.phone_number as user_phone',
      'a.size_in_bytes as banner_size',
      sql<boolean>`act.announcement_id is not null`.as('is_active'),
    ]);
}
export type WinnerRecord = Awaited<ReturnType<ReturnType<typeof selectWinners>['executeTakeFirstOrThrow']>>;

export function listWinnerRows(db: Db): Promise<WinnerRecord[]> {
  return selectWinners(db).orderBy('w.created_at', 'desc').orderBy('w.id').execute();
}

export function findWinnerRow(db: Db, id: string): Promise<WinnerRecord | undefined> {
  return selectWinners(db).where('w.id', '=', id).executeTakeFirst();
}

export function findStudent(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'name', 'phone_number']).where('id', '=', id).executeTakeFirst();
}

export async function insertWinner(db: Db, values: WinnerInsert): Promise<string> {
  const row = await db.insertInto('winner_announcements').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function lockWinner(db: Db, id: string) {
  return db.selectFrom('winner_announcements').select(['id', 'user_id', 'has_user_confirmed']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Saves only over the version the editor loaded (any version when none is given). */
export function updateWinnerAtVersion(db: Db, id: string, values: WinnerUpdate, version: number | undefined) {
  return updateAtVersion(db, 'winner_announcements', id, version, values).returning(['version']).executeTakeFirst();
}

/** The announcement, share-locked so that it cannot be deleted or unpublished before the transaction ends. */
export function shareLockWinner(db: Db, id: string) {
  return db.selectFrom('winner_announcements').select(['id', 'is_published']).where('id', '=', id).forShare().executeTakeFirst();
}

/** The payout details the winner gave, locked for their confirmation. */
export function lockWinnerPayout(db: Db, id: string) {
  return db
    .selectFrom('winner_announcements')
    .select(['beneficiary_name', 'google_pay_or_upi', 'has_user_confirmed'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The winner's confirmation, under a new version whatever the version is now. */
export async function confirmWinnerPayout(
  db: Db,
  id: string,
  values: Pick<WinnerUpdate, 'beneficiary_name' | 'google_pay_or_upi' | 'has_user_confirmed' | 'user_confirmed_at' | 'updated_by'>,
): Promise<void> {
  await updateAtVersion(db, 'winner_announcements', id, undefined, values).execute();
}

export async function deleteWinnerRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('winner_announcements').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Makes one announcement the active one, replacing whichever was: a single row, one statement. */
export async function setActive(db: Db, id: string, by: string | null): Promise<void> {
  await sql`
    insert into active_winner_announcement (singleton, announcement_id, activated_by, activated_at)
    values (true, ${id}, ${by}, now())
    on conflict (singleton) do update set announcement_id = excluded.announcement_id, activated_by = excluded.activated_by, activated_at = excluded.activated_at`.execute(
    db,
  );
}

/** Holds the active announcement's slot until the transaction ends, so that two changes of it take turns. */
export async function lockActive(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('active-winner-announcement', 0))`.execute(db);
}

export async function clearActive(db: Db): Promise<void> {
  await db.deleteFrom('active_winner_announcement').execute();
}

export async function activeId(db: Db): Promise<string | null> {
  const row = await db.selectFrom('active_winner_announcement').select('announcement_id').executeTakeFirst();
  return row?.announcement_id ?? null;
}

/** The active announcement when it is published and public: what every student sees. */
export function activePublicWinner(db: Db): Promise<WinnerRecord | undefined> {
  return selectWinners(db)
    .where(sql<boolean>`act.announcement_id is not null`)
    .where('w.is_published', '=', true)
    .where('w.is_public', '=', true)
    .executeTakeFirst();
}

/** A student's own published announcements, newest first. */
export function ownWinnerRows(db: Db, userId: string): Promise<WinnerRecord[]> {
  return selectWinners(db).where('w.user_id', '=', userId).where('w.is_published', '=', true).orderBy('w.created_at', 'desc').limit(50).execute();
}

/** The id and winner's name of each of these announcements that exists. */
export function winnerNames(db: Db, ids: readonly string[]): Promise<Array<{ id: string; winner_name: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('winner_announcements').select(['id', 'winner_name']).where('id', 'in', ids).execute();
}
