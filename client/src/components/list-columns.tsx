import type { ColumnDef } from '@tanstack/react-table';
import { publishedStatusText } from '../../../shared/editing/record-fields.ts';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/utils.ts';
import { Badge } from './ui/badge.tsx';

/** A record's title in a list where it leads nowhere (a picker, say). */
export function plainTitleColumn<Row extends { title: string }>(): ColumnDef<Row, unknown> {
  return { id: 'title', accessorKey: 'title', header: 'Title', cell: ({ row }) => <span className="font-medium">{row.original.title}</span> };
}

/** Whether students see the record: Published or Unpublished, as the filter text and as a badge. */
export function publishedStatusColumn<Row extends { isPublished: boolean }>(): ColumnDef<Row, unknown> {
  return {
    id: 'status',
    header: 'Status',
    accessorFn: (record) => publishedStatusText(record.isPublished),
    cell: ({ row }) => (row.original.isPublished ? <Badge variant="success">Published</Badge> : <Badge variant="destructive">Unpublished</Badge>),
  };
}

export interface ThumbnailProps {
  url: string | null;
  /** Stands in for a missing image. */
  icon: LucideIcon;
  /** Added to the image and to its stand-in (`shrink-0` beside text in a flex row). */
  className?: string;
  /** Added to the image only (`bg-black` behind a video's frame). */
  imageClassName?: string;
}

/** A record's small picture in a list, or its kind's icon where it has none. */
export function Thumbnail({ url, icon: Icon, className, imageClassName }: ThumbnailProps) {
  if (url) return <img src={url} alt="" loading="lazy" className={cn('h-10 w-16 rounded border object-cover', className, imageClassName)} />;
  return (
    <span aria-hidden="true" className={cn('flex h-10 w-16 items-center justify-center rounded border bg-muted text-muted-foreground', className)}>
      <Icon className="size-4" />
    </span>
  );
}
Thumbnail.displayName = 'Thumbnail';

/** A first column of pictures, named for screen readers only. */
export function thumbnailColumn<Row extends { thumbnailUrl: string | null }>(picture: Omit<ThumbnailProps, 'url'>): ColumnDef<Row, unknown> {
  return {
    id: 'thumbnail',
    header: () => <span className="sr-only">Thumbnail</span>,
    cell: ({ row }) => <Thumbnail url={row.original.thumbnailUrl} {...picture} />,
  };
}
