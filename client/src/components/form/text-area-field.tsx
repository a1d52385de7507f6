import * as React from 'react';
import { FormField } from '../ui/form-field.tsx';
import { TextArea } from '../ui/textarea.tsx';

export interface TextAreaFieldProps extends Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: React.ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: React.ReactNode;
}

/** A labelled multi-line text field with its hint and validation message; it reports the typed text. */
export function TextAreaField({ id, label, value, onValueChange, error, hint, ...textArea }: TextAreaFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <TextArea {...control} {...textArea} value={value} onChange={(event) => onValueChange(event.target.value)} />}
    </FormField>
  );
}
TextAreaField.displayName = 'TextAreaField';
