import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../shared/auth/auth.constants.ts';
import { registerInputSchema } from '../../../../shared/auth/auth.schema.ts';
import { failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useStartSession } from './session.ts';
import { AuthForm } from './auth-form.tsx';
import { useCheckedForm } from './use-checked-form.ts';

type RegisterField = 'name' | 'emailAddress' | 'password' | 'confirmPassword';
type RegisterValues = Record<RegisterField, string>;

function checkRegistration(values: RegisterValues) {
  const outcome = validateForm(registerInputSchema, values);
  const errors: FieldErrors<RegisterField> = outcome.ok ? {} : { ...outcome.errors };
  if (values.password !== '' && values.confirmPassword !== values.password) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return { outcome, errors };
}

/** /auth/register: creates a student account and signs it in. */
export function RegisterPage() {
  const { values, errors, change, submitCheck } = useCheckedForm({ name: '', emailAddress: '', password: '', confirmPassword: '' }, checkRegistration);
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const startSession = useStartSession();
  const register = api.auth.register.useMutation({
    onSuccess: startSession,
    onError: (error) => setFailure(failureNotice('Sign In Failed', error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const { outcome, errors: found } = submitCheck();
    if (outcome.ok && !found.confirmPassword) register.mutate(outcome.data);
  };

  const field = (name: RegisterField, label: string, type: string, autoComplete: string, hint?: string) => (
    <TextField
      id={`register-${name}`}
      label={label}
      error={errors[name]}
      hint={hint}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onValueChange={(value) => change(name, value)}
    />
  );

  return (
    <AuthLayout
      title="Create an account"
      description="Register to prepare for Kerala PSC exams."
      below={
        <>
          Already have an account?{' '}
          <Link href="/auth/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <AuthForm
        label="Create an account"
        onSubmit={submit}
        failure={failure}
        submit={{ text: 'Create Account', pendingText: 'Creating account...', pending: register.isPending }}
      >
        {field('name', 'Full Name', 'text', 'name')}
        {field('emailAddress', 'Email', 'email', 'email')}
        {field('password', 'Password', 'password', 'new-password', `At least ${PASSWORD_MIN_LENGTH} characters.`)}
        {field('confirmPassword', 'Confirm Password', 'password', 'new-password')}
      </AuthForm>
    </AuthLayout>
  );
}
RegisterPage.displayName = 'RegisterPage';
