import type { QueueItem, QueueState } from '../../shared/assets/assets.schema.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { auditBy, recordAudit, type AuditRecord } from '../audit/audit-writer.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import type { Db } from '../db/database.ts';
import type { QueueItemRow } from '../db/types.ts';
import { PROCESS_STEPS } from '../../shared/assets/progress.rules.ts';
import { AppError } from '../errors.ts';
import { enqueue, lockJob, removeWaitingJobs } from '../jobs/enqueue.ts';
import {
  assetsToPull,
  deleteQueueItem,
  findAssetKind,
  findItemByAsset,
  hasStoredOutputs,
  lectureTitleOfAsset,
  listItemViews,
  lockAssetForRemoval,
  lecturesShowingVideo,
  lockItemByAsset,
  pageOfItemViews,
  queueState,
  setItemPriority,
  setQueueState,
  upsertQueueItem,
  waitingItems,
  type QueueItemView,
} from './queue.repository.ts';
import { outputsPrefixOf } from '../../shared/assets/stored-files.rules.ts';
import { requeueFailedAsset, resetAssetOutputs } from './asset-state.repository.ts';
import { FINISHED_SHOWN_FOR_HOURS, type QueuePage, type RemovalImpact, type queueListInputSchema } from '../../shared/queue/queue-list.schema.ts';
import type { z } from 'zod';
import {
  lecturesTakenOffline,
  unconfirmedUnpublishing,
  unpublishNotConfirmedMessage,
  type LectureOnVideo,
} from '../../shared/queue/rendition-removal.rules.ts';
import { lockLecturesShowingVideo } from '../lectures/lectures.repository.ts';
import { refreshLecturesForVideo } from '../lectures/lectures.service.ts';
import { forgetAllCourses } from '../course-state/student-course-cache.ts';
import type { LectureRow } from '../db/types.ts';
import {
  mediaPriority,
  priorityClassOf,
  processingClass,
  raisedPriority,
  type MediaSource,
  type RaiseTarget,
} from '../../shared/queue/priority-class.rules.ts';

/** A failed transcode or PDF conversion is tried this many times before the item shows as failed. */
export const MEDIA_MAX_ATTEMPTS = 4;

/** The job that processes one item; a second one for the same file keeps the first's place in line. */
function addMediaJob(db: Db, assetId: string, priority: number): Promise<void> {
  return enqueue(db, 'process-media', { assetId }, { keyId: assetId, keyMode: 'preserve_run_at', maxAttempts: MEDIA_MAX_ATTEMPTS, priority });
}

/**
 * The priority a staff request queues a file at: its class (a first processing after the upload, or
 * processing it again: it has outputs, or its item finished or failed before) and how it came in.
 */
async function priorityFor(db: Db, assetId: string, source: MediaSource): Promise<number> {
  const item = await findItemByAsset(db, assetId);
  const processedBefore = item !== undefined && (item.state === 'ready' || item.state === 'failed');
  return mediaPriority(processingClass({ hasOutputs: await hasStoredOutputs(db, assetId), processedBefore }), source);
}

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
    priority: row.priority,
    priorityClass: priorityClassOf(row.priority),
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

/** What the audit log compares of a queue item. */
const itemAudited = (row: QueueItemRow) => ({
  fileId: row.asset_id,
  title: row.title,
  type: row.type,
  state: row.state,
  priority: row.priority,
  attempts: row.attempts,
  failureReason: row.failure_reason,
});

/** The queue's own state is one setting: its entries have no record id. */
const QUEUE_TITLE = 'Process queue';

/**
 * queueForProcessing for a staff request, with the entry it writes: a new item is created, a
 * finished or failed one retried, one still waiting updated (its priority or title).
 */
async function queueAudited(db: Db, input: Parameters<typeof queueForProcessing>[1]): Promise<AuditRecord> {
  const before = await findItemByAsset(db, input.assetId);
  const after = await queueForProcessing(db, input);
  const action = !before ? 'create' : before.state === 'ready' || before.state === 'failed' ? 'retry' : 'update';
  return {
    action,
    resourceType: 'queue-item',
    resourceId: after.id,
    title: after.title,
    changes: changedFields(before ? itemAudited(before) : null, itemAudited(after)),
  };
}

export async function getQueueState(ctx: AppContext): Promise<{ state: QueueState }> {
  return { state: await queueState(ctx.db) };
}

/** The oldest finish the default view still shows. */
export function finishedShownSince(now: Date): Date {
  return new Date(now.getTime() - FINISHED_SHOWN_FOR_HOURS * 3_600_000);
}

