import type { Task } from 'graphile-worker';
import { refreshLecturesForVideo } from '../../server/lectures/lectures.service.ts';
import { MediaInputError, MediaToolMissingError } from '../media/media.errors.ts';
import { markFailed, markRetrying } from '../../server/queue/processing-state.ts';
import type { WorkerDeps } from '../deps.ts';
import { payloadOf } from './payload.ts';
import { processPdf } from '../media/pdf-pipeline.ts';
import { processVideo } from '../media/video-pipeline.ts';

/** Failures that another attempt cannot fix: a bad file or a missing tool. */
function isPermanent(error: unknown): boolean {
  return error instanceof MediaInputError || error instanceof MediaToolMissingError;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

/**
 * Processes one queued video or PDF. A failure that may pass (a storage hiccup, a killed
 * process) is retried by graphile-worker with backoff; after the last attempt, or at once
 * for a bad file or a missing tool, the item is shown as failed with the reason. The task
 * starts over on a retry, so it is safe to run again after a crash.
 */
export function processMedia(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    const { assetId } = payloadOf('process-media', rawPayload);
    const asset = await deps.db.selectFrom('assets').selectAll().where('id', '=', assetId).executeTakeFirst();
    const item = await deps.db.selectFrom('queue_items').select(['id']).where('asset_id', '=', assetId).executeTakeFirst();
    // Deleted meanwhile: nothing to do.
    if (!asset || !item) return;
    await deps.db.updateTable('queue_items').set({ attempts: helpers.job.attempts }).where('id', '=', item.id).execute();
    const signal = helpers.abortSignal ?? new AbortController().signal;
    try {
      if (asset.kind === 'video') await processVideo(deps, asset, signal);
      else if (asset.kind === 'pdf') await processPdf(deps, asset, signal);
      else throw new MediaInputError(`A ${asset.kind} file needs no processing`);
    } catch (error) {
      const reason = reasonOf(error);
      if (isPermanent(error) || helpers.job.attempts >= helpers.job.max_attempts) {
        await markFailed(deps.db, assetId, reason);
        if (asset.kind === 'video') await refreshLecturesForVideo(deps, { assetId });
        helpers.logger.error(`Processing ${asset.kind} ${assetId} failed: ${reason}`);
        return;
      }
      await markRetrying(deps.db, assetId, reason, helpers.job.attempts);
      throw error;
    }
  };
}
