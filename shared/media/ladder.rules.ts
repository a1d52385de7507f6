/**
 * The HLS ladder: which renditions a video gets, and in which order they are encoded.
 * Pure rules, shared by the worker (which encodes) and the console (which may show the plan).
 */

export interface LadderRung {
  /** e.g. "360p": the length of the picture's short side. */
  name: string;
  /** The short side in pixels (the height of a landscape picture). */
  height: number;
  /** Video bitrate cap, bits per second. */
  videoBitrate: number;
  /** AAC bitrate, bits per second. */
  audioBitrate: number;
}

/**
 * Rates are caps, not targets: the encoder runs at constant quality (CRF) and these caps
 * only bind on busy pictures. Lectures are mostly slides and a speaker, so real files come
 * out well below the caps, which saves students' mobile data; the caps keep the HLS
 * BANDWIDTH honest for fast-moving scenes. They fall from about 0.13 to 0.08 bits per pixel
 * per frame at 30 fps as the picture grows, because larger pictures compress better.
 * Speech is intelligible at 64 kb/s AAC, which matters most on the slowest rung.
 */
export const LADDER: readonly LadderRung[] = [
  { name: '240p', height: 240, videoBitrate: 400_000, audioBitrate: 64_000 },
  { name: '360p', height: 360, videoBitrate: 800_000, audioBitrate: 96_000 },
  { name: '480p', height: 480, videoBitrate: 1_400_000, audioBitrate: 128_000 },
  { name: '720p', height: 720, videoBitrate: 2_800_000, audioBitrate: 128_000 },
  { name: '1080p', height: 1080, videoBitrate: 5_000_000, audioBitrate: 128_000 },
];

/** The rendition every student can start on quickly; encoded in the first pass when present. */
export const EARLY_RUNG = '360p';

/**
 * A source whose short side is this close below a rung (e.g. 1280x718, 1920x1072 from
 * encoders that crop to multiples of 16) still gets that rung, at the source's own size:
 * otherwise a 718-line video would top out at 480p.
 */
const NEAR_RUNG_TOLERANCE = 0.04;

export interface PlannedRendition extends LadderRung {
  width: number;
  /** The real picture height (the short side for landscape, the long side for portrait). */
  height: number;
}

export interface SourceSize {
  /** Display width: after rotation and with square pixels. */
  width: number;
  height: number;
}

function floorEven(value: number): number {
  return Math.max(2, Math.floor(value / 2) * 2);
}

/** Nearest even number (a tie goes down: 427 becomes 426), not above `limit` made even, at least 2. */
function evenWithin(value: number, limit: number): number {
  return Math.min(Math.max(2, Math.ceil(value / 2 - 0.5) * 2), floorEven(limit));
}

/** Scales the source so that its short side becomes `shortSide`, keeping the aspect ratio. */
function scaledSize(source: SourceSize, shortSide: number): { width: number; height: number } {
  const short = Math.min(source.width, source.height);
  const factor = Math.min(1, shortSide / short);
  return {
    width: evenWithin(source.width * factor, source.width),
    height: evenWithin(source.height * factor, source.height),
  };
}

/**
 * The renditions for a source: every rung up to the source's short side, never upscaled.
 * Rungs are measured on the short side so that a portrait phone video (1080x1920) gets
 * the same ladder as its landscape twin, with the same pixel counts and bitrates.
 * A source smaller than the lowest rung gets one rendition at its own size.
 */
export function chooseLadder(source: SourceSize): PlannedRendition[] {
  if (!(source.width >= 2 && source.height >= 2) || !Number.isFinite(source.width) || !Number.isFinite(source.height)) {
    throw new Error(`The video's picture size is not usable: ${source.width}x${source.height}`);
  }
  const short = Math.min(source.width, source.height);
  const lowest = LADDER[0]!;
  if (short < lowest.height * (1 - NEAR_RUNG_TOLERANCE)) {
    const size = scaledSize(source, short);
    return [{ ...lowest, name: `${Math.min(size.width, size.height)}p`, ...size }];
  }
  return LADDER.filter((rung) => rung.height * (1 - NEAR_RUNG_TOLERANCE) <= short).map((rung) => ({
    ...rung,
    ...scaledSize(source, rung.height),
  }));
}

export interface EncodingPasses<T> {
  /** Encoded first, so that the video is playable as soon as this pass ends. */
  first: T[];
  /** The rest of the ladder; may be empty. */
  second: T[];
}

/**
 * The first pass holds the lowest rendition and 360p, so that a student on any connection
 * can start watching while the higher renditions are still being encoded.
 */
export function splitIntoPasses<T extends { name: string }>(ladder: readonly T[]): EncodingPasses<T> {
  const first = ladder.filter((rendition, index) => index === 0 || rendition.name === EARLY_RUNG);
  const second = ladder.filter((rendition) => !first.includes(rendition));
  return { first, second };
}

/** The specification: "Video duration is rounded to whole minutes". Any video lasts at least a minute. */
export function durationInMinutes(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.max(1, Math.round(seconds / 60));
}

/**
 * AAC at the source's rate when it is one every player handles, else at 48 kHz.
 * (Resampling 44.1 kHz speech to 48 kHz would only cost time.)
 */
export function chooseAudioRate(sourceRate: number | null | undefined): number {
  return sourceRate === 44_100 || sourceRate === 48_000 ? sourceRate : 48_000;
}

/** The poster frame: a tenth into the video, at most 5 s in (intros are often black for a second or two). */
export function posterTimeSeconds(durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return Math.min(5, durationSeconds * 0.1);
}

/** The poster's size: the largest rendition up to 720p, which is plenty for a thumbnail or a player's first frame. */
export function posterSize(source: SourceSize): { width: number; height: number } {
  const ladder = chooseLadder(source).filter((rendition, index) => index === 0 || Math.min(rendition.width, rendition.height) <= 720);
  const top = ladder[ladder.length - 1]!;
  return { width: top.width, height: top.height };
}
