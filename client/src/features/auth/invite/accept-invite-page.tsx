import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../../shared/auth/auth.constants.ts';
import { newPasswordSchema } from '../../../../../shared/auth/auth.schema.ts';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../../components/error-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { validateForm } from '../../../lib/forms.ts';
import { api } from '../../../lib/trpc.ts';
import { AuthLayout } from '../auth-layout.tsx';

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
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string | undefined; confirmPassword?: string | undefined }>({});
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const { mutate: checkToken } = check;

  useEffect(() => {
    if (token) checkToken({ token });
  }, [token, checkToken]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending) return;
    setFailure(null);
    const result = validateForm(newPasswordSchema, newPassword);
    const found = {
      newPassword: result.ok ? undefined : result.errors.form,
      confirmPassword: confirmPassword !== newPassword ? MESSAGES.passwordsDoNotMatch : undefined,
    };
    setErrors(found);
    if (!result.ok || found.confirmPassword) return;
    accept.mutate(
      { token, newPassword: result.data, confirmPassword },
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
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Choose your password">
        {failure && <ErrorAlert title={failure.title} message={failure.message} />}
        <FormField id="invite-new-password" label="New Password" error={errors.newPassword} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
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
        <FormField id="invite-confirm-password" label="Confirm Password" error={errors.confirmPassword}>
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
        <Button type="submit" size="lg" disabled={accept.isPending}>
          {accept.isPending && <Spinner size="sm" className="text-current" label="" />}
          {accept.isPending ? 'Saving...' : 'Set Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
AcceptInvitePage.displayName = 'AcceptInvitePage';
