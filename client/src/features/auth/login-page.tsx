import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { loginInputSchema } from '../../../../shared/auth/auth.schema.ts';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useStartSession } from './session.ts';

type LoginField = 'emailAddress' | 'password';

/** /auth/login and /auth/signin. On success the auth guard sends the user to their home page. */
export function LoginPage() {
  const [values, setValues] = useState({ emailAddress: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const startSession = useStartSession();
  const login = api.auth.login.useMutation({
    onSuccess: startSession,
    onError: (error) => setFailure(failureNotice('Authentication Failed', error)),
  });

  const check = (next: typeof values) => {
    const result = validateForm(loginInputSchema, next);
    setErrors(result.ok ? {} : result.errors);
    return result;
  };

  const change = (field: LoginField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) check(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const result = check(values);
    if (result.ok) login.mutate(result.data);
  };

  return (
    <AuthLayout
      title="Sign in"
      description="Sign in with the email address and password of your account."
      below={
        <>
          Don&apos;t have an account?{' '}
          <Link href="/auth/register" className="font-medium text-primary hover:underline">
            Register
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Sign in">
        {failure && <ErrorAlert title={failure.title} message={failure.message} />}
        <FormField id="login-email" label="Email" error={errors.emailAddress}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="username"
              autoFocus
              value={values.emailAddress}
              onChange={(event) => change('emailAddress', event.target.value)}
            />
          )}
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
            />
          )}
        </FormField>
        <div className="-mt-1 flex justify-end">
          <Link href="/auth/recovery" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending && <Spinner size="sm" className="text-current" label="" />}
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
LoginPage.displayName = 'LoginPage';
