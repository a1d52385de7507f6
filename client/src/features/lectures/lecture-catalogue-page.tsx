import { Link } from 'wouter';
import type { ColumnDef } from '@tanstack/react-table';
import { MessagesSquare, Video } from 'lucide-react';
import { BULK_ACTIONS } from '../../../../shared/bulk/bulk.schema.ts';
import type { LectureSummary } from '../../../../shared/lectures/lectures.schema.ts';
import { publishedStatusColumn, Thumbnail } from '../../components/list-columns.tsx';
import { LIST_QUERY_OPTIONS, ListPage } from '../../components/list-page.tsx';
import { ProcessStateBadge } from '../../components/files/process-status.tsx';
import type { AnyProcessState } from '../../components/files/asset-status.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatBytes, formatMinutes } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AddLectureModal } from './add-lecture-modal.tsx';
import { notesLabel } from './lecture-labels.ts';
import { lectureEditorPath } from './lecture-paths.ts';

const columns: ColumnDef<LectureSummary, unknown>[] = [
  {
    id: 'title',
    accessorKey: 'title',
    header: 'Title',
    cell: ({ row }) => (
      <Link href={lectureEditorPath(row.original._id)} className="flex items-center gap-3 font-medium text-primary hover:underline">
        <Thumbnail url={row.original.thumbnailUrl} icon={Video} className="shrink-0" imageClassName="bg-black" />
        <span className="line-clamp-2">{row.original.title}</span>
      </Link>
    ),
  },
  publishedStatusColumn(),
  {
    id: 'subscription',
    header: 'Subscription',
    accessorFn: (lecture) => lecture.masterSubscription ?? '',
    // Rate cards arrive with the subscriptions screen; until then no lecture has one.
    cell: ({ row }) =>
      row.original.masterSubscription ? (
        <span className="font-mono text-xs">{row.original.masterSubscription}</span>
      ) : (
        <span className="text-muted-foreground">No subscription</span>
      ),
  },
  {
    id: 'duration',
    header: 'Duration (File Size)',
    accessorFn: (lecture) => lecture.videoDurationInMinutes ?? -1,
    cell: ({ row }) => {
      const lecture = row.original;
      if (lecture.videoFileSizeInBytes == null) return <span className="text-muted-foreground">Video not uploaded</span>;
      const state = lecture.videoState as AnyProcessState | null;
      return (
        <span className="flex flex-wrap items-center gap-2">
          <span>
            {lecture.videoDurationInMinutes == null ? '—' : formatMinutes(lecture.videoDurationInMinutes)}{' '}
            <span className="text-muted-foreground">({formatBytes(lecture.videoFileSizeInBytes)})</span>
          </span>
          {state && state !== 'ready' && <ProcessStateBadge state={state} />}
        </span>
      );
    },
  },
  {
    id: 'notes',
    header: 'Notes (PDF)',
    accessorFn: (lecture) => lecture.notesCount,
    cell: ({ row }) => <span className={row.original.notesCount === 0 ? 'text-muted-foreground' : undefined}>{notesLabel(row.original.notesCount)}</span>,
  },
];

/** /admin/videos: the Lecture Video Manager, the console's landing page. */
export function LectureCataloguePage() {
  useDocumentTitle('Lecture Video Manager');
  const lectures = api.lectures.list.useQuery(undefined, LIST_QUERY_OPTIONS);
  const utils = api.useUtils();
  const bulk = api.lectures.bulk.useMutation();
  return (
    <ListPage
      heading="Lecture Video Manager"
      description="Lecture videos with their notes, as students find them in the app."
      actions={
        <Button asChild variant="outline">
          <Link href="/admin/discussions">
            <MessagesSquare aria-hidden="true" />
            Discussions
          </Link>
        </Button>
      }
      add={{ label: 'Add Lecture', Dialog: AddLectureModal }}
      query={lectures}
      failureTitle="Fetching course failed"
      label="Lectures"
      columns={columns}
      emptyMessage="No lectures yet"
      bulk={{
        noun: { one: 'lecture', many: 'lectures' },
        actions: BULK_ACTIONS,
        run: (request) => bulk.mutateAsync(request),
        onSettled: () => utils.lectures.list.invalidate(),
      }}
    />
  );
}
LectureCataloguePage.displayName = 'LectureCataloguePage';
