import type { AssetRow } from '../db/types.ts';

/**
 * A video's complete ladder is stored and served: its renditions and poster, which only a finished
 * run writes (early renditions come without a poster). True while a replaced video's previous ladder
 * is kept until the new one is ready, and after a new content failed to process.
 */
export function hasCompleteLadder(asset: Pick<AssetRow, 'kind' | 'output_prefix' | 'poster_key' | 'renditions'>): boolean {
  return asset.kind === 'video' && asset.output_prefix !== null && asset.poster_key !== null && asset.renditions.length > 0;
}
