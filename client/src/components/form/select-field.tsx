import * as React from 'react';
import { FormField } from '../ui/form-field.tsx';
import { NativeSelect } from '../ui/native-select.tsx';

export interface SelectOption<V extends string> {
  value: V;
  label: React.ReactNode;
}

export interface SelectFieldProps<V extends string> {
  id: string;
  label: React.ReactNode;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  error?: string | undefined;
  hint?: React.ReactNode;
  disabled?: boolean;
  className?: string;
}

/** Options from a fixed list with a label for each, e.g. `optionsOf(TERMS, termLabel)` or `optionsOf(MODES, MODE_LABELS)`. */
export function optionsOf<V extends string>(
  values: readonly V[],
  labelOf: ((value: V) => React.ReactNode) | Readonly<Record<V, React.ReactNode>>,
): SelectOption<V>[] {
  return values.map((value) => ({ value, label: typeof labelOf === 'function' ? labelOf(value) : labelOf[value] }));
}

/** A labelled select over a fixed list, with its hint and validation message. */
export function SelectField<V extends string>({ id, label, value, options, onChange, error, hint, disabled, className }: SelectFieldProps<V>) {
  // The select can only offer the listed values, so the one it reports is one of them.
  const byValue = new Map(options.map((option) => [option.value as string, option.value]));
  return (
    <FormField id={id} label={label} error={error} hint={hint} {...(className ? { className } : {})}>
      {(control) => (
        <NativeSelect
          {...control}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            const chosen = byValue.get(event.target.value);
            if (chosen !== undefined) onChange(chosen);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
SelectField.displayName = 'SelectField';
