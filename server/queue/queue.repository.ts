import { sql, type ExpressionBuilder } from 'kysely';
import { PROCESS_STEPS } from '../../shared/assets/progress.rules.ts';
import type { WorkingState } from './asset-state.repository.ts';
import type { Db } from '../db/database.ts';
import type { Database, LectureRow, QueueItemRow, QueueItemsTable } from '../db/types.ts';
import type { QueueSortColumn, QueueView } from '../../shared/queue/queue-list.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import { sortOrder, type SortColumn } from '../db/list-sort.ts';

export async function queueState(db: Db): Promise<'RUNNING' | 'STOPPED'> {
  const row = await db.selectFrom('queue_settings').select('state').where('id', '=', 1).executeTakeFirst();
  return row?.state ?? 'STOPPED';
}

/** A queue row with what it is shown under: the title of the lecture using the file, and the file's own name. */
export type QueueItemView = QueueItemRow & { file_name: string; used_under_title: string | null };

/** What a queue row is shown under (see listItemViews); a correlated read, so only for the rows of one page. */
const usedUnderTitle = sql<string | null>`coalesce(
  (select l.title from lectures l
    where q.type = 'video' and l.video_resource_id = q.asset_id
    order by l.created_at, l.id limit 1),
  (select l.title from lectures l
    where q.type = 'pdf' and l.notes @> jsonb_build_array(jsonb_build_object('pdfFileId', q.asset_id::text))
    order by l.created_at, l.id limit 1)
)`;

/**
 * Queue rows with their names, read when they are listed: a file is often queued as soon
 * as it is uploaded, before the lecture that uses it is saved, and lectures are renamed.
 * Lectures are the only place videos and PDFs are used (the video, or a PDF note);
 * a file used by several lectures is named after the oldest.
 */
export async function listItemViews(db: Db, filter: { assetIds: readonly string[] }): Promise<QueueItemView[]> {
  if (filter.assetIds.length === 0) return [];
  return db
    .selectFrom('queue_items as q')
    .innerJoin('assets as a', 'a.id', 'q.asset_id')
    .selectAll('q')
    .select('a.file_name')
    .select(usedUnderTitle.as('used_under_title'))
    .where('q.asset_id', 'in', [...filter.assetIds])
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id')
    .execute();
}

const NOT_FINISHED = ['queued', ...PROCESS_STEPS, 'failed'] as const;

/**
 * The rows of one Status view. `current` is written as two index-served parts (every state but
 * ready, and ready since the cut-off) so that it does not read the finished items of all time.
 */
function inView(view: QueueView, finishedSince: Date) {
  return (eb: ExpressionBuilder<Database & { q: QueueItemsTable }, 'q'>) => {
    switch (view) {
      case 'current':
        return eb.or([eb('q.state', 'in', NOT_FINISHED), eb.and([eb('q.state', '=', 'ready'), eb('q.finished_at', '>=', finishedSince)])]);
      case 'waiting':
        return eb('q.state', '=', 'queued');
      case 'processing':
        return eb('q.state', 'in', PROCESS_STEPS);
      case 'failed':
        return eb('q.state', '=', 'failed');
      case 'finished':
        return eb('q.state', '=', 'ready');
      case 'all':
        return eb.lit(true);
    }
  };
}

/** What the queue sorts by: each column has an index on (column, id) (migration 202612030100). */
const QUEUE_SORT: Record<QueueSortColumn, SortColumn> = {
  type: { ref: 'q.type' },
  state: { ref: 'q.state' },
  updatedAt: { ref: 'q.last_state_updated_on' },
  createdAt: { ref: 'q.created_at' },
};

