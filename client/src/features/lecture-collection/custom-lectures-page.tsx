import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowUpDown, Video } from 'lucide-react';
import { moveTo } from '../../../../shared/courses/course-editor.rules.ts';
import type { LectureCollection } from '../../../../shared/lectures/lecture-collection.schema.ts';
import type { LectureSummary } from '../../../../shared/lectures/lectures.schema.ts';
import { editorLinkColumn } from '../../components/editor-shell/editor-link-column.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { publishedStatusColumn, thumbnailColumn } from '../../components/list-columns.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { RemoveButton } from '../../components/remove-button.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatMinutes } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { notesLabel } from '../lectures/lecture-labels.ts';
import { lectureEditorPath } from '../lectures/lecture-paths.ts';
import { MoveLectureModal } from './move-lecture-modal.tsx';

/** The collection's title with "Update Title", enabled only once it differs from the saved one. */
function CollectionTitle({ saved }: { saved: string | undefined }) {
  const utils = api.useUtils();
  const [title, setTitle] = useState(saved ?? '');
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  useEffect(() => setTitle(saved ?? ''), [saved]);
  const rename = api.lectureCollection.rename.useMutation({
    onSuccess: (collection) => {
      utils.lectureCollection.get.setData(undefined, collection);
      setFailure(null);
    },
    onError: (error) => setFailure(failureNotice('Update Failed', error)),
  });
  const changed = saved !== undefined && title.trim() !== saved;
  return (
    <form
      className="grid gap-2 rounded-lg border bg-card p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed && !rename.isPending) rename.mutate({ title });
      }}
    >
      <Label htmlFor="collection-title">Collection title</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="collection-title"
          className="max-w-md"
          maxLength={300}
          value={title}
          disabled={saved === undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
        <Button type="submit" disabled={!changed || rename.isPending}>
          {rename.isPending && <Spinner size="sm" className="text-current" label="" />}
          Update Title
        </Button>
      </div>
      {failure && <ErrorAlert title={failure.title} message={failure.message} warnings={failure.warnings} />}
    </form>
  );
}

/** /admin/custom-lectures: the one custom lecture collection, its title and its lectures in order. */
export function CustomLecturesPage() {
  useDocumentTitle('Custom Lecture Collection');
  const utils = api.useUtils();
  // A failed load is asked for again after 100 ms.
  const collection = api.lectureCollection.get.useQuery(undefined, { retryDelay: 100 });
  const [moving, setMoving] = useState<{ lecture: LectureSummary; position: number } | null>(null);
  const [removing, setRemoving] = useState<LectureSummary | null>(null);
  const store = (next: LectureCollection) => utils.lectureCollection.get.setData(undefined, next);
  const reorder = api.lectureCollection.reorder.useMutation({ onSuccess: store });
  const remove = api.lectureCollection.remove.useMutation({ onSuccess: store });
  const lectures = collection.data?.lecturesMetaData;

  const columns = useMemo<ColumnDef<LectureSummary, unknown>[]>(
    () => [
      thumbnailColumn({ icon: Video, imageClassName: 'bg-black' }),
      editorLinkColumn('Title', lectureEditorPath),
      publishedStatusColumn(),
      {
        id: 'duration',
        header: 'Duration',
        cell: ({ row }) =>
          row.original.videoFileSizeInBytes == null ? (
            <span className="text-muted-foreground">Video not uploaded</span>
          ) : (
            formatMinutes(row.original.videoDurationInMinutes)
          ),
      },
      {
        id: 'notes',
        header: 'Notes',
        cell: ({ row }) => <span className={row.original.notesCount === 0 ? 'text-muted-foreground' : undefined}>{notesLabel(row.original.notesCount)}</span>,
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <span className="flex items-center gap-1">
            <Button
              variant="outline"
              size="sm"
              aria-label={`Move ${row.original.title}`}
              onClick={() => setMoving({ lecture: row.original, position: row.index + 1 })}
            >
              <ArrowUpDown aria-hidden="true" />
              Move Lecture
            </Button>
            <RemoveButton label={`Remove ${row.original.title}`} onClick={() => setRemoving(row.original)} />
          </span>
        ),
      },
    ],
    [],
  );

  return (
    <ListPage
      heading="Custom Lecture Collection"
      description="A hand-picked list of lectures, shown to students in this order. Add lectures from a lecture's editor."
      query={{ ...collection, data: lectures }}
      failureTitle="Fetching data failed"
      label="Collection lectures"
      columns={columns}
      filterColumns={[]}
      emptyMessage="No lectures in the collection yet"
      dialogs={
        <>
          <MoveLectureModal
            lecture={moving ? { title: moving.lecture.title, position: moving.position } : null}
            count={lectures?.length ?? 0}
            onOpenChange={(open) => !open && setMoving(null)}
            onMove={async (position) => {
              const current = lectures ?? [];
              const from = current.findIndex((lecture) => lecture._id === moving?.lecture._id);
              try {
                await reorder.mutateAsync({ lecturesMetaData: moveTo(current, from, position).map((lecture) => ({ _id: lecture._id })) });
              } catch (error) {
                // Someone changed the collection: show theirs, so a second try starts from it.
                void collection.refetch();
                throw error;
              }
            }}
          />
          <ConfirmModal
            open={removing !== null}
            onOpenChange={(open) => !open && setRemoving(null)}
            title="Remove Lecture"
            text={removing ? `Remove “${removing.title}” from the collection? The lecture itself is kept.` : ''}
            confirmLabel="Remove"
            busyLabel="Removing..."
            errorTitle="Remove Failed"
            destructive
            onConfirm={async () => {
              if (!removing) return;
              await remove.mutateAsync({ id: removing._id });
              setRemoving(null);
            }}
          />
        </>
      }
    >
      <CollectionTitle saved={collection.data?.title} />
    </ListPage>
  );
}
CustomLecturesPage.displayName = 'CustomLecturesPage';
