import type { Db } from '../../server/db/database.ts';
import { itemProgress } from '../../server/queue/queue.repository.ts';
import { MediaProcessError } from './media.errors.ts';

/** "2 minutes", "90 seconds": how long a stall setting reads in a reason. */
export function describeSeconds(seconds: number): string {
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** A job whose progress stood still for the stall setting: stopped, and retried like a failed process. */
export class MediaStalledError extends MediaProcessError {
  constructor(seconds: number) {
    super(`No progress for ${describeSeconds(seconds)}`);
    this.name = 'MediaStalledError';
  }
}

/** What a stall is judged by: the item's step and its recorded progress, as the queue shows them. */
async function progressMark(db: Db, assetId: string): Promise<string | undefined> {
  const row = await itemProgress(db, assetId);
  return row ? JSON.stringify([row.state, row.process_progress]) : undefined;
}

/**
 * Watches a media job's progress (the item's step and figures, which the pipelines record as they
 * go) and aborts the returned signal with MediaStalledError once it has not moved for `stallSeconds`:
 * ffmpeg or Ghostscript is killed through it, however slow the job, only when it stands still. The
 * caller's signal (a worker shutting down) aborts it too. Looked at every eighth of the setting
 * (at least every half second, at most every 10 seconds), so a stall is seen within that much of it.
 */
export function watchForStall(options: { db: Db; assetId: string; stallSeconds: number; signal?: AbortSignal | undefined }): {
  signal: AbortSignal;
  /** The stall that stopped the job, if one did. */
  stalled(): MediaStalledError | undefined;
  stop(): void;
} {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let stall: MediaStalledError | undefined;
  let last: string | undefined;
  let movedAt = Date.now();
  let looking = false;
  const look = async () => {
    if (looking || controller.signal.aborted) return;
    looking = true;
    try {
      const mark = await progressMark(options.db, options.assetId);
      if (mark !== last) {
        last = mark;
        movedAt = Date.now();
      } else if (Date.now() - movedAt >= options.stallSeconds * 1000) {
        stall = new MediaStalledError(options.stallSeconds);
        controller.abort(stall);
      }
    } catch {
      // The database did not answer: that is not the job's fault, and the next look tries again.
    } finally {
      looking = false;
    }
  };
  const everyMs = Math.min(10_000, Math.max(500, (options.stallSeconds * 1000) / 8));
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  void look();
  return {
    signal: controller.signal,
    stalled: () => stall,
    stop: () => {
      clearInterval(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