/** One page of a Status view, in the order asked for (newest first unless told), with the number of rows in the view. */
export async function pageOfItemViews(
  db: Db,
  input: { view: QueueView; finishedSince: Date; page: number; pageSize: number; sort?: SortParam<QueueSortColumn> },
): Promise<{ rows: QueueItemView[]; total: number }> {
  const where = inView(input.view, input.finishedSince);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('queue_items as q')
      .innerJoin('assets as a', 'a.id', 'q.asset_id')
      .selectAll('q')
      .select('a.file_name')
      .select(usedUnderTitle.as('used_under_title'))
      .where(where)
      .orderBy(sortOrder(input.sort ?? '-createdAt', QUEUE_SORT, 'q.id'))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    db
      .selectFrom('queue_items as q')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
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

/** The lectures whose video the file is, oldest first. */
export function lecturesShowingVideo(db: Db, assetId: string): Promise<LectureRow[]> {
  return db.selectFrom('lectures').selectAll().where('video_resource_id', '=', assetId).orderBy('created_at').orderBy('id').execute();
}

/** The file's row, locked until the transaction ends (a removal of its outputs; saves share-lock it). */
export function lockAssetForRemoval(db: Db, assetId: string): Promise<{ id: string; kind: string } | undefined> {
  return db.selectFrom('assets').select(['id', 'kind']).where('id', '=', assetId).forUpdate().executeTakeFirst();
}

/** The file's queue item, locked until the transaction ends (the worker's state changes wait). */
export function lockItemByAsset(db: Db, assetId: string): Promise<QueueItemRow | undefined> {
  return db.selectFrom('queue_items').selectAll().where('asset_id', '=', assetId).forUpdate().executeTakeFirst();
}

export async function findItemByAsset(db: Db, assetId: string): Promise<QueueItemRow | undefined> {
  return db.selectFrom('queue_items').selectAll().where('asset_id', '=', assetId).executeTakeFirst();
}

/** The file's queue item is done; called in the transaction that makes the file's outputs visible. */
export async function markItemReady(db: Db, assetId: string): Promise<void> {
  await db
    .updateTable('queue_items')
    .set({ state: 'ready', failure_reason: null, last_state_updated_on: sql<Date>`now()`, finished_at: sql<Date>`now()` })
    .where('asset_id', '=', assetId)
    .execute();
}

/** The file's queue item is at a working step, with the step's progress (total, loaded) recorded under its name. */
export async function setItemWorkingState(db: Db, assetId: string, state: WorkingState, progressEntry: string): Promise<void> {
  await db
    .updateTable('queue_items')
    .set({
      state,
      process_progress: sql`jsonb_set(process_progress, ${sql.val([state])}::text[], ${progressEntry}::jsonb)`,
      last_state_updated_on: sql`now()`,
      finished_at: null,
    })
    .where('asset_id', '=', assetId)
    .execute();
}

/** The file's queue item failed for good, with the reason; answers the titles of the items changed. */
export async function markItemFailed(db: Db, assetId: string, reason: string): Promise<Array<{ title: string }>> {
  return db
    .updateTable('queue_items')
    .set({ state: 'failed', failure_reason: reason, last_state_updated_on: sql`now()`, finished_at: null })
    .where('asset_id', '=', assetId)
    .returning('title')
    .execute();
}

/** The file's queue item waits in the queue again, saying why. */
export async function markItemWaiting(db: Db, assetId: string, failureReason: string): Promise<void> {
  await db
    .updateTable('queue_items')
    .set({
      state: 'queued',
      failure_reason: failureReason,
      last_state_updated_on: sql`now()`,
      finished_at: null,
    })
    .where('asset_id', '=', assetId)
    .execute();
}

export async function findItemIdByAsset(db: Db, assetId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('queue_items').select(['id']).where('asset_id', '=', assetId).executeTakeFirst();
}

/** How many times the worker has taken the item's job (shown in the queue). */
export async function setItemAttempts(db: Db, itemId: string, attempts: number): Promise<void> {
  await db.updateTable('queue_items').set({ attempts }).where('id', '=', itemId).execute();
}

/**
 * Puts a file in the queue, or, when it is there, keeps the more urgent priority (a finished or
 * failed item takes the new one) and queues it again unless a worker is on it (a finished or failed item starts over, its attempts, reason and
 * progress forgotten; `restart` forgets the attempts of any item). One statement, so two at once
 * cannot both insert.
 */
export async function upsertQueueItem(
  db: Db,
  input: { assetId: string; title: string; type: 'video' | 'pdf'; priority: number; restart?: boolean | undefined },
): Promise<QueueItemRow> {
  return db
    .insertInto('queue_items')
    .values({ asset_id: input.assetId, title: input.title, type: input.type, priority: input.priority })
    .onConflict((oc) =>
      oc.column('asset_id').doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        // A finished or failed item queued again takes the new priority; one still to run keeps the more urgent.
        priority: sql<number>`case when queue_items.state in ('ready', 'failed') then excluded.priority else least(queue_items.priority, excluded.priority) end`,
        // An item being worked on keeps its state; anything else waits in the queue again.
        state: sql`case when queue_items.state in (${sql.join(PROCESS_STEPS.map((step) => sql.lit(step)))}) then queue_items.state else 'queued' end`,
        attempts: sql`case when queue_items.state in ('ready', 'failed') or ${input.restart ?? false} then 0 else queue_items.attempts end`,
        failure_reason: sql`case when queue_items.state in ('ready', 'failed') then null else queue_items.failure_reason end`,
        process_progress: sql`case when queue_items.state in ('ready', 'failed') then '{}'::jsonb else queue_items.process_progress end`,
        finished_at: null,
        last_state_updated_on: sql`now()`,
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setQueueState(db: Db, state: 'RUNNING' | 'STOPPED'): Promise<void> {
  await db
    .updateTable('queue_settings')
    .set({ state, updated_at: sql`now()` })
    .where('id', '=', 1)
    .execute();
}

/** Items waiting for a worker, most urgent first (then oldest). */
export function waitingItems(db: Db): Promise<Array<{ asset_id: string; priority: number }>> {
  return db.selectFrom('queue_items').select(['asset_id', 'priority']).where('state', '=', 'queued').orderBy('priority').orderBy('created_at').execute();
}

/** Whether the file has stored outputs (renditions or pages, even a replaced file's previous ones). */
export async function hasStoredOutputs(db: Db, assetId: string): Promise<boolean> {
  const row = await db.selectFrom('assets').select('output_prefix').where('id', '=', assetId).executeTakeFirst();
  return row?.output_prefix != null;
}

/** The item's priority is set (a raise); answers the row after. */
export function setItemPriority(db: Db, itemId: string, priority: number): Promise<QueueItemRow> {
  return db.updateTable('queue_items').set({ priority }).where('id', '=', itemId).returningAll().executeTakeFirstOrThrow();
}

export function findAssetKind(db: Db, assetId: string): Promise<{ id: string; kind: string; file_name: string } | undefined> {
  return db.selectFrom('assets').select(['id', 'kind', 'file_name']).where('id', '=', assetId).executeTakeFirst();
}

/**
 * Up to `count` files of a kind that need processing (with force, also those already done),
 * oldest first; files already waiting or being processed are not pulled twice.
 */
export function assetsToPull(db: Db, input: { type: 'video' | 'pdf'; count: number; force: boolean }): Promise<Array<{ id: string; file_name: string }>> {
  let query = db
    .selectFrom('assets as a')
    .leftJoin('queue_items as q', 'q.asset_id', 'a.id')
    .select(['a.id', 'a.file_name'])
    .where('a.kind', '=', input.type)
    .where((eb) => eb.or([eb('q.id', 'is', null), eb('q.state', 'in', ['ready', 'failed'])]));
  if (!input.force) {
    query = input.type === 'video' ? query.where('a.state', '!=', 'ready') : query.where('a.has_converted_to_image', '=', false);
  }
  return query.orderBy('a.created_at').limit(input.count).execute();
}

export async function deleteQueueItem(db: Db, itemId: string): Promise<void> {
  await db.deleteFrom('queue_items').where('id', '=', itemId).execute();
}

/** A queue item's step and recorded progress (what the worker's stall watch compares over time). */
export function itemProgress(db: Db, assetId: string) {
  return db.selectFrom('queue_items').select(['state', 'process_progress']).where('asset_id', '=', assetId).executeTakeFirst();
}
