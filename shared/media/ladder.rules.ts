/**
 * The HLS ladder: which renditions a video gets, and in which order they are encoded.
 * Pure rules, shared by the worker (which encodes) and the console (which may show the plan).
 */

export interface LadderRung {
  /** e.g. "360p": the length of the picture's short side; "audio" for the audio-only rendition. */
  name: string;
  /** The short side in pixels (the height of a landscape picture); 0 for the audio-only rendition. */
  height: number;
  /** Video bitrate cap, bits per second; 0 for the audio-only rendition. */
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
 * Speech is intelligible at 64 kb/s AAC, which matters most on the slowest rungs.
 *
 * 144p is the data-saver rung for students on 2G-like or metered connections: 256x144 is the
 * smallest picture on which a slide's large print and the speaker's gestures still read, and
 * 160 kb/s (about 0.14 bits per pixel per frame, like 240p) keeps it sharp on slides. Its
 * sound is 48 kb/s AAC, still clear for one voice: together about 95 MB an hour.
 */
export const LADDER: readonly LadderRung[] = [
  { name: '144p', height: 144, videoBitrate: 160_000, audioBitrate: 48_000 },
  { name: '240p', height: 240, videoBitrate: 400_000, audioBitrate: 64_000 },
  { name: '360p', height: 360, videoBitrate: 800_000, audioBitrate: 96_000 },
  { name: '480p', height: 480, videoBitrate: 1_400_000, audioBitrate: 128_000 },
  { name: '720p', height: 720, videoBitrate: 2_800_000, audioBitrate: 128_000 },
  { name: '1080p', height: 1080, videoBitrate: 5_000_000, audioBitrate: 128_000 },
];

/** The rendition every student can start on quickly; encoded in the first pass when present. */
export const EARLY_RUNG = '360p';

/**
 * The sound alone, for a student who listens (a lecture is mostly its voice) or whose connection
 * cannot carry a picture: AAC-LC at 64 kb/s, about 29 MB an hour, a third of 144p. 64 rather than
 * 48 kb/s because here the sound is all there is. Only for a video with sound.
 */
export const AUDIO_ONLY_RUNG: LadderRung = { name: 'audio', height: 0, videoBitrate: 0, audioBitrate: 64_000 };

/**
 * The data saver ladder stops at 240p: 240p and below cost at most about 210 MB an hour,
 * which a student on a 1-2 GB daily mobile plan can afford for a few lectures a day.
 */
export const DATA_SAVER_MAX_HEIGHT = 240;

/**
 * A source whose short side is this close below a rung (e.g. 1280x718, 1920x1072 from
 * encoders that crop to multiples of 16) still gets that rung, at the source's own size:
 * otherwise a 718-line video would top out at 480p.
 */
const NEAR_RUNG_TOLERANCE = 0.04;

export interface PlannedRendition extends LadderRung {
  /** 0 for the audio-only rendition. */
  width: number;
  /** The real picture height (the short side for landscape, the long side for portrait); 0 for the audio-only rendition. */
  height: number;
}

/** The audio-only rendition has no picture. */
export function isAudioOnly(rendition: { width: number; height: number }): boolean {
  return rendition.width === 0 && rendition.height === 0;
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
 * A source smaller than the lowest rung gets one rendition at its own size, and one between
 * 144p and 240p gets 144p and one at its own size (a 180p upload is not cut down to 144p
 * alone), capped like 240p.
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
  const ladder = LADDER.filter((rung) => rung.height * (1 - NEAR_RUNG_TOLERANCE) <= short).map((rung) => ({
    ...rung,
    ...scaledSize(source, rung.height),
  }));
  const second = LADDER[1]!;
  if (ladder.length === 1 && short > lowest.height * (1 + NEAR_RUNG_TOLERANCE)) {
    const size = scaledSize(source, short);
    ladder.push({ ...second, name: `${Math.min(size.width, size.height)}p`, ...size });
  }
  return ladder;
}

/** Every rendition a video gets: its picture ladder, then the audio-only rendition when it has sound. */
export function planRenditions(source: SourceSize & { hasAudio: boolean }): PlannedRendition[] {
  const audio = source.hasAudio ? [{ ...AUDIO_ONLY_RUNG, width: 0, height: 0 }] : [];
  return [...chooseLadder(source), ...audio];
}

export interface EncodingPasses<T> {
  /** Encoded first, so that the video is playable as soon as this pass ends. */
  first: T[];
  /** The rest of the ladder; may be empty. */
  second: T[];
}

/**
 * The first pass holds the lowest rendition, the data saver rungs (up to 240p), 360p and the
 * audio-only rendition, so that a student on any connection, with or without the data saver, can
 * start watching while the higher renditions are still being encoded. The small rungs cost
 * little: 144p and 240p together have about 60% of 360p's pixels, and the audio is one more AAC encode.
 */
export function splitIntoPasses<T extends { name: string; width: number; height: number }>(ladder: readonly T[]): EncodingPasses<T> {
  const first = ladder.filter(
    (rendition, index) =>
      index === 0 || isAudioOnly(rendition) || rendition.name === EARLY_RUNG || Math.min(rendition.width, rendition.height) <= DATA_SAVER_MAX_HEIGHT,
  );
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
