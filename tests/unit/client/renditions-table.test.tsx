// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RenditionsTable, renditionRows } from '../../../client/src/components/files/renditions-table.tsx';

afterEach(cleanup);

const rendition = (name: string, width: number, height: number, bitrate: number) => ({
  name,
  width,
  height,
  bitrate,
  audioRate: 48_000,
  segmentCount: 2,
  totalSizeInBytes: 310_000,
  playlist: `${name}/index.m3u8`,
});

describe('renditionRows', () => {
  it('lists the smallest picture first, with width×height, rates, segments and size', () => {
    const rows = renditionRows([rendition('360p', 640, 360, 812_000), rendition('240p', 426, 240, 400_000)]);
    expect(rows).toEqual([
      { name: '240p', resolution: '426×240', bitrate: '400 kb/s', audioRate: '48 kHz', segments: '2', size: '303 KB' },
      { name: '360p', resolution: '640×360', bitrate: '812 kb/s', audioRate: '48 kHz', segments: '2', size: '303 KB' },
    ]);
  });
});

describe('renditionRows with the sound alone', () => {
  it('lists the audio-only rendition after the pictures, as sound only', () => {
    const rows = renditionRows([rendition('audio', 0, 0, 64_000), rendition('240p', 426, 240, 400_000), rendition('144p', 256, 144, 160_000)]);
    expect(rows.map((row) => [row.name, row.resolution, row.bitrate])).toEqual([
      ['144p', '256×144', '160 kb/s'],
      ['240p', '426×240', '400 kb/s'],
      ['audio', 'Sound only', '64 kb/s'],
    ]);
  });
});

describe('RenditionsTable', () => {
  it('shows one row per rendition under the six headings', () => {
    render(<RenditionsTable renditions={[rendition('240p', 426, 240, 400_000), rendition('360p', 640, 360, 812_000)]} />);
    const table = screen.getByRole('table', { name: 'Renditions' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['Name', 'Resolution', 'Bitrate', 'Audio rate', 'Segments', 'Size']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('640×360')).toBeTruthy();
  });

  it('says so when there is nothing yet', () => {
    render(<RenditionsTable renditions={[]} />);
    expect(screen.getByText('No renditions yet')).toBeTruthy();
  });
});
