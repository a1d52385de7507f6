import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chooseAudioRate, isAudioOnly, type PlannedRendition } from '../../shared/media/ladder.rules.ts';
import type { ProbeResult, ProgressCallback, Rendition } from '../../shared/media/media.types.ts';
import { MediaInputError, MediaProcessError } from './media.errors.ts';
import { guardedInputArgs, refusedDemuxer, refusedFormatMessage, toolMessage } from './input-guard.ts';
import {
  AAC_LC_CODEC,
  avcCodecFromBytes,
  buildMasterPlaylist,
  buildMediaPlaylist,
  measureBandwidth,
  parseMediaPlaylist,
  type MasterPlaylistEntry,
  type MediaPlaylist,
} from './hls-playlist.ts';
import { runTool } from './run-tool.ts';

export interface EncoderSettings {
  /** libx264 preset. */
  preset: string;
  /** Constant quality; the ladder's bitrates cap it (see ladder.rules.ts). */
  crf: number;
  /** HLS segment length, and the key frame interval: every segment starts with a key frame. */
  segmentSeconds: number;
  /** Sources above this many frames per second are reduced to it (lectures gain nothing from 60 fps). */
  maxFrameRate: number;
  /** x264 threads per rendition; 0 lets x264 decide. */
  threadsPerRendition: number;
  /** swscale's algorithm for the downscales. */
  scaler: string;
  /** Extra libx264 options ("key=value:key=value"), empty for none. */
  x264Params: string;
}

/**
 * Chosen with scripts/bench/media.ts on the 2-core machine (a 60 s 720p clip, 4 renditions):
 * - veryfast with me=dia:subme=1 (superfast's motion search, but keeping veryfast's mb-tree
 *   lookahead, which static lecture slides profit from) costs about 25% less CPU than plain
 *   veryfast, for files about 10% larger at the same CRF. Plain veryfast put the whole ladder
 *   at about 31 s even run one pass after the other on an idle machine; superfast without
 *   mb-tree made 480p nearly twice as large.
 * - Rate: CRF 23 capped by the ladder's bitrates (see ladder.rules.ts); no extra cost.
 * - Scaling: bicubic in a cascade (see buildFilterGraph), which saved about 1.3 CPU-seconds
 *   per pass over scaling every rendition from the source.
 * - Threads: x264's own choice; fixed 1 or 2 per rendition measured the same or worse.
 * With processVideo's overlapping passes: 360p playable after about 11 s, the whole ladder
 * after about 27 s (targets 15 s and 30 s), about 49 CPU-seconds in all. That was before 144p
 * (2% more pixels to encode) and the audio-only rendition joined pass 1; since pass 1 is
 * published a segment at a time, its first segment plays about 2 s after the upload ends.
 */
export const DEFAULT_ENCODER_SETTINGS: EncoderSettings = {
  preset: 'veryfast',
  crf: 23,
  segmentSeconds: 4,
  maxFrameRate: 30,
  threadsPerRendition: 0,
  scaler: 'bicubic',
  x264Params: 'me=dia:subme=1',
};

export interface TranscodePassOptions {
  ffmpeg: string;
  input: string;
  /** The HLS folder: each rendition goes to `<outDir>/<name>/index.m3u8` and its segments. */
  outDir: string;
  renditions: readonly PlannedRendition[];
  probe: ProbeResult;
  /** Milliseconds of the video encoded so far, of its duration. */
  onProgress?: ProgressCallback | undefined;
  signal?: AbortSignal | undefined;
  /** Called with ffmpeg's pid once it runs. */
  onStart?: ((pid: number) => void) | undefined;
  /** ffmpeg's nice value; 19 makes the pass use only CPU time that nothing else wants. */
  niceness?: number | undefined;
  encoder?: Partial<EncoderSettings> | undefined;
  /**
   * Write EVENT playlists that ffmpeg rewrites as each segment is finished (segments and playlists
   * written under a temporary name and renamed, so a reader never sees half a file), rather than
   * one VOD playlist at the end. See finishPlaylists.
   */
  growing?: boolean | undefined;
}

export const PLAYLIST_NAME = 'index.m3u8';
export const MASTER_PLAYLIST_NAME = 'master.m3u8';

