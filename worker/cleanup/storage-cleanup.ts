import { assetIdOfKey, isKeyReferenced, type AssetFileReferences } from '../../shared/assets/stored-files.rules.ts';
import type { Db } from '../../server/db/database.ts';
import { assetFileRows } from '../../server/assets/assets.repository.ts';
import { claimedKeys, dropExpiredClaims } from '../../server/assets/storage-claims.repository.ts';
import type { Storage, StoredObject } from '../../server/assets/storage/storage.ts';

const HOUR = 60 * 60_000;
/**
 * A file younger than this is never removed: an upload or a processing run may have written it
 * and be about to record it.
 */
export const ORPHAN_MIN_AGE_MS = HOUR;
/** An S3 multipart upload begun this long ago is dead: no upload of the largest file takes a day. */
const UNFINISHED_UPLOAD_MAX_AGE_MS = 24 * HOUR;
/** Files looked up and removed together: one query for their rows, one DeleteObjects request. */
const BATCH = 500;

export interface StorageCleanupResult {
  files: number;
  unfinishedWrites: number;
  expiredClaims: number;
}

/** The rows behind some assets' files, read in one statement. */
async function assetFileReferences(db: Db, assetIds: string[]): Promise<Map<string, AssetFileReferences>> {
  if (assetIds.length === 0) return new Map();
  const rows = await assetFileRows(db, assetIds);
  return new Map(
    rows.map((row) => [
      row.id,
      { assetId: row.id, storageKey: row.storage_key, outputPrefix: row.output_prefix, posterKey: row.poster_key, processing: row.processing },
    ]),
  );
}

/** Removes the files of a batch that no row and no upload under way refers to; answers how many. */
async function removeUnreferenced(db: Db, storage: Storage, batch: StoredObject[]): Promise<number> {
  const keys = batch.map((object) => object.key);
  // Claims first, rows second: an upload releases its claim in the transaction that inserts its
  // row, so a key whose claim is already gone here has its row visible to the next statement.
  const claimed = await claimedKeys(db, keys);
  const ids = [...new Set(keys.map(assetIdOfKey).filter((id): id is string => id !== undefined))];
  const references = await assetFileReferences(db, ids);
  const orphans = keys.filter((key) => {
    const assetId = assetIdOfKey(key);
    return assetId !== undefined && !claimed.has(key) && !isKeyReferenced(key, references.get(assetId));
  });
  await storage.deleteMany(orphans);
  return orphans.length;
}

/**
 * Reconciles storage with the database: removes the stored files of assets that no row refers to
 * (a server killed mid-upload, a replaced file or an output version whose removal was cut short)
 * once they are an hour old, the unfinished writes of processes that died, and the claims of
 * uploads that never finished. Only keys laid out as the product's asset files are touched.
 */
export async function removeOrphanedFiles(deps: { db: Db; storage: Storage }, now: Date): Promise<StorageCleanupResult> {
  const expiredClaims = await dropExpiredClaims(deps.db, now);
  const unfinishedWrites = await deps.storage.deleteUnfinishedWrites({
    lastWrittenBefore: new Date(now.getTime() - ORPHAN_MIN_AGE_MS),
    startedBefore: new Date(now.getTime() - UNFINISHED_UPLOAD_MAX_AGE_MS),
  });
  const cutoff = now.getTime() - ORPHAN_MIN_AGE_MS;
  let files = 0;
  let batch: StoredObject[] = [];
  for await (const object of deps.storage.walk('assets/')) {
    if (object.modifiedAt.getTime() >= cutoff) continue;
    batch.push(object);
    if (batch.length >= BATCH) {
      files += await removeUnreferenced(deps.db, deps.storage, batch);
      batch = [];
    }
  }
  if (batch.length > 0) files += await removeUnreferenced(deps.db, deps.storage, batch);
  return { files, unfinishedWrites, expiredClaims };
}
