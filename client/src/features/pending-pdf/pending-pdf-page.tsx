import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { ColumnDef } from '@tanstack/react-table';
import { CheckCheck, ExternalLink } from 'lucide-react';
import { MISSING_NOTE_REASONS, type PendingPdfLecture } from '../../../../shared/lectures/pending-pdf.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { LIST_QUERY_OPTIONS, ListPage } from '../../components/list-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { courseEditorPath } from '../courses/course-paths.ts';
import { lectureEditorPath } from '../lectures/lecture-paths.ts';

/** /admin/pending-pdf: lectures whose PDF notes the hourly check found missing, until marked resolved. */
export function PendingPdfPage() {
  const utils = api.useUtils();
  const pending = api.pendingPdf.list.useQuery(undefined, LIST_QUERY_OPTIONS);
  const [resolving, setResolving] = useState<PendingPdfLecture | null>(null);
  const markSolved = api.pendingPdf.markSolved.useMutation();
  const count = pending.data?.length ?? 0;
  const heading = `Pending PDF In Lectures (${count} ${count === 1 ? 'lecture' : 'lectures'})`;
  useDocumentTitle('Pending PDF');

  const columns = useMemo<ColumnDef<PendingPdfLecture, unknown>[]>(
    () => [
      { id: 'number', header: 'SL No', cell: ({ row }) => <span className="text-muted-foreground">{row.index + 1}</span> },
      {
        id: 'title',
        accessorKey: 'title',
        header: 'Title',
        cell: ({ row }) => (
          <a
            href={lectureEditorPath(row.original._id)}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            {row.original.title}
            <ExternalLink aria-hidden="true" className="size-3" />
          </a>
        ),
      },
      {
        id: 'missing',
        header: 'Missing PDF files',
        cell: ({ row }) => (
          <ul className="grid gap-1">
            {row.original.missingPdfs.map((file) => (
              <li key={file.pdfFileId} className="break-all" title={MISSING_NOTE_REASONS[file.reason]}>
                {file.fileName || file.pdfFileId}
                <span className="block text-xs text-muted-foreground">{MISSING_NOTE_REASONS[file.reason]}</span>
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'courses',
        header: 'Attached courses',
        cell: ({ row }) =>
          row.original.courses.length === 0 ? (
            <span className="text-muted-foreground">No courses</span>
          ) : (
            <ul className="grid gap-1">
              {row.original.courses.map((course) => (
                <li key={course._id}>
                  <Link href={courseEditorPath(course._id)} className="text-primary hover:underline">
                    {course.title}
                  </Link>
                </li>
              ))}
            </ul>
          ),
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <Button variant="outline" size="sm" aria-label={`Mark ${row.original.title} as resolved`} onClick={() => setResolving(row.original)}>
            <CheckCheck aria-hidden="true" />
            Mark as resolved
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <ListPage
      heading={heading}
      description="Lectures with a PDF note whose file is missing, found by the hourly storage check. Upload the note again in the lecture, then mark it resolved."
      query={pending}
      failureTitle="Fetching data failed"
      label="Pending PDF lectures"
      columns={columns}
      pageSize={50}
      emptyMessage="No lecture has a missing PDF"
      dialogs={
        <ConfirmModal
          open={resolving !== null}
          onOpenChange={(open) => !open && setResolving(null)}
          title="Mark as resolved"
          text={resolving ? `Mark the missing PDF of “${resolving.title}” as resolved? It comes back here if the file goes missing again.` : ''}
          confirmLabel="Mark as resolved"
          busyLabel="Saving..."
          errorTitle="Process Failed"
          onConfirm={async () => {
            if (!resolving) return;
            await markSolved.mutateAsync({ id: resolving._id });
            utils.pendingPdf.list.setData(undefined, (old) => old?.filter((lecture) => lecture._id !== resolving._id));
            setResolving(null);
          }}
        />
      }
    />
  );
}
PendingPdfPage.displayName = 'PendingPdfPage';