function kbits(bitsPerSecond: number): string {
  return `${Math.round(bitsPerSecond / 1000)}k`;
}

/**
 * The filter graph of a pass: one decode, then a cascade from the largest rendition down, each
 * scaled from the one above rather than from the source. Scaling 720p to 240p directly costs
 * a 12-tap bicubic filter per pixel; from 360p it costs 6, and bicubic twice is still sharp.
 * Outputs are labelled [v<index>] by the rendition's position in `renditions`.
 */
export function buildFilterGraph(renditions: readonly PlannedRendition[], probe: ProbeResult, settings: EncoderSettings): string {
  const order = renditions
    .map((rendition, index) => ({ rendition, index }))
    .filter(({ rendition }) => !isAudioOnly(rendition))
    .sort((a, b) => b.rendition.width * b.rendition.height - a.rendition.width * a.rendition.height);
  const frameRate = probe.frameRate && probe.frameRate > settings.maxFrameRate + 0.5 ? `fps=${settings.maxFrameRate},` : '';
  const chains: string[] = [];
  let from = `[0:v:${probe.videoStreamIndex ?? 0}]${frameRate}`;
  order.forEach(({ rendition, index }, position) => {
    const scale = `scale=${rendition.width}:${rendition.height}:flags=${settings.scaler},setsar=1,format=yuv420p`;
    const last = position === order.length - 1;
    chains.push(`${from}${scale}${last ? `[v${index}]` : `,split=2[v${index}][c${index}]`}`);
    from = `[c${index}]`;
  });
  return chains.join(';');
}

/** One ffmpeg run: the graph above, then per rendition an x264 + AAC encode into its own HLS muxer. */
export function buildPassArgs(
  options: Pick<TranscodePassOptions, 'input' | 'outDir' | 'renditions' | 'probe' | 'growing'>,
  settings: EncoderSettings,
): string[] {
  const { renditions, probe } = options;
  const graph = buildFilterGraph(renditions, probe, settings);

  const audioRate = chooseAudioRate(probe.audioSampleRate);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    ...guardedInputArgs(options.input),
    ...(graph ? ['-filter_complex', graph] : []),
  ];
  renditions.forEach((rendition, index) => {
    const folder = path.join(options.outDir, rendition.name);
    const audioOnly = isAudioOnly(rendition);
    if (audioOnly && !probe.hasAudio) throw new MediaProcessError('The video has no sound for an audio-only rendition');
    if (!audioOnly) {
      args.push(
        '-map',
        `[v${index}]`,
        '-c:v',
        'libx264',
        '-preset',
        settings.preset,
        '-profile:v',
        'high',
        '-crf',
        String(settings.crf),
        '-maxrate',
        kbits(rendition.videoBitrate),
        '-bufsize',
        kbits(rendition.videoBitrate * 2),
        // Key frames at the same instants in every rendition, so that players can switch between them at any segment.
        '-force_key_frames',
        `expr:gte(t,n_forced*${settings.segmentSeconds})`,
        '-sc_threshold',
        '0',
        ...(settings.threadsPerRendition > 0 ? ['-threads', String(settings.threadsPerRendition)] : []),
        ...(settings.x264Params ? ['-x264-params', settings.x264Params] : []),
      );
    }
    if (probe.hasAudio) {
      args.push(
        '-map',
        '0:a:0',
        '-c:a',
        'aac',
        '-b:a',
        kbits(rendition.audioBitrate),
        '-ar',
        String(audioRate),
        ...((probe.audioChannels ?? 2) > 2 ? ['-ac', '2'] : []),
      );
    }
    args.push(
      '-f',
      'hls',
      '-hls_time',
      String(settings.segmentSeconds),
      '-hls_playlist_type',
      options.growing ? 'event' : 'vod',
      '-hls_list_size',
      '0',
      '-hls_flags',
      options.growing ? 'independent_segments+temp_file' : 'independent_segments',
      '-hls_segment_type',
      'mpegts',
      '-hls_segment_filename',
      path.join(folder, 'segment_%05d.ts'),
      path.join(folder, PLAYLIST_NAME),
    );
  });
  return args;
}

