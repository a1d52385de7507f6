import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLink, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { MEETING_LINK_NOTIFICATION, type MeetingLink } from '../../../../shared/meeting-links/meeting-links.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { delay } from '../../lib/delay.ts';
import { errorMessage } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ComposerModal, type ComposerResource } from '../notifications/composer-modal.tsx';
import { ChooseCourseModal } from './choose-course-modal.tsx';
import { MeetingLinkModal } from './meeting-link-modal.tsx';
import { formatMeetingTime } from './meeting-time.ts';

/** The pause before a link is removed, as the specification has it. */
export const MEETING_LINK_DELETE_DELAY_MS = 300;
const FAILURE_TITLE = 'Fetching Meetings failed';

/** /admin/meeting-links: live-class links of courses; add, edit, switch on or off, announce to a course's students, remove. */
export function MeetingLinksPage() {
  useDocumentTitle('Meeting Links');
  const utils = api.useUtils();
  // A failed listing is asked for again after 100 ms.
  const links = api.meetingLinks.list.useQuery(undefined, { retryDelay: 100 });
  const toggle = api.meetingLinks.toggle.useMutation();
  const remove = api.meetingLinks.delete.useMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<MeetingLink | null>(null);
  const [removing, setRemoving] = useState<MeetingLink | null>(null);
  const [announcing, setAnnouncing] = useState<MeetingLink | null>(null);
  const [composing, setComposing] = useState<ComposerResource | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const columns = useMemo<ColumnDef<MeetingLink, unknown>[]>(
    () => [
      {
        id: 'title',
        accessorKey: 'title',
        header: 'Name',
        cell: ({ row }) => <span className="block min-w-28 max-w-56 break-words font-medium">{row.original.title}</span>,
      },
      {
        id: 'url',
        accessorKey: 'url',
        header: 'URL',
        cell: ({ row }) => (
          // One line however long the address: the whole of it is in the tooltip and the link.
          <a href={row.original.url} target="_blank" rel="noopener noreferrer" title={row.original.url} className="flex w-44 items-center gap-1 text-primary hover:underline">
            <span className="truncate">{row.original.url}</span>
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          </a>
        ),
      },
      {
        id: 'active',
        header: 'Is Active',
        accessorFn: (link) => (link.isActive ? 'Active' : 'Inactive'),
        cell: ({ row }) => {
          const link = row.original;
          const busy = toggle.isPending && toggle.variables?.id === link._id;
          return (
            <span className="flex flex-wrap items-center gap-2">
              {link.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="destructive">Inactive</Badge>}
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`${link.isActive ? 'Make Inactive' : 'Make Active'}: ${link.title}`}
                onClick={() =>
                  toggle.mutate(
                    { id: link._id },
                    {
                      onSettled: () => void utils.meetingLinks.list.invalidate(),
                      onError: (error) => setNotice({ kind: 'error', title: FAILURE_TITLE, text: errorMessage(error) }),
                    },
                  )
                }
              >
                {link.isActive ? 'Make Inactive' : 'Make Active'}
              </Button>
            </span>
          );
        },
      },
      {
        id: 'courses',
        header: 'Courses',
        accessorFn: (link) => link.courses.map((course) => course.title).join(', '),
        cell: ({ row }) =>
          row.original.courses.length === 0 ? (
            <span className="text-muted-foreground">No course (staff only)</span>
          ) : (
            <ul className="flex min-w-28 max-w-44 flex-wrap gap-1">
              {row.original.courses.map((course) => (
                <li key={course._id}>
                  <Badge variant="secondary" className="font-normal">
                    {course.title}
                  </Badge>
                </li>
              ))}
            </ul>
          ),
      },
      { id: 'start', header: 'Start date', accessorFn: (link) => formatMeetingTime(link.startDate) },
      { id: 'end', header: 'End date', accessorFn: (link) => formatMeetingTime(link.endDate) },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <span className="flex gap-1">
            <Button variant="ghost" size="icon" title="Edit" aria-label={`Edit ${row.original.title}`} onClick={() => setEditing(row.original)}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" title="Send notification" aria-label={`Send notification: ${row.original.title}`} onClick={() => setAnnouncing(row.original)}>
              <Send aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" title="Remove" className="text-destructive" aria-label={`Remove ${row.original.title}`} onClick={() => setRemoving(row.original)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </span>
        ),
      },
    ],
    [toggle, utils],
  );

  return (
    <ListPage
      heading="Meeting Links"
      description="Live classes students join from the app: a link shows to the students of its courses while it is active, from its start to its end."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add url
        </Button>
      }
      query={links}
      failureTitle={FAILURE_TITLE}
      label="Meeting links"
      columns={columns}
      pageSize={10}
      minRows={3}
      emptyMessage="No meeting links yet"
      getRowId={(link) => link._id}
      dialogs={
        <>
          <MeetingLinkModal open={adding} onOpenChange={setAdding} />
          <MeetingLinkModal open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} link={editing} />
          <ConfirmModal
            open={removing !== null}
            onOpenChange={(open) => !open && setRemoving(null)}
            title="Remove Meeting Link"
            text="Are you sure you want to remove this meeting link?"
            cancelLabel="Cancel"
            confirmLabel="Remove"
            busyLabel="Removing..."
            errorTitle={FAILURE_TITLE}
            destructive
            onConfirm={async () => {
              if (!removing) return;
              await delay(MEETING_LINK_DELETE_DELAY_MS);
              try {
                await remove.mutateAsync({ id: removing._id });
              } finally {
                void utils.meetingLinks.list.invalidate();
              }
              setRemoving(null);
            }}
          />
          <ChooseCourseModal
            open={announcing !== null}
            onOpenChange={(open) => !open && setAnnouncing(null)}
            courses={announcing?.courses ?? []}
            onEdit={() => {
              setEditing(announcing);
              setAnnouncing(null);
            }}
            onCompose={(course) => {
              if (!announcing) return;
              setComposing({
                ...MEETING_LINK_NOTIFICATION,
                resourceID: announcing._id,
                title: announcing.title,
                course,
                linkUrl: announcing.url,
              });
              setAnnouncing(null);
            }}
          />
          <ComposerModal open={composing !== null} onOpenChange={(open) => !open && setComposing(null)} resource={composing ?? { ...MEETING_LINK_NOTIFICATION, resourceID: '' }} />
          <NoticeModal notice={notice} onClose={() => setNotice(null)} />
        </>
      }
    />
  );
}
MeetingLinksPage.displayName = 'MeetingLinksPage';
