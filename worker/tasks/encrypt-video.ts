import type { Task } from 'graphile-worker';
import type { WorkerDeps } from '../deps.ts';
import { encryptLadder } from '../media/encrypt-ladder.ts';
import { taskPayload } from './payload.ts';

/** Encrypts one ready video's segments (a backfill job of the media runner, at the lowest priority). */
export function encryptVideo(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    const { assetId } = taskPayload('encrypt-video', rawPayload);
    const outcome = await encryptLadder(deps, assetId, helpers.abortSignal ?? new AbortController().signal);
    helpers.logger.info(`video ${assetId}: ${outcome}`);
  };
}
