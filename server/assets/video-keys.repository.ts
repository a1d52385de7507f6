import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { jobKey } from '../../shared/jobs/tasks.ts';

/** Stores a video's sealed key unless it has one already; answers the one it has either way. */
export async function insertVideoKeyIfMissing(db: Db, assetId: string, sealedKey: Buffer): Promise<Buffer> {
  await db
    .insertInto('video_keys')
    .values({ asset_id: assetId, sealed_key: sealedKey })
    .onConflict((c) => c.column('asset_id').doNothing())
    .execute();
  const row = await db.selectFrom('video_keys').select('sealed_key').where('asset_id', '=', assetId).executeTakeFirstOrThrow();
  return row.sealed_key;
}

export async function findSealedVideoKey(db: Db, assetId: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('video_keys').select('sealed_key').where('asset_id', '=', assetId).executeTakeFirst();
  return row?.sealed_key;
}

/** Notes that every segment under this output version is encrypted with the video's key. */
export async function markLadderEncrypted(db: Db, assetId: string, outputPrefix: string): Promise<void> {
  await db.updateTable('video_keys').set({ encrypted_prefix: outputPrefix }).where('asset_id', '=', assetId).execute();
}

/**
 * Ready videos whose current output version is not known to be encrypted and that have no
 * encrypt-video job (waiting, running, or failed for good), newest first, at most `limit`.
 */
export async function videosToEncrypt(db: Db, limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select a.id from assets a
    where a.kind = 'video' and a.state = 'ready' and a.output_prefix is not null
      and not exists (select 1 from video_keys k where k.asset_id = a.id and k.encrypted_prefix = a.output_prefix)
      and not exists (select 1 from graphile_worker.jobs j where j.key = ${jobKey('encrypt-video', '')} || a.id::text)
    order by a.created_at desc, a.id
    limit ${limit}`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Points a ready video at its encrypted output version, if it still shows `from` (a replace or a
 * re-process since then wins, and this answers false); the poster moves with it.
 */
export async function switchOutputVersion(db: Db, assetId: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('assets')
    .set((eb) => ({
      output_prefix: to,
      poster_key: sql<
        string | null
      >`case when left(${eb.ref('poster_key')}, ${from.length}) = ${from} then ${to} || substr(${eb.ref('poster_key')}, ${from.length + 1}) else ${eb.ref('poster_key')} end`,
      updated_at: sql`now()`,
    }))
    .where('id', '=', assetId)
    .where('output_prefix', '=', from)
    .where('state', '=', 'ready')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
