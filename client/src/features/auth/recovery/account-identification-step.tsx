import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { RecoveryOption } from '../../../../../shared/auth/auth.schema.ts';
import { recoveryInitiateInputSchema } from '../../../../../shared/auth/auth.schema.ts';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../../components/error-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { validateForm } from '../../../lib/forms.ts';
import { api } from '../../../lib/trpc.ts';

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
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Account identification">
      <p className="text-sm text-muted-foreground">Enter the email address of your account. We will help you set a new password.</p>
      {failure && <ErrorAlert title={failure.title} message={failure.message} />}
      <FormField id="recovery-email" label="Email" error={error}>
        {(control) => (
          <Input {...control} type="email" autoComplete="username" autoFocus value={emailAddress} onChange={(event) => setEmailAddress(event.target.value)} />
        )}
      </FormField>
      <div className="flex items-center justify-between gap-2">
        <Button asChild variant="ghost">
          <Link href="/auth/login">Back to sign in</Link>
        </Button>
        <Button type="submit" disabled={initiate.isPending}>
          {initiate.isPending && <Spinner size="sm" className="text-current" label="" />}
          {initiate.isPending ? 'Checking...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
AccountIdentificationStep.displayName = 'AccountIdentificationStep';
