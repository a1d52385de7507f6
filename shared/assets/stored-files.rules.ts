import { UUID_TEXT } from '../validation/fields.ts';

/**
 * Where an asset's files live in storage, and which of them its row still refers to:
 *
 * - `assets/<id>/original/<random>`: the uploaded file (`storage_key`; a replace writes a new one).
 * - `assets/<id>/out/<version>/`: what processing made (`output_prefix`), each run under a fresh
 *   version: `hls/` (playlists, segments, the poster that `poster_key` names) for a video,
 *   `pages/<n>.png` for a PDF.
 */
export interface AssetFileReferences {
  assetId: string;
  storageKey: string;
  outputPrefix: string | null;
  posterKey: string | null;
  /** A worker is on the file: it writes a new output version before any row names it. */
  processing: boolean;
}

const ASSET_KEY = new RegExp(`^assets/(${UUID_TEXT})/`);

/** The asset a storage key belongs to, or undefined for a key the product does not lay out so. */
/** Where everything processing made for an asset lives (each run in a version folder under it). */
export function outputsPrefixOf(assetId: string): string {
  return `assets/${assetId}/out/`;
}

export function assetIdOfKey(key: string): string | undefined {
  return ASSET_KEY.exec(key)?.[1];
}

/** Whether an asset's row (undefined when there is none) still refers to a stored key. */
export function isKeyReferenced(key: string, references: AssetFileReferences | undefined): boolean {
  if (!references) return false;
  if (key === references.storageKey || key === references.posterKey) return true;
  if (references.outputPrefix && key.startsWith(references.outputPrefix)) return true;
  return references.processing && key.startsWith(outputsPrefixOf(references.assetId));
}