/** GET queue/items and queue.list: one page of a Status view (newest first unless sorted), its count and the global state. */
export async function listQueue(ctx: AppContext, input: z.output<typeof queueListInputSchema>): Promise<QueuePage> {
  const [{ rows, total }, state] = await Promise.all([
    pageOfItemViews(ctx.db, {
      view: input.status,
      finishedSince: finishedShownSince(new Date()),
      page: input.page,
      pageSize: input.pageSize,
      sort: input.sort,
    }),
    queueState(ctx.db),
  ]);
  return { items: rows.map(toQueueItem), state, total, page: input.page, pageSize: input.pageSize };
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
export async function startQueue(ctx: RequestContext): Promise<{ state: QueueState }> {
  const by = await auditBy(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await queueState(trx);
    await setQueueState(trx, 'RUNNING');
    const waiting = await waitingItems(trx);
    for (const item of waiting) await addMediaJob(trx, item.asset_id, item.priority);
    const changes = changedFields({ state: before }, { state: 'RUNNING' });
    await recordAudit(trx, by, { action: 'activate', resourceType: 'queue-item', resourceId: null, title: QUEUE_TITLE, changes });
  });
  return { state: 'RUNNING' };
}

/** trigger/end: no new item starts; the one being processed finishes. */
export async function stopQueue(ctx: RequestContext): Promise<{ state: QueueState }> {
  const by = await auditBy(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await queueState(trx);
    await setQueueState(trx, 'STOPPED');
    await removeWaitingJobs(trx, 'process-media');
    const changes = changedFields({ state: before }, { state: 'STOPPED' });
    await recordAudit(trx, by, { action: 'deactivate', resourceType: 'queue-item', resourceId: null, title: QUEUE_TITLE, changes });
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
  ctx: RequestContext,
  input: { assetId: string; title?: string | undefined; type?: 'video' | 'pdf' | undefined },
): Promise<QueueItem> {
  const found = await findAssetKind(ctx.db, input.assetId);
  if (!found) throw new AppError('not-found', 'File not found');
  const asset = processable(found);
  if (input.type && input.type !== asset.kind) throw new AppError('validation', `This file is a ${asset.kind}, not a ${input.type}`);
  const title = input.title?.trim() || (await titleFor(ctx.db, asset));
  const by = await auditBy(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const priority = await priorityFor(trx, asset.id, 'trigger');
    const record = await queueAudited(trx, { assetId: asset.id, title, type: asset.kind, priority });
    const item = await queuedItem(trx, asset.id);
    await recordAudit(trx, by, record);
    return item;
  });
}

/** POST /api/admin/assets/process/video/{id}: an uploaded file goes into the queue. */
export async function startProcessing(ctx: RequestContext, { assetId }: { assetId: string }): Promise<QueueItem> {
  const found = await findAssetKind(ctx.db, assetId);
  if (!found) throw new AppError('not-found', 'File not found');
  const asset = processable(found);
  const title = await titleFor(ctx.db, asset);
  const by = await auditBy(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const priority = await priorityFor(trx, asset.id, 'editor');
    const record = await queueAudited(trx, { assetId: asset.id, title, type: asset.kind, priority });
    const item = await queuedItem(trx, asset.id);
    await recordAudit(trx, by, record);
    return item;
  });
}

/**
 * queue/pull and queue/pull/pdf: up to `count` files that need processing (with force,
 * also those already done) join the queue, oldest first.
 */
export async function pullIntoQueue(
  ctx: RequestContext,
  input: { type: 'video' | 'pdf'; count: number; force: boolean },
): Promise<{ pulled: number; items: QueueItem[] }> {
  const by = await auditBy(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const assets = await assetsToPull(trx, input);
    const records: AuditRecord[] = [];
    for (const asset of assets) {
      const title = await titleFor(trx, { id: asset.id, kind: input.type, file_name: asset.file_name });
      const priority = await priorityFor(trx, asset.id, 'pull');
      records.push(await queueAudited(trx, { assetId: asset.id, title, type: input.type, priority }));
    }
    const items = (await listItemViews(trx, { assetIds: assets.map((asset) => asset.id) })).map(toQueueItem);
    // One entry per file pulled in.
    await recordAudit(trx, by, records);
    return { pulled: items.length, items };
  });
}

/**
 * queue-items/{fileId}/priority and queue.raise: an administrator moves a waiting item up, to the
 * class above its own or to the front; its waiting job takes the new priority in the same transaction.
 */
export async function raiseItemPriority(ctx: RequestContext, input: { assetId: string; to: RaiseTarget }): Promise<QueueItem> {
  const by = await auditBy(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockItemByAsset(trx, input.assetId);
    if (!before) throw new AppError('not-found', 'This item is not in the queue');
    if (before.state !== 'queued') throw new AppError('conflict', 'Only a waiting item can be moved up');
    const priority = raisedPriority(before.priority, input.to);
    if (priority === null) throw new AppError('conflict', 'This item is already first in line');
    // Held until the commit: a worker cannot take the job between this check and its new priority.
    const job = await lockJob(trx, 'process-media', before.asset_id);
    if (job === 'taken') throw new AppError('conflict', 'A worker has started on this item');
    const after = await setItemPriority(trx, before.id, priority);
    if (job === 'waiting') await addMediaJob(trx, after.asset_id, priority);
    await recordAudit(trx, by, {
      action: 'update',
      resourceType: 'queue-item',
      resourceId: after.id,
      title: after.title,
      changes: changedFields(itemAudited(before), itemAudited(after)),
    });
    return queuedItem(trx, after.asset_id);
  });
}

