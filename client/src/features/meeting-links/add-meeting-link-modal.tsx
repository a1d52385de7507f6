import { useEffect, useState } from 'react';
import { FormModal } from '../../components/form-modal.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { api } from '../../lib/trpc.ts';
import { pickerValueToIso } from './meeting-time.ts';

const EMPTY = { title: '', url: '', startDate: '', endDate: '' };

export interface AddMeetingLinkModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add Url: name, URL and the meeting's window. The server checks them and names what is wrong. */
export function AddMeetingLinkModal({ open, onOpenChange }: AddMeetingLinkModalProps) {
  const utils = api.useUtils();
  const create = api.meetingLinks.create.useMutation();
  const [draft, setDraft] = useState(EMPTY);

  useEffect(() => {
    if (open) setDraft(EMPTY);
  }, [open]);

  const set = (patch: Partial<typeof EMPTY>) => setDraft((current) => ({ ...current, ...patch }));

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title="Add Url"
      description="A live class students can join from the app between its start and end."
      submitLabel="Create Link"
      busyLabel="Creating..."
      errorTitle="Meeting link cannot be added"
      onSubmit={async () => {
        await create.mutateAsync({ title: draft.title, url: draft.url, startDate: pickerValueToIso(draft.startDate), endDate: pickerValueToIso(draft.endDate) });
        await utils.meetingLinks.list.invalidate();
        onOpenChange(false);
      }}
    >
      <FormField id="meeting-link-title" label="Name">
        {(control) => <Input {...control} value={draft.title} maxLength={200} autoFocus onChange={(event) => set({ title: event.target.value })} />}
      </FormField>
      <FormField id="meeting-link-url" label="Url">
        {(control) => <Input {...control} type="url" inputMode="url" placeholder="https://" value={draft.url} onChange={(event) => set({ url: event.target.value })} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="meeting-link-start" label="Start Date" className="min-w-0">
          {(control) => <Input {...control} type="datetime-local" className="min-w-0" value={draft.startDate} onChange={(event) => set({ startDate: event.target.value })} />}
        </FormField>
        <FormField id="meeting-link-end" label="End Date" className="min-w-0">
          {(control) => <Input {...control} type="datetime-local" className="min-w-0" value={draft.endDate} onChange={(event) => set({ endDate: event.target.value })} />}
        </FormField>
      </div>
    </FormModal>
  );
}
AddMeetingLinkModal.displayName = 'AddMeetingLinkModal';