/** Segment count and bytes of a finished rendition, from its playlist and the files it lists. */
async function readRenditionFiles(outDir: string, name: string): Promise<{ segmentCount: number; totalSizeInBytes: number }> {
  const folder = path.join(outDir, name);
  const playlist = parseMediaPlaylist(await readFile(path.join(folder, PLAYLIST_NAME), 'utf8'));
  if (!playlist.ended || playlist.segments.length === 0) throw new MediaProcessError(`ffmpeg left an incomplete playlist for ${name}`);
  let totalSizeInBytes = 0;
  for (const segment of playlist.segments) totalSizeInBytes += (await stat(path.join(folder, segment.uri))).size;
  return { segmentCount: playlist.segments.length, totalSizeInBytes };
}

/** Turns ffmpeg's failure on an upload into the error the queue should show. */
function transcodeError(error: unknown, input: string): unknown {
  if (!(error instanceof MediaProcessError)) return error;
  const demuxer = refusedDemuxer(error.stderrTail);
  if (demuxer) return new MediaInputError(refusedFormatMessage(demuxer));
  const reason = toolMessage(error.stderrTail, input, 3);
  return new MediaProcessError(`ffmpeg could not convert the video${reason ? `: ${reason}` : ` (exit code ${error.exitCode})`}`, {
    exitCode: error.exitCode,
    stderrTail: error.stderrTail,
  });
}

/**
 * Runs ONE ffmpeg process that writes the HLS files of the given renditions (see buildPassArgs),
 * reporting progress in milliseconds of video. Aborting kills ffmpeg; a failure removes the
 * pass's half-written folders.
 */
export async function transcodePass(options: TranscodePassOptions): Promise<Rendition[]> {
  const settings = { ...DEFAULT_ENCODER_SETTINGS, ...options.encoder };
  if (options.renditions.length === 0) return [];
  const folders = options.renditions.map((rendition) => path.join(options.outDir, rendition.name));
  await Promise.all(
    folders.map(async (folder) => {
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
    }),
  );

  const total = Math.max(1, Math.round(options.probe.durationSeconds * 1000));
  let reported = -1;
  const report = (loaded: number) => {
    const clamped = Math.min(total, Math.max(0, Math.round(loaded)));
    if (clamped <= reported) return;
    reported = clamped;
    options.onProgress?.({ loaded: clamped, total });
  };
  report(0);

  try {
    await runTool({
      tool: 'ffmpeg',
      command: options.ffmpeg,
      args: buildPassArgs(options, settings),
      signal: options.signal,
      onStart: options.onStart,
      niceness: options.niceness,
      onStdoutLine: (line) => {
        // out_time_us is microseconds of output written; out_time_ms is too, despite its name.
        const match = /^out_time_us=(\d+)$/.exec(line);
        if (match) report(Number(match[1]) / 1000);
      },
    });
  } catch (error) {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    throw transcodeError(error, options.input);
  }

  const audioRate = options.probe.hasAudio ? chooseAudioRate(options.probe.audioSampleRate) : 0;
  const renditions: Rendition[] = [];
  for (const rendition of options.renditions) {
    const files = await readRenditionFiles(options.outDir, rendition.name);
    renditions.push({
      name: rendition.name,
      width: rendition.width,
      height: rendition.height,
      // The audio-only rendition's rate is its sound's.
      bitrate: isAudioOnly(rendition) ? rendition.audioBitrate : rendition.videoBitrate,
      audioRate,
      ...files,
      playlist: `${rendition.name}/${PLAYLIST_NAME}`,
    });
  }
  report(total);
  return renditions;
}

