import type { z } from 'zod';
import { FormModal } from './form-modal.tsx';
import type { AddDialogProps } from './list-page.tsx';
import { FormField } from './ui/form-field.tsx';
import { Input } from './ui/input.tsx';
import { useCreateAndOpen } from './use-create-and-open.ts';

/** What sets one "add by title" dialog apart from the others. */
export interface CreateByTitleSpec {
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
  /** The editor to open once the item exists. */
  pathOf: (id: string) => string;
}

export interface CreateByTitleModalProps extends CreateByTitleSpec, AddDialogProps {
  /** Creates the item from the checked title; a rejection is shown inside the modal. */
  create: (title: string) => Promise<{ _id: string }>;
}

/** The texts of an "Add <noun>" dialog: its title and button, its error and its field's id. */
export function addTexts(noun: string): Pick<CreateByTitleSpec, 'title' | 'submitLabel' | 'errorTitle' | 'fieldId'> {
  return {
    title: `Add ${noun}`,
    submitLabel: `Add ${noun}`,
    errorTitle: `${noun} cannot be added`,
    fieldId: `new-${noun.toLowerCase().replaceAll(' ', '-')}-title`,
  };
}

/** Asks for a title, creates the item and opens its editor, where everything else is set. */
export function CreateByTitleModal({ open, onOpenChange, title: modalTitle, fieldId, placeholder, schema, create, pathOf, ...texts }: CreateByTitleModalProps) {
  const form = useCreateAndOpen({ initial: { title: '' }, schema, create: (data) => create(data.title), pathOf, onOpenChange });
  return (
    <FormModal {...texts} open={open} onOpenChange={form.change} title={modalTitle} busyLabel="Adding..." onSubmit={form.submit}>
      <FormField id={fieldId} label="Title" error={form.errors.title}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={300}
            placeholder={placeholder}
            value={form.values.title}
            onChange={(event) => form.setValues({ title: event.target.value })}
          />
        )}
      </FormField>
    </FormModal>
  );
}
CreateByTitleModal.displayName = 'CreateByTitleModal';

/**
 * A list's "add by title" dialog: `useCreate` is the record's create call (a hook, as it holds the
 * mutation), the spec its texts, schema and editor.
 */
export function createByTitleModal(name: string, useCreate: () => (title: string) => Promise<{ _id: string }>, spec: CreateByTitleSpec) {
  function AddByTitleModal({ open, onOpenChange }: AddDialogProps) {
    const create = useCreate();
    return <CreateByTitleModal {...spec} open={open} onOpenChange={onOpenChange} create={create} />;
  }
  AddByTitleModal.displayName = name;
  return AddByTitleModal;
}
