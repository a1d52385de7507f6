import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { LectureRow } from '../db/types.ts';

/** Locks the collection for one change: changes to it happen one after another. */
export async function lockCollection(trx: Db): Promise<{ title: string }> {
  return trx.selectFrom('lecture_collection').select('title').where('id', '=', true).forUpdate().executeTakeFirstOrThrow();
}

export async function collectionTitle(db: Db): Promise<string> {
  return (await db.selectFrom('lecture_collection').select('title').where('id', '=', true).executeTakeFirstOrThrow()).title;
}

export function setCollectionTitle(trx: Db, title: string, actorId: string | null): Promise<unknown> {
  return trx
    .updateTable('lecture_collection')
    .set({ title, updated_at: sql<Date>`now()`, updated_by: actorId })
    .where('id', '=', true)
    .execute();
}

/** The lecture ids of the collection, in order. */
export async function collectionLectureIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('lecture_collection_items').select('lecture_id').orderBy('position').orderBy('lecture_id').execute();
  return rows.map((row) => row.lecture_id);
}

/** The collection's lectures, in order. */
export function collectionLectureRows(db: Db): Promise<LectureRow[]> {
  return db
    .selectFrom('lecture_collection_items as i')
    .innerJoin('lectures as l', 'l.id', 'i.lecture_id')
    .selectAll('l')
    .orderBy('i.position')
    .orderBy('l.id')
    .execute();
}

export function lectureExists(db: Db, id: string): Promise<{ id: string } | undefined> {
  // Shared-locked, so that the lecture cannot be deleted before the item referring to it commits.
  return db.selectFrom('lectures').select('id').where('id', '=', id).forShare().executeTakeFirst();
}

/** Appends the lecture after the last one; nothing happens when it is already in. */
export async function appendLecture(trx: Db, lectureId: string): Promise<void> {
  await sql`
    insert into lecture_collection_items (lecture_id, position)
    select ${lectureId}, coalesce(max(position), 0) + 1 from lecture_collection_items
    on conflict (lecture_id) do nothing`.execute(trx);
}

export async function removeLecture(trx: Db, lectureId: string): Promise<void> {
  await trx.deleteFrom('lecture_collection_items').where('lecture_id', '=', lectureId).execute();
}

/** Writes the positions 1..n in the order given (one statement). */
export async function writeOrder(trx: Db, lectureIds: readonly string[]): Promise<void> {
  if (lectureIds.length === 0) return;
  await sql`
    update lecture_collection_items i set position = o.position
    from unnest(${lectureIds}::uuid[]) with ordinality as o(lecture_id, position)
    where i.lecture_id = o.lecture_id`.execute(trx);
}

/** The collection's published lectures, in order, and whether this student may watch each. */
export async function studentCollectionRows(db: Db, entitled: RawBuilder<boolean>) {
  const rows = await sql<LectureRow & { can_watch: boolean }>`
    select l.*, ${entitled} as can_watch
    from lecture_collection_items i join lectures l on l.id = i.lecture_id
    where l.is_published
    order by i.position, l.id`.execute(db);
  return rows.rows;
}
