import { Link } from 'wouter';
import type { ColumnDef } from '@tanstack/react-table';
import { FileSpreadsheet } from 'lucide-react';
import type { RankFileListEntry } from '../../../../shared/rank-files/rank-files.schema.ts';
import { editorLinkColumn } from '../../components/editor-shell/editor-link-column.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { subscriptionEditorPath } from '../subscriptions/subscription-paths.ts';
import { AddRankFileModal } from './add-rank-file-modal.tsx';
import { rankFileEditorPath } from './rank-file-paths.ts';

const columns: ColumnDef<RankFileListEntry, unknown>[] = [
  {
    id: 'thumbnail',
    header: () => <span className="sr-only">Thumbnail</span>,
    cell: ({ row }) =>
      row.original.thumbnailUrl ? (
        <img src={row.original.thumbnailUrl} alt="" loading="lazy" className="h-10 w-16 rounded border object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-10 w-16 items-center justify-center rounded border bg-muted text-muted-foreground">
          <FileSpreadsheet className="size-4" />
        </span>
      ),
  },
  editorLinkColumn('Title', rankFileEditorPath),
  {
    id: 'status',
    header: 'Status',
    accessorFn: (file) => (file.isPublished ? 'Published' : 'Unpublished'),
    cell: ({ row }) => (row.original.isPublished ? <Badge variant="success">Published</Badge> : <Badge variant="destructive">Unpublished</Badge>),
  },
  {
    id: 'subscription',
    header: 'Subscription',
    accessorFn: (file) => file.masterSubscription?.title ?? '',
    cell: ({ row }) => {
      const card = row.original.masterSubscription;
      return card ? (
        <Link href={subscriptionEditorPath(card._id)} className="text-primary hover:underline">
          {card.title}
        </Link>
      ) : (
        <span className="text-muted-foreground">No Associations</span>
      );
    },
  },
];

/** /admin/rank-files: every rank file with its status and rate card; add one. */
export function RankFileManagerPage() {
  useDocumentTitle('Rank Files');
  // A failed listing is asked for again after 100 ms.
  const rankFiles = api.rankFiles.list.useQuery(undefined, { retryDelay: 100 });
  return (
    <ListPage
      heading="Rank File Manager"
      description="Rank lists over groups of exams, as students see them in the app."
      add={{ label: 'Add Rank File', Dialog: AddRankFileModal }}
      query={rankFiles}
      failureTitle="Fetching course failed"
      label="Rank files"
      columns={columns}
      emptyMessage="No rank files yet"
    />
  );
}
RankFileManagerPage.displayName = 'RankFileManagerPage';
