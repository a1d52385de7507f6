import { Link } from 'wouter';
import type { ColumnDef } from '@tanstack/react-table';
import { FileSpreadsheet } from 'lucide-react';
import { BULK_ACTIONS } from '../../../../shared/bulk/bulk.schema.ts';
import type { RankFileListEntry } from '../../../../shared/rank-files/rank-files.schema.ts';
import { editorLinkColumn } from '../../components/editor-shell/editor-link-column.tsx';
import { publishedStatusColumn, thumbnailColumn } from '../../components/list-columns.tsx';
import { LIST_QUERY_OPTIONS, ListPage } from '../../components/list-page.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { subscriptionEditorPath } from '../subscriptions/subscription-paths.ts';
import { AddRankFileModal } from './add-rank-file-modal.tsx';
import { rankFileEditorPath } from './rank-file-paths.ts';

const columns: ColumnDef<RankFileListEntry, unknown>[] = [
  thumbnailColumn({ icon: FileSpreadsheet }),
  editorLinkColumn('Title', rankFileEditorPath),
  publishedStatusColumn(),
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
  const rankFiles = api.rankFiles.list.useQuery(undefined, LIST_QUERY_OPTIONS);
  const utils = api.useUtils();
  const bulk = api.rankFiles.bulk.useMutation();
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
      bulk={{
        noun: { one: 'rank file', many: 'rank files' },
        actions: BULK_ACTIONS,
        run: (request) => bulk.mutateAsync(request),
        onSettled: () => utils.rankFiles.list.invalidate(),
      }}
    />
  );
}
RankFileManagerPage.displayName = 'RankFileManagerPage';
