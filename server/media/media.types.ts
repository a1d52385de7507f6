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
  width: number;
  height: number;
  hasAudio: boolean;
  audioSampleRate: number | null;
  videoCodec: string;
}

/** Progress of a running tool: `loaded` of `total` (same unit, e.g. milliseconds of media). */
export type ProgressCallback = (progress: { loaded: number; total: number }) => void;
