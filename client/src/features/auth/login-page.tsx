import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { api } from '../../lib/trpc.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useStartSession } from './session.ts';
import { checkSignIn, SignInFields } from './sign-in-fields.tsx';
import { useCheckedForm } from './use-checked-form.ts';
import { AuthForm } from './auth-form.tsx';

/** /auth/login and /auth/signin. On success the auth guard sends the user to their home page. */
export function LoginPage() {
  const form = useCheckedForm({ emailAddress: '', password: '' }, checkSignIn);
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const startSession = useStartSession();
  const login = api.auth.login.useMutation({
    onSuccess: startSession,
    onError: (error) => setFailure(failureNotice('Authentication Failed', error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const { outcome } = form.submitCheck();
    if (outcome.ok) login.mutate(outcome.data);
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
      <AuthForm label="Sign in" onSubmit={submit} failure={failure} submit={{ text: 'Sign In', pendingText: 'Signing in...', pending: login.isPending }}>
        <SignInFields idPrefix="login" values={form.values} errors={form.errors} onChange={form.change} focus="emailAddress" />
        <div className="-mt-1 flex justify-end">
          <Link href="/auth/recovery" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
      </AuthForm>
    </AuthLayout>
  );
}
LoginPage.displayName = 'LoginPage';
