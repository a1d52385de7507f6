import type { Task } from 'graphile-worker';
import { enqueue } from '../../server/jobs/enqueue.ts';
import { videosToEncrypt } from '../../server/assets/video-keys.repository.ts';
import { MEDIA_PRIORITY } from '../../shared/queue/media-priority.ts';
import type { WorkerDeps } from '../deps.ts';
import { taskPayload } from './payload.ts';

/** Videos queued for encryption per run: the media queue never holds more than a batch of backfill work. */
export const ENCRYPT_BATCH = 20;
const ENCRYPT_MAX_ATTEMPTS = 5;

/**
 * Every ten minutes: queues encrypt-video, behind every upload and re-process, for the newest ready
 * videos whose ladder is not known to be encrypted and that have no such job yet (one that failed for
 * good stays, and keeps its video out of the batch until it is removed). Answers how many it queued.
 */
export async function queueVideoEncryption(deps: Pick<WorkerDeps, 'db'>, batch = ENCRYPT_BATCH): Promise<number> {
  const ids = await videosToEncrypt(deps.db, batch);
  for (const assetId of ids) {
    await enqueue(
      deps.db,
      'encrypt-video',
      { assetId },
      { keyId: assetId, keyMode: 'unsafe_dedupe', priority: MEDIA_PRIORITY.backfill, maxAttempts: ENCRYPT_MAX_ATTEMPTS },
    );
  }
  return ids.length;
}

export function encryptVideos(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    taskPayload('encrypt-videos', rawPayload);
    const queued = await queueVideoEncryption(deps);
    helpers.logger.info(`queued ${queued} videos for encryption`);
  };
}
