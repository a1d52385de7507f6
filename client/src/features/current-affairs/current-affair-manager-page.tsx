import { Link } from 'wouter';
import type { ColumnDef } from '@tanstack/react-table';
import { ImageIcon } from 'lucide-react';
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
    accessorFn: (post) => `${post.title} ${post.titleDisplay}`,
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
    accessorKey: 'hasPDFUploaded',
    cell: ({ row }) => <span className={row.original.hasPDFUploaded === 'Yes' ? undefined : 'text-muted-foreground'}>{row.original.hasPDFUploaded}</span>,
  },
];

/** /admin/current-affairs: every post, newest date first; New Post. */
export function CurrentAffairManagerPage() {
  useDocumentTitle('Current Affairs');
  const posts = api.currentAffairs.list.useQuery(undefined, LIST_QUERY_OPTIONS);
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
      filterColumns={['title', 'pdfUploaded']}
      emptyMessage="No posts yet"
    />
  );
}
CurrentAffairManagerPage.displayName = 'CurrentAffairManagerPage';
