import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSegment, encryptedHlsFile, encryptSegment, UnencryptedSegmentError } from '../../../../worker/media/segment-encryption.ts';

const key = randomBytes(16);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'segment-encryption-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a segment', () => {
  it('round-trips, padded to whole blocks, with the IV of its sequence number', () => {
    for (const size of [0, 1, 15, 16, 17, 188 * 7]) {
      const plain = randomBytes(size);
      const encrypted = encryptSegment(plain, key, 3);
      expect(encrypted.length).toBe((Math.floor(size / 16) + 1) * 16);
      expect(decryptSegment(encrypted, key, 3).equals(plain)).toBe(true);
    }
  });

  it('is AES-128-CBC with the sequence number as a big-endian IV (what an HLS player computes)', () => {
    const plain = Buffer.alloc(188, 0x47);
    const iv = Buffer.alloc(16);
    iv.writeUInt32BE(7, 12);
    const player = createCipheriv('aes-128-cbc', key, iv);
    expect(encryptSegment(plain, key, 7).equals(Buffer.concat([player.update(plain), player.final()]))).toBe(true);
    // Another sequence number is another IV: the bytes differ, and decrypting with it garbles the first block.
    expect(encryptSegment(plain, key, 8).equals(encryptSegment(plain, key, 7))).toBe(false);
    expect(decryptSegment(encryptSegment(plain, key, 7), key, 8).equals(plain)).toBe(false);
    expect(() => encryptSegment(plain, randomBytes(32), 7)).toThrow(/16 bytes/);
  });
});

describe('what is stored of an HLS file', () => {
  it('encrypts a segment under the number in its name, adds the key line to a rendition playlist, and keeps the master and poster', async () => {
    const segment = path.join(dir, 'segment_00002.ts');
    const plain = randomBytes(188 * 3);
    await writeFile(segment, plain);
    const stored = await encryptedHlsFile('p/hls/360p/segment_00002.ts', segment, key);
    expect(decryptSegment(stored!, key, 2).equals(plain)).toBe(true);
    // Packed audio (an audio-only rendition) is encrypted the same way.
    const audio = await encryptedHlsFile('p/hls/audio/segment_00002.aac', segment, key);
    expect(decryptSegment(audio!, key, 2).equals(plain)).toBe(true);

    const rendition = path.join(dir, 'index.m3u8');
    await writeFile(rendition, '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nsegment_00000.ts\n#EXT-X-ENDLIST\n');
    expect((await encryptedHlsFile('p/hls/360p/index.m3u8', rendition, key))!.toString()).toContain('#EXT-X-KEY:METHOD=AES-128,URI="video.key"\n#EXTINF');

    const master = path.join(dir, 'master.m3u8');
    await writeFile(master, '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p/index.m3u8\n');
    expect(await encryptedHlsFile('p/hls/master.m3u8', master, undefined)).toBeUndefined();
    expect(await encryptedHlsFile('p/hls/poster.jpg', master, undefined)).toBeUndefined();
  });

  it('refuses to store a segment or a rendition playlist without the key', async () => {
    const segment = path.join(dir, 'segment_00000.ts');
    await writeFile(segment, randomBytes(188));
    await expect(encryptedHlsFile('p/hls/360p/segment_00000.ts', segment, undefined)).rejects.toThrow(UnencryptedSegmentError);
    await expect(encryptedHlsFile('p/hls/360p/odd.ts', segment, key)).rejects.toThrow(UnencryptedSegmentError);
    // Fragmented MP4 is not what whole-segment encryption covers here: refused, never stored in the clear.
    await expect(encryptedHlsFile('p/hls/360p/segment_00000.m4s', segment, key)).rejects.toThrow(UnencryptedSegmentError);
    await expect(encryptedHlsFile('p/hls/360p/init.mp4', segment, key)).rejects.toThrow(UnencryptedSegmentError);
    const rendition = path.join(dir, 'index.m3u8');
    await writeFile(rendition, '#EXTM3U\n#EXT-X-TARGETDURATION:4\n');
    await expect(encryptedHlsFile('p/hls/360p/index.m3u8', rendition, undefined)).rejects.toThrow(UnencryptedSegmentError);
  });
});
