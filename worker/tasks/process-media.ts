import type { Task } from 'graphile-worker';
import { findAsset } from '../../server/assets/assets.repository.ts';
import { refreshLecturesForVideo } from '../../server/lectures/lectures.service.ts';
import { findItemIdByAsset, setItemAttempts } from '../../server/queue/queue.repository.ts';
import { MediaInputError, MediaToolMissingError } from '../media/media.errors.ts';
import { markFailed, markRetrying } from '../media/processing-state.ts';
import type { WorkerDeps } from '../deps.ts';
import { taskPayload } from './payload.ts';
import { processPdf } from '../media/pdf-pipeline.ts';
import { processVideo } from '../media/video-pipeline.ts';
import { watchForStall } from '../media/stall-watch.ts';

/** Failures that another attempt cannot fix: a bad file or a missing tool. */
function isPermanent(error: unknown): boolean {
  return error instanceof MediaInputError || error instanceof MediaToolMissingError;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

/**
 * Processes one queued video or PDF. A failure that may pass (a storage hiccup, a killed
 * process, progress that stood still for MEDIA_STALL_SECONDS) is retried by graphile-worker with backoff; after the last attempt, or at once
 * for a bad file or a missing tool, the item is shown as failed with the reason. The task
 * starts over on a retry, so it is safe to run again after a crash.
 */
export function processMedia(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    const { assetId } = taskPayload('process-media', rawPayload);
    const asset = await findAsset(deps.db, assetId);
    const item = await findItemIdByAsset(deps.db, assetId);
    // Deleted meanwhile: nothing to do.
    if (!asset || !item) return;
    await setItemAttempts(deps.db, item.id, helpers.job.attempts);
    // A job whose progress stands still (MEDIA_STALL_SECONDS) is stopped, its tools killed, and retried.
    const watch = watchForStall({ db: deps.db, assetId, stallSeconds: deps.config.MEDIA_STALL_SECONDS, signal: helpers.abortSignal });
    try {
      if (asset.kind === 'video') await processVideo(deps, asset, watch.signal);
      else if (asset.kind === 'pdf') await processPdf(deps, asset, watch.signal);
      else throw new MediaInputError(`A ${asset.kind} file needs no processing`);
    } catch (caught) {
      // Whatever the abort made a step throw, a stall is the reason.
      const error = watch.stalled() ?? caught;
      const reason = reasonOf(error);
      if (isPermanent(error) || helpers.job.attempts >= helpers.job.max_attempts) {
        await markFailed(deps.db, assetId, reason);
        if (asset.kind === 'video') await refreshLecturesForVideo(deps, { assetId });
        helpers.logger.error(`Processing ${asset.kind} ${assetId} failed: ${reason}`);
        return;
      }
      await markRetrying(deps.db, assetId, reason, helpers.job.attempts, { stalled: watch.stalled() !== undefined });
      throw error;
    } finally {
      watch.stop();
    }
  };
}
