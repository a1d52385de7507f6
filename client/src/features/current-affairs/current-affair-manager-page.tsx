import { Link } from 'wouter';
import type { ColumnDef } from '@tanstack/react-table';
import { ImageIcon } from 'lucide-react';
import { BULK_ACTIONS } from '../../../../shared/bulk/bulk.schema.ts';
import { CURRENT_AFFAIR_FILTER_COLUMNS, currentAffairColumnTexts } from '../../../../shared/current-affairs/current-affair-list.rules.ts';
import { CURRENT_AFFAIRS_PAGE_SIZE, type CurrentAffairListEntry } from '../../../../shared/current-affairs/current-affairs.schema.ts';
import { publishedStatusColumn, Thumbnail } from '../../components/list-columns.tsx';
import { LIST_QUERY_OPTIONS, ListPage } from '../../components/list-page.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NewPostModal } from './new-post-modal.tsx';
import { currentAffairEditorPath } from './current-affair-paths.ts';

const columns: ColumnDef<CurrentAffairListEntry, unknown>[] = [
  {
    id: 'title',
    header: 'Title',
    // Filtered by either way of writing the date: 2026-11-26 or 26 Nov 2026.
    accessorFn: (post) => currentAffairColumnTexts(post).title,
    cell: ({ row }) => (
      <Link href={currentAffairEditorPath(row.original._id)} className="flex items-center gap-3 font-medium text-primary hover:underline">
        <Thumbnail url={row.original.thumbnailUrl} icon={ImageIcon} className="shrink-0" />
        <span>
          {row.original.titleDisplay}
          <span className="block text-xs font-normal text-muted-foreground">{row.original.title}</span>
        </span>
      </Link>
    ),
  },
  publishedStatusColumn(),
  {
    id: 'pdfUploaded',
    header: 'PDF Uploaded',
    accessorFn: (post) => currentAffairColumnTexts(post).pdfUploaded,
    cell: ({ row }) => <span className={row.original.hasPDFUploaded === 'Yes' ? undefined : 'text-muted-foreground'}>{row.original.hasPDFUploaded}</span>,
  },
];

/** /admin/current-affairs: every post, newest date first; New Post. */
export function CurrentAffairManagerPage() {
  useDocumentTitle('Current Affairs');
  const posts = api.currentAffairs.list.useQuery(undefined, LIST_QUERY_OPTIONS);
  const utils = api.useUtils();
  const bulk = api.currentAffairs.bulk.useMutation();
  return (
    <ListPage
      heading="Current Affairs"
      description="Daily current-affairs posts: a date, its cover art and its PDF, as students see them in the app."
      add={{ label: 'New Post', Dialog: NewPostModal }}
      query={posts}
      failureTitle="Fetching data failed"
      label="Current affairs"
      columns={columns}
      pageSize={CURRENT_AFFAIRS_PAGE_SIZE}
      filterColumns={CURRENT_AFFAIR_FILTER_COLUMNS}
      emptyMessage="No posts yet"
      rowLabel={(post) => post.titleDisplay}
      bulk={{
        noun: { one: 'post', many: 'posts' },
        actions: BULK_ACTIONS,
        run: (request) => bulk.mutateAsync(request),
        onSettled: () => utils.currentAffairs.list.invalidate(),
      }}
    />
  );
}
CurrentAffairManagerPage.displayName = 'CurrentAffairManagerPage';
