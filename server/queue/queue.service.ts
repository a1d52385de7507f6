import type { QueueItem, QueueState } from '../../shared/assets/assets.schema.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { QueueItemRow } from '../db/types.ts';
import { PROCESS_STEPS } from '../../shared/assets/progress.rules.ts';
import { AppError } from '../errors.ts';
import { enqueue, removeWaitingJobs } from '../jobs/enqueue.ts';
import {
  assetsToPull,
  deleteQueueItem,
  findAssetKind,
  findItemByAsset,
  lectureTitleOfAsset,
  listItemViews,
  queueState,
  setQueueState,
  upsertQueueItem,
  waitingItems,
  type QueueItemView,
} from './queue.repository.ts';
import { outputsPrefixOf } from '../../shared/assets/stored-files.rules.ts';
import { requeueFailedAsset, resetAssetOutputs } from '../assets/asset-state.ts';

/** A failed transcode or PDF conversion is tried this many times before the item shows as failed. */
export const MEDIA_MAX_ATTEMPTS = 4;

/** The job that processes one item; a second one for the same file keeps the first's place in line. */
function addMediaJob(db: Db, assetId: string, priority: number): Promise<void> {
  return enqueue(db, 'process-media', { assetId }, { keyId: assetId, keyMode: 'preserve_run_at', maxAttempts: MEDIA_MAX_ATTEMPTS, priority });
}

/** A file triggered on its own runs before items started from the editor, and those before bulk pulls. */
export const PRIORITY = { trigger: 0, editor: 5, pull: 10 } as const;