function onVideo(lecture: LectureRow): LectureOnVideo {
  return {
    id: lecture.id,
    title: lecture.title,
    isPublished: lecture.is_published,
    facts: {
      isVisible: lecture.is_visible,
      hasLecturer: Boolean(lecture.lecturer_id) || lecture.lecturer_name !== '',
      youtubeId: lecture.youtube_link,
      enableYoutubePlayer: lecture.enable_youtube_player,
      videoState: 'ready',
    },
  };
}

/** The published lectures that deleting this file's outputs would take offline (none for a PDF); `lock` holds them until the transaction ends. */
async function lecturesGoingOffline(db: Db, assetId: string, kind: string, lock: boolean): Promise<LectureOnVideo[]> {
  if (kind !== 'video') return [];
  const lectures = lock ? await lockLecturesShowingVideo(db, assetId) : await lecturesShowingVideo(db, assetId);
  // Locked in id order (one order for every locker); named, in both answers, oldest lecture first.
  const oldestFirst = [...lectures].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
  return lecturesTakenOffline(oldestFirst.map(onVideo));
}

/** queue.removalImpact: what the delete confirmation names (the published lectures that would go offline). */
export async function removalImpact(ctx: AppContext, { assetId }: { assetId: string }): Promise<RemovalImpact> {
  const found = await findAssetKind(ctx.db, assetId);
  if (!found) throw new AppError('not-found', 'File not found');
  // The removal checks again under its locks: a lecture published after this answer is refused there.
  const offline = await lecturesGoingOffline(ctx.db, assetId, found.kind, false);
  return { unpublishes: offline.map((lecture) => ({ _id: lecture.id, title: lecture.title })) };
}

/**
 * DELETE queueAndS3/items/{fileId}: the queue item and the processed outputs go; the file itself stays.
 * A published lecture playing the video goes offline in the same transaction (its warnings say the
 * video needs processing), and only when the caller named it in `unpublishLectureIds`: otherwise the
 * removal is refused and nothing changes. The file's row is locked first, so a save publishing a
 * lecture with this video meanwhile either comes before (and is seen here) or after (and sees no renditions).
 */
export async function removeItemAndOutputs(
  ctx: RequestContext,
  { assetId, unpublishLectureIds = [] }: { assetId: string; unpublishLectureIds?: readonly string[] | undefined },
): Promise<{ status: 'deleted'; unpublished: Array<{ _id: string; title: string }> }> {
  const by = await auditBy(ctx);
  const unpublished = await ctx.db.transaction().execute(async (trx) => {
    const asset = await lockAssetForRemoval(trx, assetId);
    const item = asset ? await lockItemByAsset(trx, assetId) : undefined;
    if (!asset || !item) throw new AppError('not-found', 'This file is not in the queue');
    if ((PROCESS_STEPS as readonly string[]).includes(item.state)) {
      throw new AppError('conflict', 'This file is being processed. Stop the queue and wait until it is done.');
    }
    const offline = await lecturesGoingOffline(trx, assetId, asset.kind, true);
    const unconfirmed = unconfirmedUnpublishing(offline, unpublishLectureIds);
    if (unconfirmed.length > 0) throw new AppError('conflict', unpublishNotConfirmedMessage(unconfirmed.map((lecture) => lecture.title)));
    await removeWaitingJobs(trx, 'process-media', [assetId]);
    await deleteQueueItem(trx, item.id);
    await resetAssetOutputs(trx, assetId, 'uploaded');
    if (asset.kind === 'video') await refreshLecturesForVideo({ db: trx }, { assetId });
    const taken = offline.map((lecture) => ({ _id: lecture.id, title: lecture.title }));
    await recordAudit(trx, by, {
      action: 'delete',
      resourceType: 'queue-item',
      resourceId: item.id,
      title: item.title,
      changes: {
        ...changedFields(itemAudited(item), null),
        ...changedFields({ unpublishedLectures: [] }, { unpublishedLectures: taken.map((lecture) => lecture.title) }),
      },
    });
    return taken;
  });
  // The courses holding an unpublished lecture show it offline to students at once.
  if (unpublished.length > 0) forgetAllCourses();
  await ctx.storage.deletePrefix(outputsPrefixOf(assetId));
  return { status: 'deleted', unpublished };
}
