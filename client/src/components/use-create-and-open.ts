import { useState } from 'react';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { validateForm, type FieldErrors } from '../lib/forms.ts';

export interface CreateAndOpenOptions<Values, Schema extends z.ZodType> {
  /** The dialog's fields as it opens. */
  initial: Values;
  /** The shared input schema, so the console shows the server's own messages. */
  schema: Schema;
  /** Creates the record from the checked values; a rejection is shown inside the dialog. */
  create: (data: z.output<Schema>) => Promise<{ _id: string }>;
  /** The editor to open once the record exists. */
  pathOf: (id: string) => string;
  onOpenChange: (open: boolean) => void;
  /** Anything else the dialog clears as it opens. */
  onReset?: () => void;
}

/**
 * The state of a dialog that creates a record and opens its editor: the fields start afresh each
 * time it opens, a submit checks them with the shared schema, creates, closes and navigates.
 */
export function useCreateAndOpen<Values, Schema extends z.ZodType>({
  initial,
  schema,
  create,
  pathOf,
  onOpenChange,
  onReset,
}: CreateAndOpenOptions<Values, Schema>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [, navigate] = useLocation();

  const change = (next: boolean) => {
    if (next) {
      setValues(initial);
      setErrors({});
      onReset?.();
    }
    onOpenChange(next);
  };

  const submit = async () => {
    const result = validateForm(schema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const created = await create(result.data);
    onOpenChange(false);
    navigate(pathOf(created._id));
  };

  return { values, setValues, errors, setErrors, change, submit };
}
