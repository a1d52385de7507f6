import * as React from 'react';
import { FormField } from '../ui/form-field.tsx';
import { Input, type InputProps } from '../ui/input.tsx';

export interface TextFieldProps extends Omit<InputProps, 'id' | 'value' | 'onChange'> {
  id: string;
  label: React.ReactNode;
  value: string | number;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: React.ReactNode;
  /** Classes for the field around the input (the input's own go in `className`). */
  fieldClassName?: string;
}

/** A labelled input with its hint and validation message; it reports the typed text. */
export function TextField({ id, label, value, onValueChange, error, hint, fieldClassName, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} {...(fieldClassName ? { className: fieldClassName } : {})}>
      {(control) => <Input {...control} {...input} value={value} onChange={(event) => onValueChange(event.target.value)} />}
    </FormField>
  );
}
TextField.displayName = 'TextField';
