/**
 * HLS AES-128 (RFC 8216, 4.3.2.4 and 5.2): each segment is encrypted whole with AES-128-CBC and
 * PKCS7 padding under its video's key. No IV attribute is written, so a segment's IV is its media
 * sequence number as a 16-byte big-endian integer. Pure functions over names and playlist text.
 */

/** A video's key: 16 random bytes. */
export const VIDEO_KEY_BYTES = 16;

/**
 * The key URI stored in a rendition playlist. It opens nothing: the server rewrites it, each time it
 * serves the playlist, to a short-lived key link for whoever asked (see rewriteKeyUri).
 */
export const STORED_KEY_URI = 'video.key';

const SEGMENT_NAME = /(?:^|\/)segment_(\d{1,9})\.(?:ts|aac)$/;

/** Media segments encrypted whole: MPEG-TS, and packed audio (an audio-only rendition may use either). */
export const ENCRYPTED_SEGMENT_EXTENSIONS = ['.ts', '.aac'] as const;
/**
 * Segment kinds that whole-segment AES-128 does not cover as the pipeline stores them (fragmented MP4
 * needs its initialization section handled too): stored only once that is done, never in the clear.
 */
export const UNSUPPORTED_SEGMENT_EXTENSIONS = ['.m4s', '.mp4', '.m4a'] as const;

/**
 * The media sequence number of a segment, from its file name: ffmpeg's HLS muxer numbers the
 * `segment_%05d.ts` files by their media sequence number (both start at 0). Undefined for a name
 * that is not a segment's.
 */
export function segmentSequenceNumber(name: string): number | undefined {
  const match = SEGMENT_NAME.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** The IV of the segment with this media sequence number: the number as a 16-byte big-endian integer. */
export function sequenceIv(sequence: number): Uint8Array {
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError(`Not a media sequence number: ${sequence}`);
  const iv = new Uint8Array(16);
  let rest = BigInt(sequence);
  for (let index = 15; index >= 0 && rest > 0n; index--) {
    iv[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return iv;
}

const lines = (text: string) => text.split('\n');

/** A media playlist lists segments (it has EXT-X-TARGETDURATION); a master playlist lists other playlists. */
export function isMediaPlaylist(text: string): boolean {
  return lines(text).some((line) => line.trim().startsWith('#EXT-X-TARGETDURATION:'));
}

export function hasKeyLine(text: string): boolean {
  return lines(text).some((line) => line.trim().startsWith('#EXT-X-KEY:'));
}

function keyLine(uri: string): string {
  if (/["\r\n]/.test(uri)) throw new Error('A key URI cannot hold quotes or line breaks');
  return `#EXT-X-KEY:METHOD=AES-128,URI="${uri}"`;
}

/**
 * A media playlist with its segments encrypted under one key: the EXT-X-KEY line goes before the
 * first segment (or at the end of a playlist that lists none yet, which then applies to every
 * segment added after it). A playlist that already has a key line, or a master playlist, is
 * answered unchanged.
 */
export function addKeyLine(text: string, uri = STORED_KEY_URI): string {
  if (!isMediaPlaylist(text) || hasKeyLine(text)) return text;
  const all = lines(text);
  const first = all.findIndex((line) => line.trim().startsWith('#EXTINF:') || line.trim() === '#EXT-X-ENDLIST');
  if (first === -1) {
    const end = all.at(-1) === '' ? all.length - 1 : all.length;
    all.splice(end, 0, keyLine(uri));
  } else {
    all.splice(first, 0, keyLine(uri));
  }
  return all.join('\n');
}

/** The playlist with the URI of every EXT-X-KEY line replaced by `uri`. */
export function rewriteKeyUri(text: string, uri: string): string {
  const replacement = keyLine(uri).slice('#EXT-X-KEY:METHOD=AES-128,'.length);
  return lines(text)
    .map((line) => (line.trim().startsWith('#EXT-X-KEY:') ? line.replace(/URI="[^"]*"/, () => replacement) : line))
    .join('\n');
}
