import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { RecoveryOption } from '../../../../../shared/auth/auth.schema.ts';
import { recoveryInitiateInputSchema } from '../../../../../shared/auth/auth.schema.ts';
import { failureNotice, type FailureNotice } from '../../../components/error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { validateForm } from '../../../lib/forms.ts';
import { api } from '../../../lib/trpc.ts';
import { AuthForm } from '../auth-form.tsx';

export interface AccountIdentificationStepProps {
  initialEmail: string;
  onIdentified: (emailAddress: string, options: RecoveryOption[]) => void;
}

/** Step 1: the account's email address; the server answers with the ways to prove ownership. */
export function AccountIdentificationStep({ initialEmail, onIdentified }: AccountIdentificationStepProps) {
  const [emailAddress, setEmailAddress] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const initiate = api.auth.recovery.initiate.useMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm(recoveryInitiateInputSchema, { emailAddress });
    setError(result.ok ? undefined : result.errors.emailAddress);
    if (!result.ok) return;
    initiate.mutate(result.data, {
      onSuccess: (answer) => {
        if (answer.isValid && answer.options.length > 0) onIdentified(emailAddress.trim(), answer.options);
        else setFailure({ title: 'Email Verification Failed', message: 'Please try again' });
      },
      onError: (cause) => setFailure(failureNotice('Email Verification Failed', cause)),
    });
  };

  return (
    <AuthForm
      label="Account identification"
      onSubmit={submit}
      failure={failure}
      intro={<p className="text-sm text-muted-foreground">Enter the email address of your account. We will help you set a new password.</p>}
    >
      <TextField
        id="recovery-email"
        label="Email"
        error={error}
        type="email"
        autoComplete="username"
        autoFocus
        value={emailAddress}
        onValueChange={setEmailAddress}
      />
      <div className="flex items-center justify-between gap-2">
        <Button asChild variant="ghost">
          <Link href="/auth/login">Back to sign in</Link>
        </Button>
        <SubmitButton pending={initiate.isPending} pendingText="Checking...">
          Continue
        </SubmitButton>
      </div>
    </AuthForm>
  );
}
AccountIdentificationStep.displayName = 'AccountIdentificationStep';
