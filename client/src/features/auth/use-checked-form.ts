import { useState } from 'react';
import type { FieldErrors } from '../../lib/forms.ts';

/** A form's check: its outcome, and each field's first message. */
export interface FormCheck<Field extends string, Outcome> {
  outcome: Outcome;
  errors: FieldErrors<Field>;
}

/**
 * Text fields checked with the rules the server applies: nothing is marked until the first
 * submit, then each change is checked again, so a fixed field loses its message as it is typed.
 */
export function useCheckedForm<Field extends string, Outcome>(
  initial: Record<Field, string>,
  check: (values: Record<Field, string>) => FormCheck<Field, Outcome>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(check(next).errors);
  };

  /** The submit's check: from now on every change is checked, and the messages show at once. */
  const submitCheck = () => {
    setSubmitted(true);
    const checked = check(values);
    setErrors(checked.errors);
    return checked;
  };

  /** Back to the empty form, unchecked (after a save, say). */
  const reset = () => {
    setValues(initial);
    setSubmitted(false);
  };

  return { values, errors, change, submitCheck, reset };
}