/** The first bytes of a rendition's first segment, where its sequence parameter set is. */
async function firstSegmentHead(folder: string, uri: string): Promise<Uint8Array> {
  const handle = await open(path.join(folder, uri), 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A rendition's line in the master playlist, measured from the segments its playlist lists. */
async function masterEntry(outDir: string, rendition: Rendition, playlist: MediaPlaylist, frameRate: number | undefined): Promise<MasterPlaylistEntry> {
  const folder = path.dirname(path.join(outDir, rendition.playlist));
  const segments = await Promise.all(
    playlist.segments.map(async (segment) => ({ durationSeconds: segment.durationSeconds, bytes: (await stat(path.join(folder, segment.uri))).size })),
  );
  const bandwidth = measureBandwidth(segments, playlist.targetDurationSeconds);
  const audioCodec = rendition.audioRate > 0 ? AAC_LC_CODEC : undefined;
  if (isAudioOnly(rendition)) return { playlist: rendition.playlist, width: 0, height: 0, bandwidth, audioCodec };
  const firstUri = playlist.segments[0]?.uri;
  const videoCodec = (firstUri && avcCodecFromBytes(await firstSegmentHead(folder, firstUri))) || 'avc1.640028';
  return { playlist: rendition.playlist, width: rendition.width, height: rendition.height, bandwidth, videoCodec, audioCodec, frameRate };
}

export interface MasterPlaylistOptions {
  frameRate?: number | undefined;
  /** Where to write it; `<outDir>/master.m3u8` when absent. */
  file?: string | undefined;
  /** The segments to measure each rendition by (by its name), instead of its playlist on disk: for a growing rendition, those already stored. */
  playlists?: ReadonlyMap<string, MediaPlaylist> | undefined;
}

/**
 * Writes `<outDir>/master.m3u8` listing the renditions, with BANDWIDTH measured from their
 * segments and CODECS read from the encoded stream (the audio-only rendition: AAC alone, no
 * RESOLUTION). Written to a temporary name and renamed, so that a player never reads half a
 * playlist (it is rewritten when each pass ends).
 */
export async function writeMasterPlaylist(outDir: string, renditions: readonly Rendition[], options: MasterPlaylistOptions = {}): Promise<string> {
  const entries: MasterPlaylistEntry[] = [];
  for (const rendition of renditions) {
    const playlist = options.playlists?.get(rendition.name) ?? parseMediaPlaylist(await readFile(path.join(outDir, rendition.playlist), 'utf8'));
    entries.push(await masterEntry(outDir, rendition, playlist, options.frameRate));
  }
  const file = options.file ?? path.join(outDir, MASTER_PLAYLIST_NAME);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, buildMasterPlaylist(entries));
  await rename(temporary, file);
  return file;
}

/** The growing playlists of a finished pass become VOD playlists listing every segment, with #EXT-X-ENDLIST. */
export async function finishPlaylists(outDir: string, renditions: readonly Rendition[]): Promise<void> {
  for (const rendition of renditions) {
    const file = path.join(outDir, rendition.playlist);
    const playlist = parseMediaPlaylist(await readFile(file, 'utf8'));
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, buildMediaPlaylist({ targetDurationSeconds: playlist.targetDurationSeconds, segments: playlist.segments, type: 'vod' }));
    await rename(temporary, file);
  }
}

export interface ExtractPosterOptions {
  ffmpeg: string;
  input: string;
  outFile: string;
  atSeconds: number;
  /** The poster's size (see posterSize in ladder.rules.ts); the source's own size when absent. */
  size?: { width: number; height: number } | undefined;
  videoStreamIndex?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** One JPEG frame of the video. A time past the last frame falls back to the first frame. */
export async function extractPoster(options: ExtractPosterOptions): Promise<string> {
  await mkdir(path.dirname(options.outFile), { recursive: true });
  const grab = async (atSeconds: number) => {
    await rm(options.outFile, { force: true });
    const scale = options.size ? [`scale=${options.size.width}:${options.size.height}`, 'setsar=1'] : [];
    try {
      await runTool({
        tool: 'ffmpeg',
        command: options.ffmpeg,
        args: [
          '-hide_banner',
          '-nostdin',
          '-loglevel',
          'error',
          '-ss',
          atSeconds.toFixed(3),
          ...guardedInputArgs(options.input),
          '-map',
          `0:v:${options.videoStreamIndex ?? 0}`,
          '-frames:v',
          '1',
          '-vf',
          [...scale, 'format=yuvj420p'].join(','),
          '-q:v',
          '3',
          '-f',
          'image2',
          '-c:v',
          'mjpeg',
          '-y',
          options.outFile,
        ],
        signal: options.signal,
      });
    } catch (error) {
      throw transcodeError(error, options.input);
    }
    return stat(options.outFile).then(
      (file) => file.size > 0,
      () => false,
    );
  };
  if (await grab(Math.max(0, options.atSeconds))) return options.outFile;
  if (options.atSeconds > 0 && (await grab(0))) return options.outFile;
  throw new MediaProcessError('ffmpeg could not take a poster frame from the video');
}
