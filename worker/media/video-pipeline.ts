import { resolveMediaTools } from './binaries.ts';
import { POSTER_NAME, processVideo as transcodeToHls } from './process-video.ts';
import { MASTER_PLAYLIST_NAME } from './transcode.ts';
import { refreshLecturesForVideo } from '../../server/lectures/lectures.service.ts';
import { progressWriter, setProcessState } from './processing-state.ts';
import type { AssetRow } from '../../server/db/types.ts';
import type { WorkerDeps } from '../deps.ts';
import { ensureDir, fetchOriginal, listFiles, newOutputPrefix, removeOtherVersions, uploadFiles, withWorkspace } from './workspace.ts';
import path from 'node:path';
import { markItemReady } from '../../server/queue/queue.repository.ts';
import { hasCompleteLadder } from '../../server/assets/asset-state.ts';
import { markAssetReady, setEarlyRenditions } from '../../server/queue/asset-state.repository.ts';
import { videoKeyFor } from '../../server/assets/video-keys.ts';

/**
 * Turns an uploaded video into an HLS ladder, a poster and its duration, walking the
 * working steps. The lowest renditions (up to 360p) are encoded first and, as soon as they
 * are done, uploaded with a master playlist listing them, so the video is playable while
 * the rest of the ladder is still encoding. Outputs go to a fresh versioned prefix, and
 * the asset is marked ready only once every file is stored: a crash never leaves a half
 * ladder marked ready, and a retry starts a new version.
 */
export async function processVideo(deps: WorkerDeps, asset: AssetRow, signal: AbortSignal): Promise<void> {
  const { db, storage, config } = deps;
  await setProcessState(db, asset.id, 'preparing', { total: 1, loaded: 0 });
  const tools = await resolveMediaTools({ FFMPEG_PATH: config.FFMPEG_PATH, FFPROBE_PATH: config.FFPROBE_PATH, PATH: process.env.PATH });
  // Every segment is stored encrypted under the video's key (kept across retries and re-processing).
  const videoKey = await videoKeyFor(db, config.SESSION_SECRET, asset.id);
  await setProcessState(db, asset.id, 'preparing', { total: 1, loaded: 1 });

  await withWorkspace(async (dir) => {
    const input = await fetchOriginal(db, storage, asset, dir, signal);
    const hlsDir = await ensureDir(path.join(dir, 'hls'));
    const prefix = newOutputPrefix(asset.id);
    const processing = progressWriter(db, asset.id, 'processing');
    // Both passes count: loaded is the media time each has encoded, of twice the duration.
    const passProgress = { 1: 0, 2: 0 };
    let passTotal = 0;
    processing.report({ total: 1, loaded: 0 });
    const uploadedEarly = new Set<string>();

    const result = await transcodeToHls({
      tools,
      input,
      outDir: hlsDir,
      signal,
      onProgress: (pass, { loaded, total }) => {
        passProgress[pass] = loaded;
        passTotal = total * 2;
        processing.report({ total: passTotal, loaded: passProgress[1] + passProgress[2] });
      },
      onPlayable: async (early) => {
        const files = (await listFiles(hlsDir)).filter((file) => early.renditions.some((r) => file.key.startsWith(`${r.name}/`)));
        // Segments and rendition playlists first, the master playlist that points at them last.
        await uploadFiles(storage, files, `${prefix}hls/`, { signal, videoKey });
        for (const file of files) uploadedEarly.add(file.key);
        await storage.putFile(`${prefix}hls/${MASTER_PLAYLIST_NAME}`, path.join(hlsDir, MASTER_PLAYLIST_NAME), { signal });
        // A replaced video keeps serving its previous, complete ladder until this one is ready.
        if (hasCompleteLadder(asset)) return;
        await setEarlyRenditions(db, asset.id, {
          outputPrefix: prefix,
          renditions: early.renditions,
          durationSeconds: early.probe.durationSeconds,
          width: early.probe.width,
          height: early.probe.height,
        });
      },
    });
    processing.report({ total: passTotal || 1, loaded: passTotal || 1 });
    await processing.flush();
    // The poster and the final master playlist were made by the last steps of the run.
    await setProcessState(db, asset.id, 'post-processing', { total: 1, loaded: 1 });

    const pending = (await listFiles(hlsDir)).filter((file) => !uploadedEarly.has(file.key) && file.key !== MASTER_PLAYLIST_NAME);
    const total = pending.reduce((sum, file) => sum + file.size, 0);
    const uploading = progressWriter(db, asset.id, 'uploading');
    uploading.report({ total, loaded: 0 });
    await uploadFiles(storage, pending, `${prefix}hls/`, { signal, videoKey, onProgress: (loaded) => uploading.report({ total, loaded }) });
    // The full master playlist replaces the early one only once everything it lists is stored.
    await storage.putFile(`${prefix}hls/${MASTER_PLAYLIST_NAME}`, path.join(hlsDir, MASTER_PLAYLIST_NAME), { signal });
    uploading.report({ total, loaded: total });
    await uploading.flush();

    await db.transaction().execute(async (trx) => {
      await markAssetReady(trx, asset.id, {
        kind: 'video',
        outputPrefix: prefix,
        posterKey: `${prefix}hls/${POSTER_NAME}`,
        renditions: result.renditions,
        durationSeconds: result.probe.durationSeconds,
        width: result.probe.width,
        height: result.probe.height,
      });
      await markItemReady(trx, asset.id);
      // Lectures showing this video take its duration and publish state in the same commit.
      await refreshLecturesForVideo({ db: trx }, { assetId: asset.id });
    });
    await removeOtherVersions(storage, asset.id, prefix);
  });
}
