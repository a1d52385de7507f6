import { describe, expect, it } from 'vitest';
import { hasCompleteLadder, isPlayableVideo } from '../../../../server/assets/asset-state.ts';
import type { AssetRow } from '../../../../server/db/types.ts';

const rendition = {
  name: '144p',
  width: 256,
  height: 144,
  bitrate: 160_000,
  audioRate: 48_000,
  segmentCount: 1,
  totalSizeInBytes: 1,
  playlist: '144p/index.m3u8',
};
type Video = Pick<AssetRow, 'kind' | 'state' | 'output_prefix' | 'poster_key' | 'renditions'>;
const video = (values: Partial<Video>): Video => ({
  kind: 'video',
  state: 'processing',
  output_prefix: 'assets/a/out/v1/',
  poster_key: null,
  renditions: [rendition],
  ...values,
});

describe('isPlayableVideo', () => {
  it('plays the early renditions of a video being processed, from any working step', () => {
    for (const state of ['preparing', 'downloading', 'processing', 'post-processing', 'uploading'] as const)
      expect(isPlayableVideo(video({ state }))).toBe(true);
  });

  it('does not play a video being processed before its first segments are stored', () => {
    expect(isPlayableVideo(video({ renditions: [] }))).toBe(false);
    expect(isPlayableVideo(video({ output_prefix: null, renditions: [] }))).toBe(false);
  });

  it('does not play the early renditions left by a run that failed for good, or of a failed file queued again', () => {
    expect(isPlayableVideo(video({ state: 'failed' }))).toBe(false);
    expect(isPlayableVideo(video({ state: 'uploaded' }))).toBe(false);
  });

  it('plays a complete ladder whatever the state (a replaced video keeps its previous one), and never a file that is not a video', () => {
    const complete = video({ state: 'uploaded', poster_key: 'assets/a/out/v1/hls/poster.jpg' });
    expect(hasCompleteLadder(complete)).toBe(true);
    expect(isPlayableVideo(complete)).toBe(true);
    expect(isPlayableVideo(video({ kind: 'pdf' }))).toBe(false);
  });
});
