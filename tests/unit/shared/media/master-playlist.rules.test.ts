import { describe, expect, it } from 'vitest';
import {
  answeredChoice,
  filterMasterPlaylist,
  isAudioOnlyVariant,
  parseAttributes,
  parseMasterPlaylist,
  selectVariants,
} from '../../../../shared/media/master-playlist.rules.ts';

const HEADER = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n';
const rung = (name: string, size: string, bandwidth: number) =>
  `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${bandwidth - 1000},RESOLUTION=${size},FRAME-RATE=30.000,CODECS="avc1.64001e,mp4a.40.2"\n${name}/index.m3u8\n`;
const audio = '#EXT-X-STREAM-INF:BANDWIDTH=70000,AVERAGE-BANDWIDTH=68000,CODECS="mp4a.40.2"\naudio/index.m3u8\n';
const master =
  HEADER + rung('144p', '256x144', 230_000) + rung('240p', '426x240', 480_000) + rung('360p', '640x360', 900_000) + rung('720p', '1280x720', 3_000_000) + audio;
/** A video processed before the ladder had 144p and the sound alone. */
const older = HEADER + rung('240p', '426x240', 480_000) + rung('360p', '640x360', 900_000);

const uris = (text: string) => parseMasterPlaylist(text).variants.map((variant) => variant.uri);

describe('parseMasterPlaylist', () => {
  it('reads each variant: its playlist, bandwidth, resolution and codecs', () => {
    const parsed = parseMasterPlaylist(master);
    expect(parsed.header).toEqual(['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS']);
    expect(parsed.variants[0]).toMatchObject({
      uri: '144p/index.m3u8',
      bandwidth: 230_000,
      resolution: { width: 256, height: 144 },
      codecs: ['avc1.64001e', 'mp4a.40.2'],
    });
    expect(parsed.variants.at(-1)).toMatchObject({ uri: 'audio/index.m3u8', bandwidth: 70_000, resolution: undefined, codecs: ['mp4a.40.2'] });
    expect(parsed.variants.map(isAudioOnlyVariant)).toEqual([false, false, false, false, true]);
  });

  it('keeps commas inside quoted attribute values', () => {
    expect(parseAttributes('BANDWIDTH=1,CODECS="avc1.64001e,mp4a.40.2",RESOLUTION=2x2')).toEqual({
      BANDWIDTH: '1',
      CODECS: 'avc1.64001e,mp4a.40.2',
      RESOLUTION: '2x2',
    });
  });

  it('refuses a file that is not a playlist', () => {
    expect(() => parseMasterPlaylist('<html>')).toThrow(/EXTM3U/);
  });
});

describe('filterMasterPlaylist', () => {
  it('leaves the full ladder as stored', () => {
    expect(filterMasterPlaylist(master, 'full')).toBe(master);
  });

  it('caps the data saver ladder at 240p, without the sound alone', () => {
    const text = filterMasterPlaylist(master, 'data-saver');
    expect(uris(text)).toEqual(['144p/index.m3u8', '240p/index.m3u8']);
    expect(text.startsWith(HEADER)).toBe(true);
    expect(text).toContain(rung('144p', '256x144', 230_000));
  });

  it('keeps only the sound for audio-only', () => {
    expect(filterMasterPlaylist(master, 'audio-only')).toBe(HEADER + audio);
  });

  it('gives a video processed before the data saver ladder its 240p, for both choices', () => {
    expect(uris(filterMasterPlaylist(older, 'data-saver'))).toEqual(['240p/index.m3u8']);
    expect(uris(filterMasterPlaylist(older, 'audio-only'))).toEqual(['240p/index.m3u8']);
  });

  it('keeps the lowest picture of a ladder with nothing at or below 240p, never an empty master', () => {
    const tall = HEADER + rung('720p', '1280x720', 3_000_000) + rung('360p', '640x360', 900_000);
    expect(selectVariants(parseMasterPlaylist(tall), 'data-saver').map((variant) => variant.uri)).toEqual(['360p/index.m3u8']);
  });

  it('measures a portrait picture on its short side', () => {
    const portrait = HEADER + rung('240p', '240x426', 480_000) + rung('360p', '360x640', 900_000);
    expect(uris(filterMasterPlaylist(portrait, 'data-saver'))).toEqual(['240p/index.m3u8']);
  });
});

describe('answeredChoice', () => {
  const ladder = [
    { width: 256, height: 144 },
    { width: 0, height: 0 },
  ];
  it('answers audio-only when the video has the sound alone, and the data saver when it has not', () => {
    expect(answeredChoice('audio-only', ladder)).toBe('audio-only');
    expect(answeredChoice('audio-only', ladder.slice(0, 1))).toBe('data-saver');
    expect(answeredChoice('data-saver', ladder.slice(0, 1))).toBe('data-saver');
    expect(answeredChoice('full', [])).toBe('full');
  });
});
