import { useState } from 'react';
import { useLocation } from 'wouter';
import { createLectureInputSchema } from '../../../../shared/lectures/lectures.schema.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { validateForm } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { lectureEditorPath } from './lecture-paths.ts';

/** 'Add Lecture': asks for a title, creates the lecture and opens its editor. */
export function AddLectureModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const create = api.lectures.create.useMutation({ onSuccess: () => utils.lectures.list.invalidate() });

  const change = (next: boolean) => {
    if (next) {
      setTitle('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = async () => {
    const result = validateForm(createLectureInputSchema, { title });
    if (!result.ok) {
      setError(result.errors.title);
      return;
    }
    setError(undefined);
    const created = await create.mutateAsync(result.data);
    onOpenChange(false);
    navigate(lectureEditorPath(created._id));
  };

  return (
    <FormModal
      open={open}
      onOpenChange={change}
      title="Add Lecture"
      description="Give the lecture a title; everything else is set in its editor."
      submitLabel="Add Lecture"
      busyLabel="Adding..."
      errorTitle="Lecture cannot be added"
      onSubmit={submit}
    >
      <FormField id="new-lecture-title" label="Title" error={error}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={300}
            placeholder="e.g. Indian Constitution: Fundamental Rights"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </FormField>
    </FormModal>
  );
}
AddLectureModal.displayName = 'AddLectureModal';
