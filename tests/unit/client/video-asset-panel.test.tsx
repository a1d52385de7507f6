// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { Asset } from '../../../shared/assets/assets.schema.ts';

const current: { asset: Asset } = { asset: undefined as unknown as Asset };
vi.mock('../../../client/src/components/files/use-asset.ts', () => ({
  useAssetWithQueue: () => ({ asset: { data: current.asset, isPending: false, error: null }, queueItem: null, fileMissing: false }),
  useAddToQueue: () => ({ addToQueue: () => {}, isPending: false }),
}));
vi.mock('../../../client/src/components/files/hls-player.tsx', () => ({ HlsPlayer: () => null }));

const { VideoAssetPanel } = await import('../../../client/src/components/files/video-asset-panel.tsx');

afterEach(cleanup);

const rendition = {
  name: '144p',
  width: 256,
  height: 144,
  bitrate: 160_000,
  audioRate: 48_000,
  segmentCount: 1,
  totalSizeInBytes: 1000,
  playlist: '144p/index.m3u8',
};
const asset = (values: Partial<Asset>): Asset => ({
  _id: 'a1',
  fileName: 'lesson.mp4',
  sizeInBytes: 1000,
  kind: 'video',
  contentType: 'video/mp4',
  accessMode: 'private',
  state: 'processing',
  processProgress: {},
  renditions: [],
  hasConvertedtoImage: false,
  durationInSeconds: null,
  pageCount: null,
  failureReason: null,
  url: '/api/assets/a1',
  playlistUrl: null,
  posterUrl: null,
  pageUrls: [],
  queueState: 'processing',
  createdAt: '2026-11-27T00:00:00.000Z',
  ...values,
});

describe('VideoAssetPanel', () => {
  it('says once when the video becomes playable while still processing', () => {
    const onPlayable = vi.fn();
    current.asset = asset({});
    const view = render(<VideoAssetPanel assetId="a1" onPlayable={onPlayable} />);
    expect(onPlayable).not.toHaveBeenCalled();
    current.asset = asset({ renditions: [rendition], playlistUrl: '/api/assets/a1/hls/master.m3u8' });
    view.rerender(<VideoAssetPanel assetId="a1" onPlayable={onPlayable} />);
    expect(onPlayable).toHaveBeenCalledTimes(1);
    current.asset = asset({ state: 'ready', renditions: [rendition, rendition], playlistUrl: '/api/assets/a1/hls/master.m3u8' });
    view.rerender(<VideoAssetPanel assetId="a1" onPlayable={onPlayable} />);
    expect(onPlayable).toHaveBeenCalledTimes(1);
  });

  it('does not say so for a video that was playable when it was first shown', () => {
    const onPlayable = vi.fn();
    current.asset = asset({ state: 'ready', renditions: [rendition], playlistUrl: '/api/assets/a1/hls/master.m3u8' });
    const view = render(<VideoAssetPanel assetId="a1" onPlayable={onPlayable} />);
    view.rerender(<VideoAssetPanel assetId="a1" onPlayable={onPlayable} />);
    expect(onPlayable).not.toHaveBeenCalled();
  });
});
