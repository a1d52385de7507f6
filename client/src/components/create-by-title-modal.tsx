import { useState } from 'react';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { validateForm } from '../lib/forms.ts';
import { FormModal } from './form-modal.tsx';
import { FormField } from './ui/form-field.tsx';
import { Input } from './ui/input.tsx';

export interface CreateByTitleModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  /** Title of the error shown inside when `create` fails. */
  errorTitle: string;
  /** Id of the title input (its label is 'Title'). */
  fieldId: string;
  placeholder: string;
  /** The shared create schema, so the console shows the server's own messages for the title. */
  schema: z.ZodType<{ title: string }>;
  /** Creates the item from the checked title; a rejection is shown inside the modal. */
  create: (title: string) => Promise<{ _id: string }>;
  /** The editor to open once the item exists. */
  pathOf: (id: string) => string;
}

/** Asks for a title, creates the item and opens its editor, where everything else is set. */
export function CreateByTitleModal({
  open,
  onOpenChange,
  title: modalTitle,
  description,
  submitLabel,
  errorTitle,
  fieldId,
  placeholder,
  schema,
  create,
  pathOf,
}: CreateByTitleModalProps) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [, navigate] = useLocation();

  const change = (next: boolean) => {
    if (next) {
      setTitle('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = async () => {
    const result = validateForm(schema, { title });
    if (!result.ok) {
      setError(result.errors.title);
      return;
    }
    setError(undefined);
    const created = await create(result.data.title);
    onOpenChange(false);
    navigate(pathOf(created._id));
  };

  return (
    <FormModal
      open={open}
      onOpenChange={change}
      title={modalTitle}
      description={description}
      submitLabel={submitLabel}
      busyLabel="Adding..."
      errorTitle={errorTitle}
      onSubmit={submit}
    >
      <FormField id={fieldId} label="Title" error={error}>
        {(control) => (
          <Input {...control} autoFocus maxLength={300} placeholder={placeholder} value={title} onChange={(event) => setTitle(event.target.value)} />
        )}
      </FormField>
    </FormModal>
  );
}
CreateByTitleModal.displayName = 'CreateByTitleModal';
