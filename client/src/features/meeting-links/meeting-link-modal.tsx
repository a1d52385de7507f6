import { useEffect, useState } from 'react';
import type { MeetingLink } from '../../../../shared/meeting-links/meeting-links.schema.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { api } from '../../lib/trpc.ts';
import { HistoryPanel } from '../audit/history-panel.tsx';
import { CourseChecklist } from './course-checklist.tsx';
import { isoToPickerValue, pickerValueToIso } from './meeting-time.ts';

interface Draft {
  title: string;
  url: string;
  startDate: string;
  endDate: string;
  courseIds: string[];
}

const EMPTY: Draft = { title: '', url: '', startDate: '', endDate: '', courseIds: [] };

function draftOf(link: MeetingLink | null): Draft {
  if (!link) return EMPTY;
  return { title: link.title, url: link.url, startDate: isoToPickerValue(link.startDate), endDate: isoToPickerValue(link.endDate), courseIds: link.courseIds };
}

/** The picker's value as the server takes it; an untouched picker sends the stored time to the second. */
function timeToSend(value: string, stored: string | undefined): string {
  return stored !== undefined && value === isoToPickerValue(stored) ? stored : pickerValueToIso(value);
}

export interface MeetingLinkModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link to edit; null adds one. */
  link?: MeetingLink | null;
}

/**
 * Add Url (or Edit Meeting Link): name, URL, the meeting's window and its courses. The server
 * checks them and names what is wrong. Each opening of Add Url is one request id, so a second
 * submit of the same form makes no second link; an edit is saved from the version it opened.
 */
export function MeetingLinkModal({ open, onOpenChange, link = null }: MeetingLinkModalProps) {
  const utils = api.useUtils();
  const create = api.meetingLinks.create.useMutation();
  const update = api.meetingLinks.update.useMutation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [requestId, setRequestId] = useState('');
  // The copy the form opened with: its version is what the save is checked against.
  const [opened, setOpened] = useState<MeetingLink | null>(null);

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(link));
    setOpened(link);
    setRequestId(crypto.randomUUID());
    // The form is filled when it opens, not again while a list reload brings a newer copy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const bind = bindDraft(draft, set);
  const dateField = (id: string, label: string, key: 'startDate' | 'endDate') => (
    <TextField id={id} label={label} fieldClassName="min-w-0" type="datetime-local" className="min-w-0" {...bind.text(key)} />
  );
  // While closing, the page has let go of the link: the form keeps the title it opened with.
  const editing = open ? link !== null : opened !== null;

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Meeting Link' : 'Add Url'}
      description="A live class the students of its courses can join from the app between its start and end."
      submitLabel={editing ? 'Save' : 'Create Link'}
      busyLabel={editing ? 'Saving...' : 'Creating...'}
      errorTitle={editing ? 'Meeting link cannot be saved' : 'Meeting link cannot be added'}
      className="sm:max-w-xl"
      onSubmit={async () => {
        const fields = {
          title: draft.title,
          url: draft.url,
          startDate: timeToSend(draft.startDate, opened?.startDate),
          endDate: timeToSend(draft.endDate, opened?.endDate),
          courseIds: draft.courseIds,
        };
        try {
          if (opened) await update.mutateAsync({ id: opened._id, version: opened.version, ...fields });
          else await create.mutateAsync({ ...fields, requestId });
        } catch (error) {
          // A course deleted meanwhile: the list shows it gone (its chip reads "Deleted course").
          void utils.courses.titles.invalidate();
          throw error;
        } finally {
          // Saved, or refused because someone else changed it: either way the table shows what is stored.
          void utils.meetingLinks.list.invalidate();
        }
        onOpenChange(false);
      }}
    >
      <TextField id="meeting-link-title" label="Name" maxLength={200} autoFocus {...bind.text('title')} />
      <TextField id="meeting-link-url" label="Url" type="url" inputMode="url" placeholder="https://" {...bind.text('url')} />
      <div className="grid gap-4 sm:grid-cols-2">
        {dateField('meeting-link-start', 'Start Date (India time)', 'startDate')}
        {dateField('meeting-link-end', 'End Date (India time)', 'endDate')}
      </div>
      <CourseChecklist value={draft.courseIds} known={opened?.courses ?? []} onChange={(courseIds) => set({ courseIds })} />
      {opened && <HistoryPanel resourceType="meeting-link" resourceId={opened._id} />}
    </FormModal>
  );
}
MeetingLinkModal.displayName = 'MeetingLinkModal';
