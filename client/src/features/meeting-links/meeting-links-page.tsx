import { useState } from 'react';
import { MEETING_LINK_NOTIFICATION, type MeetingLink } from '../../../../shared/meeting-links/meeting-links.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { LIST_QUERY_OPTIONS, ListPage } from '../../components/list-page.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ComposerModal, type ComposerResource } from '../notifications/composer-modal.tsx';
import { ChooseCourseModal } from './choose-course-modal.tsx';
import { MeetingLinkModal } from './meeting-link-modal.tsx';
import { FAILURE_TITLE, useMeetingLinkColumns } from './meeting-link-columns.tsx';

/** The pause before a link is removed, as the specification has it. */
export const MEETING_LINK_DELETE_DELAY_MS = 300;

/** /admin/meeting-links: live-class links of courses; add, edit, switch on or off, announce to a course's students, remove. */
export function MeetingLinksPage() {
  useDocumentTitle('Meeting Links');
  const utils = api.useUtils();
  const links = api.meetingLinks.list.useQuery(undefined, LIST_QUERY_OPTIONS);
  const remove = api.meetingLinks.delete.useMutation();
  const [editing, setEditing] = useState<MeetingLink | null>(null);
  const [removing, setRemoving] = useState<MeetingLink | null>(null);
  const [announcing, setAnnouncing] = useState<MeetingLink | null>(null);
  const [composing, setComposing] = useState<ComposerResource | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const columns = useMeetingLinkColumns({ onEdit: setEditing, onAnnounce: setAnnouncing, onRemove: setRemoving, onFailure: setNotice });

  return (
    <ListPage
      heading="Meeting Links"
      description="Live classes students join from the app: a link shows to the students of its courses while it is active, from its start to its end."
      add={{ label: 'Add url', Dialog: MeetingLinkModal }}
      query={links}
      failureTitle={FAILURE_TITLE}
      label="Meeting links"
      columns={columns}
      filterColumns={[]}
      emptyMessage="No meeting links yet"
      dialogs={
        <>
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
          <ComposerModal
            open={composing !== null}
            onOpenChange={(open) => !open && setComposing(null)}
            resource={composing ?? { ...MEETING_LINK_NOTIFICATION, resourceID: '' }}
          />
          <NoticeModal notice={notice} onClose={() => setNotice(null)} />
        </>
      }
    />
  );
}
MeetingLinksPage.displayName = 'MeetingLinksPage';
