import { loginInputSchema } from '../../../../shared/auth/auth.schema.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';

export type SignInField = 'emailAddress' | 'password';
export type SignInValues = Record<SignInField, string>;

/** The sign-in's check, with the server's rules for an email address and a password. */
export function checkSignIn(values: SignInValues) {
  const outcome = validateForm(loginInputSchema, values);
  const errors: FieldErrors<SignInField> = outcome.ok ? {} : outcome.errors;
  return { outcome, errors };
}

export interface SignInFieldsProps {
  /** The fields' ids are `<idPrefix>-email` and `<idPrefix>-password`. */
  idPrefix: string;
  values: SignInValues;
  errors: FieldErrors<SignInField>;
  onChange: (field: SignInField, value: string) => void;
  /** Which field takes the focus when the form opens. */
  focus: SignInField;
  /** Set when the account is known and only its password is asked for. */
  emailReadOnly?: boolean;
}

/** Each field's id ending, label and the input's kind (autocomplete offers the saved sign-in). */
const FIELDS: Record<SignInField, { idEnding: string; label: string; type: string; autoComplete: string }> = {
  emailAddress: { idEnding: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
  password: { idEnding: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
};

/** The email and password of a sign-in, on the sign-in page and over a screen whose session ended. */
export function SignInFields({ idPrefix, values, errors, onChange, focus, emailReadOnly }: SignInFieldsProps) {
  return (['emailAddress', 'password'] as const).map((field) => (
    <TextField
      key={field}
      id={`${idPrefix}-${FIELDS[field].idEnding}`}
      label={FIELDS[field].label}
      error={errors[field]}
      type={FIELDS[field].type}
      autoComplete={FIELDS[field].autoComplete}
      autoFocus={focus === field}
      readOnly={field === 'emailAddress' ? emailReadOnly : undefined}
      value={values[field]}
      onValueChange={(value) => onChange(field, value)}
    />
  ));
}
SignInFields.displayName = 'SignInFields';
