import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { loginInputSchema } from '../../../../shared/auth/auth.schema.ts';
import { failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useStartSession } from './session.ts';
import { SignInFields, type SignInField } from './sign-in-fields.tsx';
import { AuthForm } from './auth-form.tsx';

/** /auth/login and /auth/signin. On success the auth guard sends the user to their home page. */
export function LoginPage() {
  const [values, setValues] = useState({ emailAddress: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<SignInField>>({});
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

  const change = (field: SignInField, value: string) => {
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
      <AuthForm label="Sign in" onSubmit={submit} failure={failure} submit={{ text: 'Sign In', pendingText: 'Signing in...', pending: login.isPending }}>
        <SignInFields idPrefix="login" values={values} errors={errors} onChange={change} focus="emailAddress" />
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
