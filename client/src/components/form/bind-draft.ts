import type { FieldErrors } from '../../lib/forms.ts';

/** The keys of `D` whose values are of type `T`. */
type KeysOf<D, T> = { [K in keyof D]-?: D[K] extends T ? K : never }[keyof D];

/**
 * Ties form fields to keys of an editor's draft: each helper gives the props that show a key's
 * value, send its change back as a patch and, where the form checks it, show its message.
 */
export function bindDraft<D extends object>(draft: D, change: (patch: Partial<D>) => void, errors: FieldErrors = {}) {
  const set =
    <K extends keyof D>(key: K) =>
    (value: D[K]) =>
      change({ [key]: value } as unknown as Partial<D>);
  return {
    /** A switch's `checked` and `onCheckedChange`. */
    toggle: <K extends KeysOf<D, boolean>>(key: K) => ({ checked: draft[key] as boolean, onCheckedChange: set(key) as (checked: boolean) => void }),
    /** A select's `value`, `onChange` and `error`; the message may be filed under another name than the key. */
    choice: <K extends keyof D>(key: K, errorKey: string = String(key)) => ({ value: draft[key], onChange: set(key), error: errors[errorKey] }),
    /** A text field's `value`, `onValueChange` and `error`. */
    text: <K extends KeysOf<D, string>>(key: K, errorKey: string = String(key)) => ({
      value: draft[key] as string,
      onValueChange: set(key) as (value: string) => void,
      error: errors[errorKey],
    }),
  };
}
