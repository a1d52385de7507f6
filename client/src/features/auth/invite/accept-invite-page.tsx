import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../../components/error-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api } from '../../../lib/trpc.ts';
import { AuthLayout } from '../auth-layout.tsx';
import { NewPasswordFields, useNewPassword } from '../new-password-fields.tsx';
import { AuthForm } from '../auth-form.tsx';

/** The token rides after # in the mailed link, so no server ever logs it. */
const tokenFromLink = () => window.location.hash.replace(/^#/, '');

const signInLink = (
  <Link href="/auth/login" className="font-medium text-primary hover:underline">
    Go to sign in
  </Link>
);

/** /auth/invite#<token>: an invited staff member chooses a password, then signs in. */
export function AcceptInvitePage() {
  const [token] = useState(tokenFromLink);
  const check = api.auth.invites.check.useMutation();
  const accept = api.auth.invites.accept.useMutation();
  const password = useNewPassword();
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const { mutate: checkToken } = check;

  useEffect(() => {
    if (token) checkToken({ token });
  }, [token, checkToken]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending) return;
    setFailure(null);
    const newPassword = password.check();
    if (newPassword === null) return;
    accept.mutate(
      { token, newPassword, confirmPassword: password.values.confirmPassword },
      { onError: (cause) => setFailure(failureNotice('Setting the Password Failed', cause)) },
    );
  };

  if (accept.isSuccess) {
    return (
      <AuthLayout title="Password set" description={`Sign in as ${accept.data.emailAddress} with your new password.`}>
        <Button asChild size="lg" className="w-full">
          <Link href="/auth/login">Sign In</Link>
        </Button>
      </AuthLayout>
    );
  }
  if (!token || check.isError) {
    return (
      <AuthLayout title="Invitation" below={signInLink}>
        <ErrorAlert
          title="Invitation Not Valid"
          message={check.error?.message ?? 'This link has no invitation in it. Open the link from the invitation e-mail again.'}
        />
      </AuthLayout>
    );
  }
  if (!check.data) {
    return (
      <AuthLayout title="Invitation">
        <Spinner label="Checking the invitation" />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Choose your password"
      description={
        <>
          Welcome{check.data.name ? `, ${check.data.name}` : ''}. Choose a password for{' '}
          <span className="font-medium text-foreground [overflow-wrap:anywhere]">{check.data.emailAddress}</span>, then sign in with it.
        </>
      }
      below={signInLink}
    >
      <AuthForm
        label="Choose your password"
        onSubmit={submit}
        failure={failure}
        submit={{ text: 'Set Password', pendingText: 'Saving...', pending: accept.isPending }}
      >
        <NewPasswordFields idPrefix="invite" form={password} />
      </AuthForm>
    </AuthLayout>
  );
}
AcceptInvitePage.displayName = 'AcceptInvitePage';
