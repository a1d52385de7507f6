import type { ProbeResult } from '../../shared/media/media.types.ts';
import { MediaInputError, MediaProcessError } from './media.errors.ts';
import { guardedInputArgs, refusedDemuxer, refusedFormatMessage, toolMessage } from './input-guard.ts';
import { runTool } from './run-tool.ts';

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number | string }[];
}

interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: FfprobeStream[];
}

export interface ProbeOptions {
  ffprobe: string;
  signal?: AbortSignal | undefined;
}

function ratio(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const [top, bottom] = text.split(/[:/]/).map(Number);
  if (top === undefined || bottom === undefined || !(top > 0) || !(bottom > 0)) return undefined;
  return top / bottom;
}

function positive(text: string | number | undefined): number | undefined {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function rotationOf(stream: FfprobeStream): number {
  const fromSideData = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation;
  const degrees = Number(fromSideData ?? stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? (((Math.round(degrees / 90) * 90) % 360) + 360) % 360 : 0;
}

/** What a player shows: rotated upright and stretched to square pixels, as ffmpeg's decoder delivers it. */
export function displaySize(stream: FfprobeStream): { width: number; height: number } {
  const sampleAspect = ratio(stream.sample_aspect_ratio) ?? 1;
  let width = Math.round((stream.width ?? 0) * sampleAspect);
  let height = stream.height ?? 0;
  if (rotationOf(stream) % 180 === 90) [width, height] = [height, width];
  return { width, height };
}

/** ffprobe's failure as the queue should show it. Only the file itself was opened. */
function inputError(error: unknown, file: string): unknown {
  if (!(error instanceof MediaProcessError)) return error;
  const demuxer = refusedDemuxer(error.stderrTail);
  if (demuxer) return new MediaInputError(refusedFormatMessage(demuxer));
  const reason = toolMessage(error.stderrTail, file) || 'ffprobe could not read it';
  return new MediaInputError(`The file is not a readable video: ${reason}`);
}

/**
 * Some files (e.g. WebM recorded in a browser) carry no duration: read it from the
 * video packets' timestamps, which needs no decoding.
 */
async function durationFromPackets(file: string, options: ProbeOptions): Promise<number | undefined> {
  const { stdout } = await runTool({
    tool: 'ffprobe',
    command: options.ffprobe,
    args: [
      '-v',
      'error',
      '-hide_banner',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts_time,duration_time',
      '-of',
      'csv=p=0',
      ...guardedInputArgs(file),
    ],
    collectStdout: true,
    signal: options.signal,
  });
  let end = 0;
  for (const line of stdout.split('\n')) {
    const [pts, duration] = line.split(',').map(Number);
    if (pts !== undefined && Number.isFinite(pts)) end = Math.max(end, pts + (Number.isFinite(duration) ? duration! : 0));
  }
  return end > 0 ? end : undefined;
}

/**
 * Reads an upload's container, size, duration and audio with ffprobe. Only the file itself
 * is read (local files only, real containers only: see input-guard.ts), so a playlist
 * posing as a video is refused before it can name any other file.
 */
export async function probeVideo(file: string, options: ProbeOptions): Promise<ProbeResult> {
  let output: FfprobeOutput;
  try {
    const { stdout } = await runTool({
      tool: 'ffprobe',
      command: options.ffprobe,
      args: ['-v', 'error', '-hide_banner', '-show_format', '-show_streams', '-of', 'json', ...guardedInputArgs(file)],
      collectStdout: true,
      signal: options.signal,
    });
    output = JSON.parse(stdout) as FfprobeOutput;
  } catch (error) {
    throw inputError(error, file);
  }

  const streams = output.streams ?? [];
  const videoStreams = streams.filter((stream) => stream.codec_type === 'video');
  const videoStreamIndex = videoStreams.findIndex((stream) => stream.disposition?.attached_pic !== 1);
  const video = videoStreams[videoStreamIndex];
  if (!video || !video.width || !video.height) {
    throw new MediaInputError('The file has no video picture (it may be audio only): upload a video file.');
  }
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const { width, height } = displaySize(video);

  let durationSeconds = positive(output.format?.duration) ?? positive(video.duration);
  if (durationSeconds === undefined) {
    try {
      durationSeconds = await durationFromPackets(file, options);
    } catch (error) {
      throw inputError(error, file);
    }
  }
  if (durationSeconds === undefined) throw new MediaInputError('The file is not a readable video: its length could not be read.');

  return {
    formatName: output.format?.format_name ?? 'unknown',
    durationSeconds,
    width,
    height,
    hasAudio: audio !== undefined,
    audioSampleRate: positive(audio?.sample_rate) ?? null,
    videoCodec: video.codec_name ?? 'unknown',
    frameRate: ratio(video.avg_frame_rate) ?? ratio(video.r_frame_rate),
    audioChannels: positive(audio?.channels),
    videoStreamIndex,
  };
}
