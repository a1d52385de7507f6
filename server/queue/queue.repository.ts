import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { QueueItemRow } from '../db/types.ts';

export const PROCESS_MEDIA_TASK = 'process-media';
export const MEDIA_MAX_ATTEMPTS = 4;
/** States in which a worker is working on the item right now. */
export const ACTIVE_STATES = ['preparing', 'downloading', 'processing', 'post-processing', 'uploading'] as const;

export const mediaJobKey = (assetId: string) => `media:${assetId}`;

export async function queueState(db: Db): Promise<'RUNNING' | 'STOPPED'> {
  const row = await db.selectFrom('queue_settings').select('state').where('id', '=', 1).executeTakeFirst();
  return row?.state ?? 'STOPPED';
}

export async function findItemByAsset(db: Db, assetId: string): Promise<QueueItemRow | undefined> {
  return db.selectFrom('queue_items').selectAll().where('asset_id', '=', assetId).executeTakeFirst();
}

/** Adds the graphile-worker job that processes one item (a second add for the same item changes nothing). */
export async function addMediaJob(db: Db, assetId: string, priority: number): Promise<void> {
  await sql`select graphile_worker.add_job(
    identifier => ${PROCESS_MEDIA_TASK},
    payload => ${JSON.stringify({ assetId })}::json,
    max_attempts => ${MEDIA_MAX_ATTEMPTS},
    job_key => ${mediaJobKey(assetId)},
    job_key_mode => 'preserve_run_at',
    priority => ${priority}
  )`.execute(db);
}

/** Removes the jobs of items that no worker has started; a job being worked on is left to finish. */
export async function removeWaitingMediaJobs(db: Db, assetIds?: string[]): Promise<number> {
  const result = await sql<{ key: string }>`
    select key from graphile_worker.jobs
    where task_identifier = ${PROCESS_MEDIA_TASK} and locked_at is null and key is not null
    ${assetIds ? sql`and key = any(${assetIds.map(mediaJobKey)})` : sql``}`.execute(db);
  for (const { key } of result.rows) await sql`select graphile_worker.remove_job(${key})`.execute(db);
  return result.rows.length;
}

/** The file's queue item is done; called in the transaction that makes the file's outputs visible. */
export async function markItemReady(db: Db, assetId: string): Promise<void> {
  await db
    .updateTable('queue_items')
    .set({ state: 'ready', failure_reason: null, last_state_updated_on: sql<Date>`now()` })
    .where('asset_id', '=', assetId)
    .execute();
}
