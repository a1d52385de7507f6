import { describe, expect, it } from 'vitest';
import {
  addKeyLine,
  hasKeyLine,
  isMediaPlaylist,
  rewriteKeyUri,
  segmentSequenceNumber,
  sequenceIv,
  STORED_KEY_URI,
} from '../../../../shared/media/hls-encryption.rules.ts';

const RENDITION = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-MEDIA-SEQUENCE:0',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXTINF:4.000000,',
  'segment_00000.ts',
  '#EXTINF:2.500000,',
  'segment_00001.ts',
  '#EXT-X-ENDLIST',
  '',
].join('\n');
const MASTER = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=426x240\n240p/index.m3u8\n';

describe('the IV of a segment', () => {
  it('is its media sequence number as a 16-byte big-endian integer', () => {
    expect(Buffer.from(sequenceIv(0)).toString('hex')).toBe('0'.repeat(32));
    expect(Buffer.from(sequenceIv(1)).toString('hex')).toBe(`${'0'.repeat(31)}1`);
    expect(Buffer.from(sequenceIv(0x1_02_03)).toString('hex')).toBe(`${'0'.repeat(26)}010203`);
    expect(Buffer.from(sequenceIv(Number.MAX_SAFE_INTEGER)).toString('hex')).toBe(`${'0'.repeat(18)}1fffffffffffff`);
    expect(() => sequenceIv(-1)).toThrow(RangeError);
    expect(() => sequenceIv(1.5)).toThrow(RangeError);
  });

  it("takes the sequence number from the segment's file name", () => {
    expect(segmentSequenceNumber('segment_00000.ts')).toBe(0);
    expect(segmentSequenceNumber('assets/x/out/v/hls/360p/segment_00042.ts')).toBe(42);
    expect(segmentSequenceNumber('360p/segment_123456.ts')).toBe(123456);
    expect(segmentSequenceNumber('audio/segment_00007.aac')).toBe(7);
    expect(segmentSequenceNumber('360p/index.m3u8')).toBeUndefined();
    expect(segmentSequenceNumber('360p/other_00001.ts')).toBeUndefined();
  });
});

describe('the key line of a rendition playlist', () => {
  it('goes before the first segment, once, and leaves a master playlist alone', () => {
    const keyed = addKeyLine(RENDITION);
    const lines = keyed.split('\n');
    expect(lines.indexOf(`#EXT-X-KEY:METHOD=AES-128,URI="${STORED_KEY_URI}"`)).toBe(lines.indexOf('#EXTINF:4.000000,') - 1);
    expect(keyed.replace(`#EXT-X-KEY:METHOD=AES-128,URI="${STORED_KEY_URI}"\n`, '')).toBe(RENDITION);
    expect(addKeyLine(keyed)).toBe(keyed);
    expect(hasKeyLine(keyed)).toBe(true);
    expect(hasKeyLine(RENDITION)).toBe(false);
    expect(isMediaPlaylist(MASTER)).toBe(false);
    expect(addKeyLine(MASTER)).toBe(MASTER);
  });

  it('goes at the end of a growing playlist that lists no segment yet, so it covers every one added after it', () => {
    const empty = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:EVENT\n';
    expect(addKeyLine(empty)).toBe(`${empty}#EXT-X-KEY:METHOD=AES-128,URI="${STORED_KEY_URI}"\n`);
  });

  it('has its URI rewritten to the link of whoever asked, and nothing else changes', () => {
    const link = '/api/assets/0b6f/key?expires=1&signature=abc&scope=key&student=s1';
    const served = rewriteKeyUri(addKeyLine(RENDITION), link);
    expect(served).toContain(`#EXT-X-KEY:METHOD=AES-128,URI="${link}"\n#EXTINF:4.000000,`);
    expect(served).not.toContain(STORED_KEY_URI);
    expect(served.replace(`#EXT-X-KEY:METHOD=AES-128,URI="${link}"\n`, '')).toBe(RENDITION);
    // A link holding $ patterns is written as it is.
    expect(rewriteKeyUri(addKeyLine(RENDITION), '/k?a=$&')).toContain('URI="/k?a=$&"');
    expect(() => rewriteKeyUri(addKeyLine(RENDITION), 'a"b')).toThrow(/quotes/);
  });
});
