import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../shared/auth/auth.constants.ts';
import { changePasswordInputSchema } from '../../../../shared/auth/auth.schema.ts';
import { hasConsoleAccess, homePathFor } from '../../../../shared/auth/roles.ts';
import { failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentUser } from '../auth/session.ts';
import { useCheckedForm } from '../auth/use-checked-form.ts';
import { AccountLayout } from './account-layout.tsx';
import { AuthForm } from '../auth/auth-form.tsx';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The same rules the server applies, each field's first message; a mismatch shows even while another field is wrong. */
function checkFields(values: Record<Field, string>) {
  const outcome = validateForm(changePasswordInputSchema, values);
  const errors: FieldErrors<Field> = outcome.ok ? {} : { ...outcome.errors };
  if (values.newPassword !== '' && values.confirmPassword !== values.newPassword) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return { outcome, errors };
}

/**
 * /account/password: the signed-in user changes their own password. The server ends
 * every other session of the account; this browser stays signed in.
 */
export function ChangePasswordPage() {
  useDocumentTitle('Change Password');
  const me = useCurrentUser();
  const form = useCheckedForm(EMPTY, checkFields);
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const [changed, setChanged] = useState(false);
  const changePassword = api.auth.changePassword.useMutation();
  const user = me.data;
  if (!user) return null;
  const back = hasConsoleAccess(user.roles)
    ? { href: homePathFor(user.roles), label: 'Back to the console' }
    : { href: '/account', label: 'Back to My Account' };

  const change = (field: Field, value: string) => {
    form.change(field, value);
    setChanged(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setChanged(false);
    const { outcome, errors: found } = form.submitCheck();
    if (!outcome.ok || Object.values(found).some(Boolean)) return;
    changePassword.mutate(outcome.data, {
      onSuccess: () => {
        form.reset();
        setChanged(true);
      },
      onError: (cause) => setFailure(failureNotice('Password Not Changed', cause)),
    });
  };

  const field = (name: Field, id: string, label: string, autoComplete: string, hint?: string) => (
    <TextField
      id={id}
      label={label}
      error={form.errors[name]}
      hint={hint}
      type="password"
      autoComplete={autoComplete}
      value={form.values[name]}
      onValueChange={(value) => change(name, value)}
    />
  );

  return (
    <AccountLayout>
      <Link href={back.href} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </Link>
      <Card className="max-w-md">
        <CardHeader>
          <CardTitle asChild>
            <h1>Change Password</h1>
          </CardTitle>
          <CardDescription>Enter your current password, then the new one twice. You stay signed in here; every other device is signed out.</CardDescription>
        </CardHeader>
        <CardContent>
          <AuthForm label="Change password" onSubmit={submit} failure={failure}>
            {changed && (
              <Alert variant="info">
                <CheckCircle2 aria-hidden="true" />
                <AlertTitle>Password Changed</AlertTitle>
                <AlertDescription>Your new password is set. Other devices signed in to this account have been signed out.</AlertDescription>
              </Alert>
            )}
            {field('currentPassword', 'current-password', 'Current Password', 'current-password')}
            {field('newPassword', 'new-password', 'New Password', 'new-password', `At least ${PASSWORD_MIN_LENGTH} characters.`)}
            {field('confirmPassword', 'confirm-password', 'Confirm New Password', 'new-password')}
            <SubmitButton pending={changePassword.isPending} pendingText="Saving..." className="justify-self-start">
              Change Password
            </SubmitButton>
          </AuthForm>
        </CardContent>
      </Card>
    </AccountLayout>
  );
}
ChangePasswordPage.displayName = 'ChangePasswordPage';
