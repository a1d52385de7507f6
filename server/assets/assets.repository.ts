import { sql, type Insertable } from 'kysely';
import { PROCESS_STEPS } from '../../shared/assets/progress.rules.ts';
import type { Db } from '../db/database.ts';
import type { AssetRow, AssetsTable, QueueItemRow } from '../db/types.ts';

export async function findAsset(db: Db, id: string): Promise<AssetRow | undefined> {
  return db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Locks an asset's row for a replace of its content, then reads the keys the lock protects in a
 * statement of its own (a statement sees the data as it was when it began). Undefined when the
 * asset is gone.
 */
export async function lockAssetForReplace(
  trx: Db,
  assetId: string,
): Promise<{ storage_key: string; output_prefix: string | null; kind: AssetsTable['kind']; poster_key: string | null } | undefined> {
  const locked = await trx.selectFrom('assets').select('id').where('id', '=', assetId).forUpdate().executeTakeFirst();
  if (!locked) return undefined;
  return trx.selectFrom('assets').select(['storage_key', 'output_prefix', 'kind', 'poster_key']).where('id', '=', assetId).executeTakeFirstOrThrow();
}

/** An asset's row, locked until the transaction ends (a delete, or a replace after lockAssetForReplace); undefined when it is gone. */
export async function lockAsset(trx: Db, id: string): Promise<AssetRow | undefined> {
  return trx.selectFrom('assets').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertAssets(db: Db, rows: Insertable<AssetsTable>[]): Promise<void> {
  await db.insertInto('assets').values(rows).execute();
}

export async function deleteAssetRow(db: Db, assetId: string): Promise<void> {
  await db.deleteFrom('assets').where('id', '=', assetId).execute();
}

/** The asset's state in the processing queue, or null when it is not queued. */
export async function queueStateOf(db: Db, assetId: string): Promise<QueueItemRow['state'] | null> {
  const item = await db.selectFrom('queue_items').select('state').where('asset_id', '=', assetId).executeTakeFirst();
  return item?.state ?? null;
}

/** The keys some assets' rows refer to, and whether each asset is being processed (then its outputs are being written), in one statement. */
export async function assetFileRows(db: Db, assetIds: string[]) {
  return db
    .selectFrom('assets')
    .select(['id', 'storage_key', 'output_prefix', 'poster_key'])
    .select(
      sql<boolean>`assets.state in (${sql.join(PROCESS_STEPS)}) or exists (
        select 1 from queue_items where queue_items.asset_id = assets.id and queue_items.state in (${sql.join(PROCESS_STEPS)}))`.as('processing'),
    )
    .where('id', 'in', assetIds)
    .execute();
}
