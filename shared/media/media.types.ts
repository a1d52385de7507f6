/** One HLS rendition as the Asset of the specification describes it. */
export interface Rendition {
  /** e.g. "360p" */
  name: string;
  width: number;
  height: number;
  /** Video bitrate target, bits per second. */
  bitrate: number;
  /** Audio sample rate, Hz (0 when the source has no audio). */
  audioRate: number;
  segmentCount: number;
  totalSizeInBytes: number;
  /** The rendition's playlist, relative to the HLS folder, e.g. "360p/index.m3u8". */
  playlist: string;
}

export interface ProbeResult {
  formatName: string;
  durationSeconds: number;
  /** Display size: upright (rotation applied) and in square pixels (sample aspect ratio applied). */
  width: number;
  height: number;
  hasAudio: boolean;
  audioSampleRate: number | null;
  videoCodec: string;
  /** Average frames per second, when the file says. */
  frameRate?: number | undefined;
  /** Channels of the first audio stream, when there is one. */
  audioChannels?: number | undefined;
  /** Which of the file's video streams is the picture (cover art may come first): ffmpeg's `0:v:<n>`. 0 when absent. */
  videoStreamIndex?: number | undefined;
}

/** Progress of a running tool: `loaded` of `total` (same unit, e.g. milliseconds of media). */
export type ProgressCallback = (progress: { loaded: number; total: number }) => void;
