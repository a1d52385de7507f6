import { useState } from 'react';
import { useLocation } from 'wouter';
import { todayInIndia } from '../../../../shared/current-affairs/current-affair-dates.rules.ts';
import { createCurrentAffairInputSchema } from '../../../../shared/current-affairs/current-affairs.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { FormModal } from '../../components/form-modal.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { validateForm } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { isSameDateConflict } from './current-affair-draft.ts';
import { currentAffairEditorPath } from './current-affair-paths.ts';

const CREATE_FAILED_TITLE = 'Item cannot be added';

/** 'New Item': the post's date (today by default), Cancel or Create Post; then the new post's editor. */
export function NewPostModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const create = api.currentAffairs.create.useMutation({ onSuccess: () => utils.currentAffairs.list.invalidate() });
  const [date, setDate] = useState(() => todayInIndia());
  const [error, setError] = useState<string | undefined>();
  // The server's question when the date has a post already.
  const [sameDate, setSameDate] = useState<{ title: string; question: string } | null>(null);

  const change = (next: boolean) => {
    if (next) {
      setDate(todayInIndia());
      setError(undefined);
    }
    onOpenChange(next);
  };

  const created = (id: string) => {
    onOpenChange(false);
    navigate(currentAffairEditorPath(id));
  };

  const submit = async () => {
    const checked = validateForm(createCurrentAffairInputSchema, { title: date });
    if (!checked.ok) {
      setError(checked.errors.title);
      return;
    }
    setError(undefined);
    try {
      created((await create.mutateAsync({ title: checked.data.title }))._id);
    } catch (failure) {
      if (!isSameDateConflict(failure)) throw failure;
      setSameDate({ title: checked.data.title, question: errorMessage(failure) });
    }
  };

  return (
    <>
      <FormModal
        open={open}
        onOpenChange={change}
        title="New Item"
        description="Choose the date of the post; its cover art and PDF are added in its editor."
        submitLabel="Create Post"
        busyLabel="Creating..."
        cancelLabel="Cancel"
        errorTitle={CREATE_FAILED_TITLE}
        onSubmit={submit}
      >
        <FormField id="new-current-affair-date" label="Date" error={error}>
          {(control) => <Input {...control} type="date" autoFocus value={date} onChange={(event) => setDate(event.target.value)} />}
        </FormField>
      </FormModal>
      <ConfirmModal
        open={sameDate !== null}
        onOpenChange={(next) => !next && setSameDate(null)}
        title="Same Date"
        text={sameDate?.question ?? ''}
        cancelLabel="Cancel"
        confirmLabel="Create Post"
        busyLabel="Creating..."
        errorTitle={CREATE_FAILED_TITLE}
        onConfirm={async () => {
          if (!sameDate) return;
          const answer = await create.mutateAsync({ title: sameDate.title, allowSameDate: true });
          setSameDate(null);
          created(answer._id);
        }}
      />
    </>
  );
}
NewPostModal.displayName = 'NewPostModal';
