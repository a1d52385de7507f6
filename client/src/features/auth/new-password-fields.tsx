import { useState } from 'react';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../shared/auth/auth.constants.ts';
import { newPasswordSchema } from '../../../../shared/auth/auth.schema.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { validateForm } from '../../lib/forms.ts';

type NewPasswordField = 'newPassword' | 'confirmPassword';

/** The new password typed twice, as the invitation and the recovery ask for it. */
export function useNewPassword() {
  const [values, setValues] = useState<Record<NewPasswordField, string>>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<NewPasswordField, string>>>({});

  /** Shows the two fields' messages; gives the password only when both are right. */
  const check = (): string | null => {
    const result = validateForm(newPasswordSchema, values.newPassword);
    const found = {
      newPassword: result.ok ? undefined : result.errors.form,
      confirmPassword: values.confirmPassword !== values.newPassword ? MESSAGES.passwordsDoNotMatch : undefined,
    };
    setErrors(found);
    return result.ok && !found.confirmPassword ? result.data : null;
  };
  const change = (field: NewPasswordField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  return { values, errors, check, change };
}

export type NewPasswordForm = ReturnType<typeof useNewPassword>;

/** The "New Password" and "Confirm Password" fields; their ids start with `idPrefix`. */
export function NewPasswordFields({ idPrefix, form }: { idPrefix: string; form: NewPasswordForm }) {
  const { values, errors, change } = form;
  return (
    <>
      <TextField
        id={`${idPrefix}-new-password`}
        label="New Password"
        error={errors.newPassword}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        autoFocus
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onValueChange={(value) => change('newPassword', value)}
      />
      <TextField
        id={`${idPrefix}-confirm-password`}
        label="Confirm Password"
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={(value) => change('confirmPassword', value)}
      />
    </>
  );
}
NewPasswordFields.displayName = 'NewPasswordFields';
