import type { Asset } from '../../../../shared/assets/assets.schema.ts';
import { formatBitrate, formatBytes, formatSampleRate } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table.tsx';

type Rendition = Asset['renditions'][number];

export interface RenditionRow {
  name: string;
  resolution: string;
  bitrate: string;
  audioRate: string;
  segments: string;
  size: string;
}

/** The audio-only rendition has no picture: it sorts after the pictures. */
const pixels = (rendition: Rendition) => (rendition.width === 0 && rendition.height === 0 ? Number.POSITIVE_INFINITY : rendition.width * rendition.height);

/** The renditions of a processed video as the table shows them, smallest picture first, then the sound alone. */
export function renditionRows(renditions: readonly Rendition[]): RenditionRow[] {
  return [...renditions]
    .sort((a, b) => pixels(a) - pixels(b))
    .map((rendition) => ({
      name: rendition.name,
      resolution: pixels(rendition) === Number.POSITIVE_INFINITY ? 'Sound only' : `${rendition.width}×${rendition.height}`,
      bitrate: formatBitrate(rendition.bitrate),
      audioRate: formatSampleRate(rendition.audioRate),
      segments: String(rendition.segmentCount),
      size: formatBytes(rendition.totalSizeInBytes),
    }));
}

/** A processed video's HLS renditions: name, width×height, bitrate, audio rate, segments and size. */
export function RenditionsTable({ renditions, className }: { renditions: readonly Rendition[]; className?: string }) {
  const rows = renditionRows(renditions);
  return (
    <div className={cn('overflow-hidden rounded-md border', className)}>
      <Table aria-label="Renditions">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead>Resolution</TableHead>
            <TableHead>Bitrate</TableHead>
            <TableHead>Audio rate</TableHead>
            <TableHead>Segments</TableHead>
            <TableHead>Size</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={6} className="text-center text-muted-foreground">
                No renditions yet
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={row.name}>
              <TableCell className="font-medium">{row.name}</TableCell>
              <TableCell className="tabular-nums">{row.resolution}</TableCell>
              <TableCell className="tabular-nums">{row.bitrate}</TableCell>
              <TableCell className="tabular-nums">{row.audioRate}</TableCell>
              <TableCell className="tabular-nums">{row.segments}</TableCell>
              <TableCell className="tabular-nums">{row.size}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
RenditionsTable.displayName = 'RenditionsTable';
