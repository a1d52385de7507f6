import path from 'node:path';
import { sql } from 'kysely';
import { chooseLadder, posterSize, posterTimeSeconds, splitIntoPasses } from '../../shared/media/ladder.rules.ts';
import { resolveMediaTools } from '../../server/media/binaries.ts';
import { probeVideo } from '../../server/media/probe.ts';
import { extractPoster, MASTER_PLAYLIST_NAME, transcodePass, writeMasterPlaylist } from '../../server/media/transcode.ts';
import type { Rendition } from '../../server/media/media.types.ts';
import { progressWriter, setProcessState } from '../../server/queue/processing-state.ts';
import type { AssetRow } from '../../server/db/types.ts';
import type { WorkerDeps } from '../deps.ts';
import { refreshLecturesForVideo } from '../../server/lectures/lectures.service.ts';
import { ensureDir, fetchOriginal, listFiles, newOutputPrefix, removeOtherVersions, uploadFolder, withWorkspace } from './workspace.ts';

/**
 * Turns an uploaded video into an HLS ladder, a poster and its duration, walking the
 * states of §4. The lowest renditions (up to 360p) are encoded, uploaded and made
 * playable first; the rest follow. Outputs go to a fresh versioned prefix, and the asset
 * is marked ready only once every file is stored, so a crash never leaves a half ladder
 * marked ready; a retry starts a new version.
 */
export async function processVideo(deps: WorkerDeps, asset: AssetRow, signal: AbortSignal): Promise<void> {
  const { db, storage, config } = deps;
  await setProcessState(db, asset.id, 'preparing', { total: 1, loaded: 0 });
  const tools = await resolveMediaTools({ FFMPEG_PATH: config.FFMPEG_PATH, FFPROBE_PATH: config.FFPROBE_PATH, PATH: process.env.PATH });
  await setProcessState(db, asset.id, 'preparing', { total: 1, loaded: 1 });

  await withWorkspace(async (dir) => {
    const input = await fetchOriginal(db, storage, asset, dir, signal);
    const probe = await probeVideo(input, { ffprobe: tools.ffprobe, signal });
    const passes = splitIntoPasses(chooseLadder(probe));
    const durationMs = Math.max(1, Math.round(probe.durationSeconds * 1000));
    const passCount = passes.second.length > 0 ? 2 : 1;
    const processing = progressWriter(db, asset.id, 'processing');
    processing.report({ total: durationMs * passCount, loaded: 0 });

    const prefix = newOutputPrefix(asset.id);
    const hlsDir = await ensureDir(path.join(dir, 'hls'));

    const early = await transcodePass({
      ffmpeg: tools.ffmpeg,
      input,
      outDir: hlsDir,
      renditions: passes.first,
      probe,
      signal,
      onProgress: ({ loaded }) => processing.report({ total: durationMs * passCount, loaded }),
    });
    // Playable now: the early renditions and a master playlist listing them.
    await writeMasterPlaylist(hlsDir, early);
    await uploadFolder(storage, hlsDir, `${prefix}hls/`, { signal });
    await db
      .updateTable('assets')
      .set({
        output_prefix: prefix,
        renditions: JSON.stringify(early),
        duration_seconds: probe.durationSeconds,
        width: probe.width,
        height: probe.height,
        updated_at: sql`now()`,
      })
      .where('id', '=', asset.id)
      .execute();
    const uploadedEarly = new Set((await listFiles(hlsDir)).map((f) => f.key).filter((key) => key !== MASTER_PLAYLIST_NAME));

    let renditions: Rendition[] = early;
    if (passes.second.length > 0) {
      const rest = await transcodePass({
        ffmpeg: tools.ffmpeg,
        input,
        outDir: hlsDir,
        renditions: passes.second,
        probe,
        signal,
        onProgress: ({ loaded }) => processing.report({ total: durationMs * 2, loaded: durationMs + loaded }),
      });
      renditions = [...early, ...rest];
    }
    processing.report({ total: durationMs * passCount, loaded: durationMs * passCount });
    await processing.flush();

    await setProcessState(db, asset.id, 'post-processing', { total: 2, loaded: 0 });
    const posterFile = path.join(dir, 'poster.jpg');
    await extractPoster({ ffmpeg: tools.ffmpeg, input, outFile: posterFile, atSeconds: posterTimeSeconds(probe.durationSeconds), size: posterSize(probe), signal });
    await writeMasterPlaylist(hlsDir, renditions);
    await setProcessState(db, asset.id, 'post-processing', { total: 2, loaded: 2 });

    const pending = (await listFiles(hlsDir)).filter((f) => !uploadedEarly.has(f.key));
    const total = pending.reduce((sum, f) => sum + f.size, 0);
    const uploading = progressWriter(db, asset.id, 'uploading');
    uploading.report({ total, loaded: 0 });
    await uploadFolder(storage, hlsDir, `${prefix}hls/`, {
      signal,
      skip: uploadedEarly,
      onProgress: (loaded) => uploading.report({ total, loaded }),
    });
    await storage.putFile(`${prefix}poster.jpg`, posterFile, { signal });
    uploading.report({ total, loaded: total });
    await uploading.flush();

    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('assets')
        .set({
          state: 'ready',
          renditions: JSON.stringify(renditions),
          output_prefix: prefix,
          poster_key: `${prefix}poster.jpg`,
          failure_reason: null,
          process_progress: sql`process_progress || '{"ready": {"total": 1, "loaded": 1}}'::jsonb`,
          state_updated_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', asset.id)
        .execute();
      await trx
        .updateTable('queue_items')
        .set({ state: 'ready', failure_reason: null, last_state_updated_on: sql`now()` })
        .where('asset_id', '=', asset.id)
        .execute();
      // Lectures showing this file take its duration and publish state in the same commit.
      await refreshLecturesForVideo(trx, asset.id);
    });
    await removeOtherVersions(storage, asset.id, prefix);
  });
}
