import { createCipheriv, createDecipheriv } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Storage } from '../../server/assets/storage/storage.ts';
import {
  addKeyLine,
  ENCRYPTED_SEGMENT_EXTENSIONS,
  isMediaPlaylist,
  segmentSequenceNumber,
  sequenceIv,
  UNSUPPORTED_SEGMENT_EXTENSIONS,
  VIDEO_KEY_BYTES,
} from '../../shared/media/hls-encryption.rules.ts';

/** HLS AES-128: the whole segment, AES-128-CBC with PKCS7 padding, the IV its media sequence number. */
export function encryptSegment(data: Uint8Array, key: Uint8Array, sequence: number): Buffer {
  const cipher = createCipheriv('aes-128-cbc', checkedKey(key), sequenceIv(sequence));
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function decryptSegment(data: Uint8Array, key: Uint8Array, sequence: number): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', checkedKey(key), sequenceIv(sequence));
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

function checkedKey(key: Uint8Array): Uint8Array {
  if (key.length !== VIDEO_KEY_BYTES) throw new Error(`A video key is ${VIDEO_KEY_BYTES} bytes, not ${key.length}`);
  return key;
}

export class UnencryptedSegmentError extends Error {
  constructor(key: string) {
    super(
      `${key} would be stored unencrypted: HLS segments (segment_<media sequence number>.ts or .aac) and media playlists are stored only encrypted with their video's key`,
    );
    this.name = 'UnencryptedSegmentError';
  }
}

/**
 * What is stored for one HLS file: a segment encrypted, a media playlist with its key line, anything
 * else (the master playlist, the poster) as it is. Answers undefined for a file stored as it is.
 */
export async function encryptedHlsFile(storageKey: string, file: string, videoKey: Uint8Array | undefined): Promise<Buffer | undefined> {
  if (UNSUPPORTED_SEGMENT_EXTENSIONS.some((extension) => storageKey.endsWith(extension))) throw new UnencryptedSegmentError(storageKey);
  if (ENCRYPTED_SEGMENT_EXTENSIONS.some((extension) => storageKey.endsWith(extension))) {
    const sequence = segmentSequenceNumber(storageKey);
    if (!videoKey || sequence === undefined) throw new UnencryptedSegmentError(storageKey);
    return encryptSegment(await readFile(file), videoKey, sequence);
  }
  if (storageKey.endsWith('.m3u8')) {
    const text = await readFile(file, 'utf8');
    if (!isMediaPlaylist(text)) return undefined;
    if (!videoKey) throw new UnencryptedSegmentError(storageKey);
    return Buffer.from(addKeyLine(text), 'utf8');
  }
  return undefined;
}

/** Stores one local file of an HLS folder, encrypted as encryptedHlsFile says. */
export async function storeHlsFile(
  storage: Storage,
  storageKey: string,
  file: string,
  options: { signal: AbortSignal; videoKey?: Uint8Array | undefined },
): Promise<void> {
  const encrypted = await encryptedHlsFile(storageKey, file, options.videoKey);
  if (encrypted) await storage.put(storageKey, Readable.from([encrypted]), { signal: options.signal });
  else await storage.putFile(storageKey, file, { signal: options.signal });
}
