import type { AssetRow } from '../db/types.ts';
import { PROCESS_STEPS } from '../../shared/assets/progress.rules.ts';

/**
 * A video's complete ladder is stored and served: its renditions and poster, which only a finished
 * run writes (early renditions come without a poster). True while a replaced video's previous ladder
 * is kept until the new one is ready, and after a new content failed to process.
 */
export function hasCompleteLadder(asset: Pick<AssetRow, 'kind' | 'output_prefix' | 'poster_key' | 'renditions'>): boolean {
  return asset.kind === 'video' && asset.output_prefix !== null && asset.poster_key !== null && asset.renditions.length > 0;
}

/**
 * A video a student can play: its complete ladder, or, while a run is processing it, the early
 * renditions that run has stored (each of their playlists lists only stored segments, and grows
 * until the run finishes them). Early renditions left by a run that failed for good, or by one
 * before a failed video was queued again, do not count: their playlists may never be finished.
 */
export function isPlayableVideo(asset: Pick<AssetRow, 'kind' | 'state' | 'output_prefix' | 'poster_key' | 'renditions'>): boolean {
  if (hasCompleteLadder(asset)) return true;
  const processing = (PROCESS_STEPS as readonly string[]).includes(asset.state);
  return asset.kind === 'video' && processing && asset.output_prefix !== null && asset.renditions.length > 0;
}