export function toQueueItem(row: QueueItemView): QueueItem {
  return {
    _id: row.id,
    fileId: row.asset_id,
    // The lecture's title when a lecture uses the file; else what it was queued under (its file name or a title given to trigger).
    title: row.used_under_title ?? row.title,
    fileName: row.file_name,
    type: row.type,
    state: row.state,
    processProgress: row.process_progress as QueueItem['processProgress'],
    failureReason: row.failure_reason,
    attempts: row.attempts,
    lastStateUpdatedOn: row.last_state_updated_on.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

export async function isBeingProcessed(db: Db, assetId: string): Promise<boolean> {
  const item = await findItemByAsset(db, assetId);
  return item !== undefined && (PROCESS_STEPS as readonly string[]).includes(item.state);
}

/**
 * Puts a file in the queue (or keeps it there, raising its priority). A finished or
 * failed item is queued again. While the queue runs, a worker job is added at once;
 * the same transaction holds the item and its job.
 */
export async function queueForProcessing(
  db: Db,
  input: { assetId: string; title: string; type: 'video' | 'pdf'; priority: number; restart?: boolean },
): Promise<QueueItemRow> {
  const item = await upsertQueueItem(db, input);
  if (item.state === 'queued') {
    // A file that failed waits again as uploaded; its reason stays on record in the queue until it runs.
    await requeueFailedAsset(db, input.assetId);
    if ((await queueState(db)) === 'RUNNING') await addMediaJob(db, input.assetId, item.priority);
  }
  return item;
}

export async function getQueueState(ctx: AppContext): Promise<{ state: QueueState }> {
  return { state: await queueState(ctx.db) };
}

export async function listQueue(ctx: AppContext): Promise<{ items: QueueItem[]; state: QueueState }> {
  const [rows, state] = await Promise.all([listItemViews(ctx.db, { limit: 1000 }), queueState(ctx.db)]);
  return { items: rows.map(toQueueItem), state };
}

/** One file's queue item as the queue lists it; null when the file is not in the queue. */
async function itemView(db: Db, assetId: string): Promise<QueueItem | null> {
  const [row] = await listItemViews(db, { assetIds: [assetId] });
  return row ? toQueueItem(row) : null;
}

export async function getQueueItem(ctx: AppContext, { assetId }: { assetId: string }): Promise<QueueItem | null> {
  return itemView(ctx.db, assetId);
}

/** trigger/start: the queue runs; every waiting item gets its job, most urgent first. */
export async function startQueue(ctx: AppContext): Promise<{ state: QueueState }> {
  await ctx.db.transaction().execute(async (trx) => {
    await setQueueState(trx, 'RUNNING');
    const waiting = await waitingItems(trx);
    for (const item of waiting) await addMediaJob(trx, item.asset_id, item.priority);
  });
  return { state: 'RUNNING' };
}

/** trigger/end: no new item starts; the one being processed finishes. */
export async function stopQueue(ctx: AppContext): Promise<{ state: QueueState }> {
  await ctx.db.transaction().execute(async (trx) => {
    await setQueueState(trx, 'STOPPED');
    await removeWaitingJobs(trx, 'process-media');
  });
  return { state: 'STOPPED' };
}

/** The title a file is queued under: the lecture using it, else its file name (the list reads the lecture's title again). */
async function titleFor(db: Db, asset: { id: string; kind: 'video' | 'pdf'; file_name: string }): Promise<string> {
  return (await lectureTitleOfAsset(db, asset.id, asset.kind)) ?? asset.file_name;
}

function processable(asset: { id: string; kind: string; file_name: string }): { id: string; kind: 'video' | 'pdf'; file_name: string } {
  if (asset.kind !== 'video' && asset.kind !== 'pdf') throw new AppError('validation', 'Only videos and PDFs are processed');
  return { id: asset.id, kind: asset.kind, file_name: asset.file_name };
}

async function queuedItem(db: Db, assetId: string): Promise<QueueItem> {
  const item = await itemView(db, assetId);
  if (!item) throw new AppError('not-found', 'This file is not in the queue');
  return item;
}

/** trigger/{fileId}?title=&type=: one file to the front of the queue. */
export async function triggerFile(
  ctx: AppContext,
  input: { assetId: string; title?: string | undefined; type?: 'video' | 'pdf' | undefined },
): Promise<QueueItem> {
  const found = await findAssetKind(ctx.db, input.assetId);
  if (!found) throw new AppError('not-found', 'File not found');
  const asset = processable(found);
  if (input.type && input.type !== asset.kind) throw new AppError('validation', `This file is a ${asset.kind}, not a ${input.type}`);
  const title = input.title?.trim() || (await titleFor(ctx.db, asset));
  return ctx.db.transaction().execute(async (trx) => {
    await queueForProcessing(trx, { assetId: asset.id, title, type: asset.kind, priority: PRIORITY.trigger });
    return queuedItem(trx, asset.id);
  });
}

/** POST /api/admin/assets/process/video/{id}: an uploaded file goes into the queue. */
export async function startProcessing(ctx: AppContext, { assetId }: { assetId: string }): Promise<QueueItem> {
  const found = await findAssetKind(ctx.db, assetId);
  if (!found) throw new AppError('not-found', 'File not found');
  const asset = processable(found);
  const title = await titleFor(ctx.db, asset);
  return ctx.db.transaction().execute(async (trx) => {
    await queueForProcessing(trx, { assetId: asset.id, title, type: asset.kind, priority: PRIORITY.editor });
    return queuedItem(trx, asset.id);
  });
}

/**
 * queue/pull and queue/pull/pdf: up to `count` files that need processing (with force,
 * also those already done) join the queue, oldest first.
 */
export async function pullIntoQueue(
  ctx: AppContext,
  input: { type: 'video' | 'pdf'; count: number; force: boolean },
): Promise<{ pulled: number; items: QueueItem[] }> {
  return ctx.db.transaction().execute(async (trx) => {
    const assets = await assetsToPull(trx, input);
    for (const asset of assets) {
      const title = await titleFor(trx, { id: asset.id, kind: input.type, file_name: asset.file_name });
      await queueForProcessing(trx, { assetId: asset.id, title, type: input.type, priority: PRIORITY.pull });
    }
    const items = (await listItemViews(trx, { assetIds: assets.map((asset) => asset.id) })).map(toQueueItem);
    return { pulled: items.length, items };
  });
}

/** DELETE queueAndS3/items/{fileId}: the queue item and the processed outputs go; the file itself stays. */
export async function removeItemAndOutputs(ctx: AppContext, { assetId }: { assetId: string }): Promise<{ status: 'deleted' }> {
  const item = await findItemByAsset(ctx.db, assetId);
  if (!item) throw new AppError('not-found', 'This file is not in the queue');
  if ((PROCESS_STEPS as readonly string[]).includes(item.state)) {
    throw new AppError('conflict', 'This file is being processed. Stop the queue and wait until it is done.');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await removeWaitingJobs(trx, 'process-media', [assetId]);
    await deleteQueueItem(trx, item.id);
    await resetAssetOutputs(trx, assetId, 'uploaded');
  });
  await ctx.storage.deletePrefix(outputsPrefixOf(assetId));
  return { status: 'deleted' };
}
