import { useState, type FormEvent } from 'react';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../../shared/auth/auth.constants.ts';
import { newPasswordSchema } from '../../../../../shared/auth/auth.schema.ts';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../../components/error-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { validateForm } from '../../../lib/forms.ts';
import { api } from '../../../lib/trpc.ts';

export interface ResetPasswordStepProps {
  otp: string;
  otpToken: string;
  onReset: () => void;
  onCancel: () => void;
}

/** Step 4: the new password, twice. */
export function ResetPasswordStep({ otp, otpToken, onReset, onCancel }: ResetPasswordStepProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string | undefined; confirmPassword?: string | undefined }>({});
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const execute = api.auth.recovery.execute.useMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm(newPasswordSchema, newPassword);
    const found = {
      newPassword: result.ok ? undefined : result.errors.form,
      confirmPassword: confirmPassword !== newPassword ? MESSAGES.passwordsDoNotMatch : undefined,
    };
    setErrors(found);
    if (!result.ok || found.confirmPassword) return;
    execute.mutate(
      { newPassword: result.data, otp, otpToken },
      {
        onSuccess: ({ status }) => {
          if (status === 'success') onReset();
          else setFailure({ title: 'Password Reset Failed', message: 'Unknown error' });
        },
        onError: (cause) => setFailure(failureNotice('Password Reset Failed', cause)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Reset password">
      {failure && <ErrorAlert title={failure.title} message={failure.message} />}
      <FormField id="recovery-new-password" label="New Password" error={errors.newPassword} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
        )}
      </FormField>
      <FormField id="recovery-confirm-password" label="Confirm Password" error={errors.confirmPassword}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" onClick={onCancel} disabled={execute.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={execute.isPending}>
          {execute.isPending && <Spinner size="sm" className="text-current" label="" />}
          {execute.isPending ? 'Saving...' : 'Reset Password'}
        </Button>
      </div>
    </form>
  );
}
ResetPasswordStep.displayName = 'ResetPasswordStep';
