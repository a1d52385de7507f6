import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { QueueItemRow } from '../db/types.ts';


export async function queueState(db: Db): Promise<'RUNNING' | 'STOPPED'> {
  const row = await db.selectFrom('queue_settings').select('state').where('id', '=', 1).executeTakeFirst();
  return row?.state ?? 'STOPPED';
}

/** A queue row with what it is shown under: the title of the lecture using the file, and the file's own name. */
export type QueueItemView = QueueItemRow & { file_name: string; used_under_title: string | null };

/**
 * Queue rows with their names, read when they are listed: a file is often queued as soon
 * as it is uploaded, before the lecture that uses it is saved, and lectures are renamed.
 * Lectures are the only place videos and PDFs are used (the video, or a PDF note);
 * a file used by several lectures is named after the oldest.
 */
export async function listItemViews(db: Db, filter: { assetIds?: readonly string[]; limit?: number } = {}): Promise<QueueItemView[]> {
  let query = db
    .selectFrom('queue_items as q')
    .innerJoin('assets as a', 'a.id', 'q.asset_id')
    .selectAll('q')
    .select('a.file_name')
    .select(
      sql<string | null>`coalesce(
        (select l.title from lectures l
          where q.type = 'video' and l.video_resource_id = q.asset_id
          order by l.created_at, l.id limit 1),
        (select l.title from lectures l
          where q.type = 'pdf' and l.notes @> jsonb_build_array(jsonb_build_object('pdfFileId', q.asset_id::text))
          order by l.created_at, l.id limit 1)
      )`.as('used_under_title'),
    )
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id');
  if (filter.assetIds) {
    if (filter.assetIds.length === 0) return [];
    query = query.where('q.asset_id', 'in', [...filter.assetIds]);
  }
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
}

/** The title of the lecture that uses a file (its video or one of its PDF notes), if any. */
export async function lectureTitleOfAsset(db: Db, assetId: string, kind: 'video' | 'pdf'): Promise<string | null> {
  let query = db.selectFrom('lectures').select('title').orderBy('created_at').orderBy('id').limit(1);
  query =
    kind === 'video'
      ? query.where('video_resource_id', '=', assetId)
      : query.where(sql<boolean>`notes @> jsonb_build_array(jsonb_build_object('pdfFileId', ${assetId}::text))`);
  return (await query.executeTakeFirst())?.title ?? null;
}

export async function findItemByAsset(db: Db, assetId: string): Promise<QueueItemRow | undefined> {
  return db.selectFrom('queue_items').selectAll().where('asset_id', '=', assetId).executeTakeFirst();
}

/** The file's queue item is done; called in the transaction that makes the file's outputs visible. */
export async function markItemReady(db: Db, assetId: string): Promise<void> {
  await db
    .updateTable('queue_items')
    .set({ state: 'ready', failure_reason: null, last_state_updated_on: sql<Date>`now()` })
    .where('asset_id', '=', assetId)
    .execute();
}
