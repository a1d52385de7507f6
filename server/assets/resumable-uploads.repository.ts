import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AssetKind, ResumableUploadsTable } from '../db/types.ts';
import type { Selectable } from 'kysely';

export type ResumableUploadRow = Selectable<ResumableUploadsTable>;

/**
 * How long a finishing run's hold lasts unless renewed (it renews every FINISHING_HEARTBEAT_MS):
 * a run whose server was stopped lets go this long after its last renewal.
 */
const FINISHING_LEASE = '3 minutes';
export const FINISHING_HEARTBEAT_MS = 60_000;

export async function insertResumableUpload(
  db: Db,
  row: { id: string; created_by: string; file_name: string; kind: AssetKind | null; access_mode: 'public' | 'private'; size_in_bytes: number },
): Promise<void> {
  await db.insertInto('resumable_uploads').values(row).execute();
}

/** The upload, only when `ownerId` began it: another account's upload is as good as absent. */
export async function findOwnUpload(db: Db, id: string, ownerId: string): Promise<ResumableUploadRow | undefined> {
  return db.selectFrom('resumable_uploads').selectAll().where('id', '=', id).where('created_by', '=', ownerId).executeTakeFirst();
}

/** Takes the upload for one finishing run; answers false when another run holds it or it is finished. */
export async function claimFinishing(db: Db, id: string): Promise<boolean> {
  const claimed = await db
    .updateTable('resumable_uploads')
    .set({ finishing_since: sql<Date>`now()` })
    .where('id', '=', id)
    .where('asset_id', 'is', null)
    .where((eb) => eb.or([eb('finishing_since', 'is', null), eb('finishing_since', '<', sql<Date>`now() - ${FINISHING_LEASE}::interval`)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Renews a finishing run's hold. */
export async function renewFinishing(db: Db, id: string): Promise<void> {
  await db
    .updateTable('resumable_uploads')
    .set({ finishing_since: sql<Date>`now()` })
    .where('id', '=', id)
    .where('asset_id', 'is', null)
    .execute();
}

export async function releaseFinishing(db: Db, id: string): Promise<void> {
  await db.updateTable('resumable_uploads').set({ finishing_since: null }).where('id', '=', id).where('asset_id', 'is', null).execute();
}

/** Records the file the upload became (in the transaction that inserts the file's row). */
export async function markFinished(db: Db, id: string, assetId: string): Promise<void> {
  await db.updateTable('resumable_uploads').set({ asset_id: assetId, finishing_since: null }).where('id', '=', id).execute();
}

export async function deleteResumableUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
}

/** Uploads begun before `before` that no finishing run holds, a batch at a time, oldest first. */
export async function uploadsBegunBefore(db: Db, before: Date, limit: number): Promise<Array<Pick<ResumableUploadRow, 'id' | 'asset_id'>>> {
  return db
    .selectFrom('resumable_uploads')
    .select(['id', 'asset_id'])
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('finishing_since', 'is', null), eb('finishing_since', '<', sql<Date>`now() - ${FINISHING_LEASE}::interval`)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
