import { UNFINISHED_UPLOAD_KEEP_MS } from '../../shared/assets/resumable-upload.rules.ts';
import type { Db } from '../../server/db/database.ts';
import type { ResumableStore } from '../../server/assets/resumable-store.ts';
import { deleteResumableUpload, uploadsBegunBefore } from '../../server/assets/resumable-uploads.repository.ts';

/** Uploads looked at in one statement. */
const BATCH = 200;

export interface ResumableCleanupResult {
  /** Unfinished uploads removed (what had arrived, and their record). */
  unfinished: number;
  /** Records of finished uploads forgotten (with anything of theirs the data store still held). */
  finished: number;
}

/**
 * Removes resumable uploads begun longer than the keep period ago: an unfinished one's data (on
 * S3 its multipart upload is aborted, and its info and leftover part objects deleted) and its
 * record; a finished one's record, which answered repeated finish requests until now. An upload
 * a finishing run holds is left to it. One that cannot be removed now is tried again next time.
 */
export async function removeExpiredUploads(deps: { db: Db; resumable: ResumableStore }, now: Date): Promise<ResumableCleanupResult> {
  const before = new Date(now.getTime() - UNFINISHED_UPLOAD_KEEP_MS);
  const result: ResumableCleanupResult = { unfinished: 0, finished: 0 };
  for (;;) {
    const batch = await uploadsBegunBefore(deps.db, before, BATCH);
    let failed = false;
    for (const upload of batch) {
      try {
        await deps.resumable.remove(upload.id);
      } catch {
        failed = true;
        continue;
      }
      await deleteResumableUpload(deps.db, upload.id);
      if (upload.asset_id === null) result.unfinished += 1;
      else result.finished += 1;
    }
    // A batch with a failure would come back the same: the rest waits for the next run.
    if (batch.length < BATCH || failed) return result;
  }
}
