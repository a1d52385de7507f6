import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ProcessState } from '../db/types.ts';
import type { Rendition } from '../../shared/media/media.types.ts';

/**
 * Every write of an asset's processing state and outputs, in one place: a reset that clears every
 * output, the working steps, the early renditions of a video, ready, failed, and failed back to
 * uploaded. Each takes the connection it runs on (the caller's transaction when it has one).
 */
export type WorkingState = Exclude<ProcessState, 'uploaded' | 'failed'>;

/** A new file's content (a replace), written together with the reset of its outputs. */
export interface AssetContent {
  file_name: string;
  content_type: string;
  size_in_bytes: number;
  sha256: string;
  storage_key: string;
}

/**
 * Forgets everything processing made (renditions, poster, duration and size, pages, progress,
 * failure) and puts the asset in `state`; with `content`, the file itself is new too. With
 * `keepLadder` (a video replaced while its ladder is complete), the ladder, poster and duration stay
 * and keep being served until the new content's ladder is ready (see hasCompleteLadder).
 */
export async function resetAssetOutputs(
  db: Db,
  assetId: string,
  state: ProcessState,
  content?: AssetContent,
  options: { keepLadder?: boolean } = {},
): Promise<void> {
  const outputs = options.keepLadder
    ? {}
    : {
        renditions: '[]',
        output_prefix: null,
        poster_key: null,
        duration_seconds: null,
        width: null,
        height: null,
        has_converted_to_image: false,
        page_count: null,
      };
  await db
    .updateTable('assets')
    .set({
      ...content,
      state,
      process_progress: '{}',
      ...outputs,
      failure_reason: null,
      updated_at: sql`now()`,
      state_updated_at: sql`now()`,
    })
    .where('id', '=', assetId)
    .execute();
}

/** A working step of the asset, with the step's progress (total, loaded) recorded under its name. */
export async function setAssetWorkingState(db: Db, assetId: string, state: WorkingState, progressEntry: string): Promise<void> {
  await db
    .updateTable('assets')
    .set({
      state,
      process_progress: sql`jsonb_set(process_progress, ${sql.val([state])}::text[], ${progressEntry}::jsonb)`,
      failure_reason: null,
      state_updated_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', assetId)
    .execute();
}

export interface VideoOutputs {
  outputPrefix: string;
  renditions: Rendition[];
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

/** The first renditions of a video are stored and playable while the rest still encode. */
export async function setEarlyRenditions(db: Db, assetId: string, outputs: VideoOutputs): Promise<void> {
  await db
    .updateTable('assets')
    .set({
      output_prefix: outputs.outputPrefix,
      renditions: JSON.stringify(outputs.renditions),
      duration_seconds: outputs.durationSeconds,
      width: outputs.width,
      height: outputs.height,
      updated_at: sql`now()`,
    })
    .where('id', '=', assetId)
    .execute();
}

export type ReadyOutputs = ({ kind: 'video'; posterKey: string } & VideoOutputs) | { kind: 'pdf'; outputPrefix: string; pageCount: number };

/** Every output is stored: the asset is ready, with what processing made. */
export async function markAssetReady(db: Db, assetId: string, outputs: ReadyOutputs): Promise<void> {
  const made =
    outputs.kind === 'video'
      ? {
          renditions: JSON.stringify(outputs.renditions),
          poster_key: outputs.posterKey,
          duration_seconds: outputs.durationSeconds,
          width: outputs.width,
          height: outputs.height,
        }
      : { has_converted_to_image: true, page_count: outputs.pageCount };
  await db
    .updateTable('assets')
    .set({
      ...made,
      state: 'ready',
      output_prefix: outputs.outputPrefix,
      failure_reason: null,
      process_progress: sql`process_progress || '{"ready": {"total": 1, "loaded": 1}}'::jsonb`,
      state_updated_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', assetId)
    .execute();
}

export async function markAssetFailed(db: Db, assetId: string, reason: string): Promise<void> {
  await db
    .updateTable('assets')
    .set({ state: 'failed', failure_reason: reason, state_updated_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', assetId)
    .execute();
}

/** A failed asset queued again starts over from uploaded (an asset in any other state keeps it). */
export async function requeueFailedAsset(db: Db, assetId: string): Promise<void> {
  await db
    .updateTable('assets')
    .set({ state: 'uploaded', failure_reason: null, state_updated_at: sql`now()` })
    .where('id', '=', assetId)
    .where('state', '=', 'failed')
    .execute();
}

/** The asset's file name, for naming it in an alert when its processing fails. */
export async function findAssetFileName(db: Db, id: string): Promise<{ file_name: string } | undefined> {
  return db.selectFrom('assets').select('file_name').where('id', '=', id).executeTakeFirst();
}
