import os from 'node:os';
import path from 'node:path';
import { durationInMinutes, planRenditions, posterSize, posterTimeSeconds, splitIntoPasses, type PlannedRendition } from '../../shared/media/ladder.rules.ts';
import type { ProbeResult, ProgressCallback, Rendition } from '../../shared/media/media.types.ts';
import { abortError } from './media.errors.ts';
import { probeVideo } from './probe.ts';
import { extractPoster, finishPlaylists, transcodePass, writeMasterPlaylist, MASTER_PLAYLIST_NAME, type EncoderSettings } from './transcode.ts';

export interface ProcessVideoOptions {
  tools: { ffmpeg: string; ffprobe: string };
  input: string;
  /** The HLS folder: master.m3u8, poster.jpg and one folder per rendition. */
  outDir: string;
  signal?: AbortSignal | undefined;
  /** Progress within a pass, in milliseconds of video; each pass counts from 0 to the duration. */
  onProgress?: ((pass: 1 | 2, progress: Parameters<ProgressCallback>[0]) => void) | undefined;
  /**
   * The first pass is starting: its renditions' EVENT playlists in `<outDir>/<name>/index.m3u8`
   * will grow a segment at a time (each listed only once written) until `onPlayable`.
   */
  onFirstPassStart?: ((pass: { probe: ProbeResult; renditions: PlannedRendition[] }) => void) | undefined;
  /**
   * The first pass is done: its renditions (their playlists now finished VOD playlists) and the master playlist listing them are on disk,
   * so the video can be published (uploaded and marked playable) before the second pass ends.
   */
  onPlayable?: ((early: PlayableVideo) => void | Promise<void>) | undefined;
  encoder?: Partial<EncoderSettings> | undefined;
}

export interface PlayableVideo {
  probe: ProbeResult;
  renditions: Rendition[];
  /** Relative to outDir. */
  masterPlaylist: string;
  durationInMinutes: number;
}

export interface ProcessedVideo extends PlayableVideo {
  /** Relative to outDir. */
  poster: string;
}

export const POSTER_NAME = 'poster.jpg';

/** Pass 2's nice value: it runs on whatever CPU time pass 1 leaves idle, and on all of it once pass 1 ends. */
export const SECOND_PASS_NICENESS = 19;

/**
 * Pass 1 is done: pass 2 goes back to normal priority, so that other work on the machine cannot
 * hold it back indefinitely. Only a privileged process may raise a priority (a root worker, as in
 * the Docker image); otherwise pass 2 keeps its low priority and still has pass 1's share.
 */
function restorePriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, 0);
  } catch {
    // Not allowed for this user, or pass 2 has already finished.
  }
}

/**
 * An upload to HLS as the product does it: probe (which refuses anything but a real video),
 * then two ffmpeg runs. Pass 1 (the data saver rungs, 360p and the audio-only rendition) runs at
 * normal priority and writes growing EVENT playlists (see `onFirstPassStart`); when it ends they
 * become VOD playlists, a master playlist listing them is written and `onPlayable` is
 * called, then the poster is taken. Pass 2 (the rest of the ladder) starts at the same time
 * but at the lowest CPU priority, so it takes only the time pass 1 leaves idle (pass 1 keeps
 * about half a core idle: its decoding and scaling are serial) and has the machine to itself
 * once pass 1 is done; the master playlist is then written again with every rendition.
 * Measured with scripts/bench/media.ts on 2 cores: the same time to 360p as running pass 1
 * alone, and the whole ladder about 14% sooner than running the passes one after the other.
 */
export async function processVideo(options: ProcessVideoOptions): Promise<ProcessedVideo> {
  const { tools, input, outDir, encoder } = options;
  const probe = await probeVideo(input, { ffprobe: tools.ffprobe, signal: options.signal });
  const passes = splitIntoPasses(planRenditions(probe));
  const minutes = durationInMinutes(probe.durationSeconds);

  // One signal for both ffmpeg runs: the caller's abort, or a failure of either pass, stops the other.
  const stop = new AbortController();
  const onCallerAbort = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const signal = stop.signal;
  const failed = (error: unknown) => {
    if (!signal.aborted) stop.abort(error);
    throw error;
  };

  try {
    let secondPassPid: number | undefined;
    const secondPass = transcodePass({
      ffmpeg: tools.ffmpeg,
      input,
      outDir,
      renditions: passes.second,
      probe,
      signal,
      encoder,
      niceness: SECOND_PASS_NICENESS,
      onStart: (pid) => (secondPassPid = pid),
      onProgress: (progress) => options.onProgress?.(2, progress),
    }).catch(failed);

    const early = (async () => {
      options.onFirstPassStart?.({ probe, renditions: passes.first });
      const first = await transcodePass({
        ffmpeg: tools.ffmpeg,
        input,
        outDir,
        renditions: passes.first,
        probe,
        signal,
        encoder,
        growing: true,
        onProgress: (progress) => options.onProgress?.(1, progress),
      });
      restorePriority(secondPassPid);
      await finishPlaylists(outDir, first);
      await writeMasterPlaylist(outDir, first, { frameRate: probe.frameRate });
      await options.onPlayable?.({ probe, renditions: first, masterPlaylist: MASTER_PLAYLIST_NAME, durationInMinutes: minutes });
      await extractPoster({
        ffmpeg: tools.ffmpeg,
        input,
        outFile: path.join(outDir, POSTER_NAME),
        atSeconds: posterTimeSeconds(probe.durationSeconds),
        size: posterSize(probe),
        videoStreamIndex: probe.videoStreamIndex,
        signal,
      });
      return first;
    })().catch(failed);

    // Wait for both even when one fails, so that no ffmpeg is left running when this rejects.
    const [first, second] = await Promise.allSettled([early, secondPass]);
    if (options.signal?.aborted) throw abortError(options.signal);
    if (first.status === 'rejected') throw first.reason;
    if (second.status === 'rejected') throw second.reason;

    const renditions = [...first.value, ...second.value];
    if (second.value.length > 0) await writeMasterPlaylist(outDir, renditions, { frameRate: probe.frameRate });
    return { probe, renditions, masterPlaylist: MASTER_PLAYLIST_NAME, durationInMinutes: minutes, poster: POSTER_NAME };
  } finally {
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}
