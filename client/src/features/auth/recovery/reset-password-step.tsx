import { useState, type FormEvent } from 'react';
import { failureNotice, type FailureNotice } from '../../../components/error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { api } from '../../../lib/trpc.ts';
import { NewPasswordFields, useNewPassword } from '../new-password-fields.tsx';
import { AuthForm } from '../auth-form.tsx';

export interface ResetPasswordStepProps {
  otp: string;
  otpToken: string;
  onReset: () => void;
  onCancel: () => void;
}

/** Step 4: the new password, twice. */
export function ResetPasswordStep({ otp, otpToken, onReset, onCancel }: ResetPasswordStepProps) {
  const password = useNewPassword();
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const execute = api.auth.recovery.execute.useMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const newPassword = password.check();
    if (newPassword === null) return;
    execute.mutate(
      { newPassword, otp, otpToken },
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
    <AuthForm label="Reset password" onSubmit={submit} failure={failure}>
      <NewPasswordFields idPrefix="recovery" form={password} />
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" onClick={onCancel} disabled={execute.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={execute.isPending} pendingText="Saving...">
          Reset Password
        </SubmitButton>
      </div>
    </AuthForm>
  );
}
ResetPasswordStep.displayName = 'ResetPasswordStep';
