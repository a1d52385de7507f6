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
import { videoKeyFor } from '../../server/assets/video-keys.ts';
import { markAssetReady, setEarlyRenditions, type VideoOutputs } from '../../server/queue/asset-state.repository.ts';
import type { Db } from '../../server/db/database.ts';
import type { Rendition } from '../../shared/media/media.types.ts';
import { chooseAudioRate } from '../../shared/media/ladder.rules.ts';
import { publishGrowingRenditions, type GrowingRenditions } from './growing-renditions.ts';

/** Early renditions are stored (their files first): the video, and the lectures showing it, become playable. */
export async function storeEarlyRenditions(db: Db, assetId: string, outputs: VideoOutputs): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setEarlyRenditions(trx, assetId, outputs);
    await refreshLecturesForVideo({ db: trx }, { assetId });
  });
}

/**
 * Turns an uploaded video into an HLS ladder, a poster and its duration, walking the
 * working steps. The first pass's renditions (144p, 240p, 360p and the sound alone) are
 * stored segment by segment as ffmpeg makes them, each EVENT playlist listing only stored
 * segments; once each has its first segment a master playlist lists them and the video, and
 * the lectures showing it, become playable (early renditions). When the pass ends they are
 * stored again as finished VOD playlists, and the rest of the ladder follows. Outputs go to a
 * fresh versioned prefix, and the asset is marked ready only once every file is stored: a
 * crash never leaves a half ladder marked ready (early renditions only ever name stored files),
 * and a retry starts a new version.
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
    let uploadedEarly = new Set<string>();
    let growing: GrowingRenditions | undefined;
    // A replaced video keeps serving its previous, complete ladder until this one is ready.
    const keepsOldLadder = hasCompleteLadder(asset);
    const publishEarly = async (renditions: Rendition[], probe: { durationSeconds: number; width: number; height: number }) => {
      if (keepsOldLadder) return;
      await storeEarlyRenditions(db, asset.id, {
        outputPrefix: prefix,
        renditions,
        durationSeconds: probe.durationSeconds,
        width: probe.width,
        height: probe.height,
      });
    };

    const result = await transcodeToHls({
      tools,
      input,
      outDir: hlsDir,
      signal,
      onFirstPassStart: ({ probe, renditions }) => {
        growing = publishGrowingRenditions({
          storage,
          hlsDir,
          stageDir: path.join(dir, 'growing'),
          prefix: `${prefix}hls/`,
          renditions,
          audioRate: probe.hasAudio ? chooseAudioRate(probe.audioSampleRate) : 0,
          frameRate: probe.frameRate,
          signal,
          videoKey,
          onFirstSegments: (renditions) => publishEarly(renditions, probe),
        });
      },
      onProgress: (pass, { loaded, total }) => {
        passProgress[pass] = loaded;
        passTotal = total * 2;
        processing.report({ total: passTotal, loaded: passProgress[1] + passProgress[2] });
      },
      onPlayable: async (early) => {
        // Every segment of the pass is stored by now; then the finished playlists, then the master that points at them.
        uploadedEarly = await growing!.finish();
        const files = (await listFiles(hlsDir)).filter(
          (file) => early.renditions.some((r) => file.key.startsWith(`${r.name}/`)) && !uploadedEarly.has(file.key),
        );
        await uploadFiles(storage, files, `${prefix}hls/`, { signal, videoKey });
        for (const file of files) uploadedEarly.add(file.key);
        await storage.putFile(`${prefix}hls/${MASTER_PLAYLIST_NAME}`, path.join(hlsDir, MASTER_PLAYLIST_NAME), { signal });
        await publishEarly(early.renditions, early.probe);
      },
    }).finally(() => growing?.stop());
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
