import { raiseAlert } from '../../server/alerts/alerts.service.ts';
import type { Db } from '../../server/db/database.ts';
import { findAssetFileName, markAssetFailed, setAssetWorkingState, type WorkingState } from '../../server/queue/asset-state.repository.ts';
import { markItemFailed, markItemWaiting, setItemWorkingState } from '../../server/queue/queue.repository.ts';

/**
 * Moves a file and its queue item to a processing state, recording the state's progress
 * (total, loaded). Both rows change in one statement each, inside one transaction.
 */
export async function setProcessState(
  db: Db,
  assetId: string,
  state: WorkingState,
  progress: { total: number; loaded: number } = { total: 0, loaded: 0 },
): Promise<void> {
  const entry = JSON.stringify(progress);
  await db.transaction().execute(async (trx) => {
    await setAssetWorkingState(trx, assetId, state, entry);
    await setItemWorkingState(trx, assetId, state, entry);
  });
}

/**
 * Progress of a long step, written at most every `intervalMs` so that a fast-moving
 * ffmpeg does not flood the database; `flush` writes the last figure.
 */
export function progressWriter(db: Db, assetId: string, state: WorkingState, intervalMs = 750) {
  let last = 0;
  let pending: { total: number; loaded: number } | undefined;
  let writing: Promise<void> = Promise.resolve();
  const write = (progress: { total: number; loaded: number }) => {
    writing = writing.then(() => setProcessState(db, assetId, state, progress)).catch(() => {});
  };
  return {
    report(progress: { total: number; loaded: number }) {
      pending = progress;
      const now = Date.now();
      if (now - last >= intervalMs) {
        last = now;
        pending = undefined;
        write(progress);
      }
    },
    async flush() {
      if (pending) write(pending);
      pending = undefined;
      await writing;
    },
  };
}

/** A file that failed for good: the asset and its queue item say why, and staff get an alert. */
export async function markFailed(db: Db, assetId: string, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await markAssetFailed(trx, assetId, reason);
    const items = await markItemFailed(trx, assetId, reason);
    const asset = await findAssetFileName(trx, assetId);
    const name = items[0]?.title || asset?.file_name || assetId;
    await raiseAlert(trx, { message: `Processing failed for good: ${name} (${reason})`, resourceType: 'asset', resourceId: assetId });
  });
}

/**
 * A failed attempt that will be retried: the item waits in the queue again, with the reason (a stall
 * reads "No progress for 2 minutes; retried").
 */
export async function markRetrying(db: Db, assetId: string, reason: string, attempt: number, options: { stalled?: boolean } = {}): Promise<void> {
  await markItemWaiting(db, assetId, options.stalled ? `${reason}; retried` : `Attempt ${attempt} failed: ${reason}. It will be retried.`);
}
