import path from 'node:path';
import { chooseLadder, durationInMinutes, posterSize, posterTimeSeconds, splitIntoPasses } from '../../shared/media/ladder.rules.ts';
import type { ProbeResult, ProgressCallback, Rendition } from './media.types.ts';
import { probeVideo } from './probe.ts';
import { extractPoster, transcodePass, writeMasterPlaylist, MASTER_PLAYLIST_NAME, type EncoderSettings } from './transcode.ts';

export interface ProcessVideoOptions {
  tools: { ffmpeg: string; ffprobe: string };
  input: string;
  /** The HLS folder: master.m3u8, poster.jpg and one folder per rendition. */
  outDir: string;
  signal?: AbortSignal | undefined;
  /** Progress within a pass, in milliseconds of video; each pass counts from 0 to the duration. */
  onProgress?: ((pass: 1 | 2, progress: Parameters<ProgressCallback>[0]) => void) | undefined;
  /**
   * The first pass is done: its renditions and the master playlist listing them are on disk,
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

/**
 * An upload to HLS as the product does it: probe (which refuses anything but a real video),
 * pass 1 (the lowest rendition and 360p), the master playlist and the poster, then pass 2
 * (the rest of the ladder) and the master playlist again. Both passes run one ffmpeg each,
 * one after the other: on two cores, pass 1 alone finishes soonest.
 */
export async function processVideo(options: ProcessVideoOptions): Promise<ProcessedVideo> {
  const { tools, input, outDir, signal, encoder } = options;
  const probe = await probeVideo(input, { ffprobe: tools.ffprobe, signal });
  const passes = splitIntoPasses(chooseLadder(probe));
  const minutes = durationInMinutes(probe.durationSeconds);

  const first = await transcodePass({ ffmpeg: tools.ffmpeg, input, outDir, renditions: passes.first, probe, signal, encoder, onProgress: (progress) => options.onProgress?.(1, progress) });
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

  const second = await transcodePass({ ffmpeg: tools.ffmpeg, input, outDir, renditions: passes.second, probe, signal, encoder, onProgress: (progress) => options.onProgress?.(2, progress) });
  const renditions = [...first, ...second];
  if (second.length > 0) await writeMasterPlaylist(outDir, renditions, { frameRate: probe.frameRate });
  return { probe, renditions, masterPlaylist: MASTER_PLAYLIST_NAME, durationInMinutes: minutes, poster: POSTER_NAME };
}
