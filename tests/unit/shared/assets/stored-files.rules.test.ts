import { describe, expect, it } from 'vitest';
import { assetIdOfKey, isKeyReferenced, type AssetFileReferences } from '../../../../shared/assets/stored-files.rules.ts';

const id = '0b7c1a52-3f4e-4d6a-9b1c-2e3f4a5b6c7d';
const video: AssetFileReferences = {
  assetId: id,
  storageKey: `assets/${id}/original/aaaaaaaaaaaa`,
  outputPrefix: `assets/${id}/out/v2/`,
  posterKey: `assets/${id}/out/v2/hls/poster.jpg`,
  processing: false,
};

describe('assetIdOfKey', () => {
  it('reads the asset of a key laid out as assets/<id>/..., and nothing else', () => {
    expect(assetIdOfKey(`assets/${id}/original/aaaaaaaaaaaa`)).toBe(id);
    expect(assetIdOfKey(`assets/${id}`)).toBeUndefined();
    expect(assetIdOfKey('assets/not-an-id/original/x')).toBeUndefined();
    expect(assetIdOfKey(`exports/${id}/report.csv`)).toBeUndefined();
  });
});

describe('isKeyReferenced', () => {
  it('keeps the original, everything under the output version, and the poster', () => {
    expect(isKeyReferenced(video.storageKey, video)).toBe(true);
    expect(isKeyReferenced(`assets/${id}/out/v2/hls/240p/segment-000.ts`, video)).toBe(true);
    expect(isKeyReferenced(`assets/${id}/out/v2/pages/1.png`, video)).toBe(true);
    expect(isKeyReferenced(video.posterKey!, { ...video, outputPrefix: null })).toBe(true);
  });

  it('lets go of a replaced original and of other output versions', () => {
    expect(isKeyReferenced(`assets/${id}/original/bbbbbbbbbbbb`, video)).toBe(false);
    expect(isKeyReferenced(`assets/${id}/out/v1/hls/master.m3u8`, video)).toBe(false);
    // A prefix is a folder: v2 does not cover v20.
    expect(isKeyReferenced(`assets/${id}/out/v20/hls/master.m3u8`, video)).toBe(false);
    expect(isKeyReferenced(video.storageKey, undefined)).toBe(false);
  });

  it('keeps every output version while the file is being processed', () => {
    expect(isKeyReferenced(`assets/${id}/out/v3/hls/240p/segment-000.ts`, { ...video, processing: true })).toBe(true);
    expect(isKeyReferenced(`assets/${id}/original/bbbbbbbbbbbb`, { ...video, processing: true })).toBe(false);
  });
});
