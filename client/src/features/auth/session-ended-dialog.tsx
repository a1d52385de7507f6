import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loginInputSchema, type CurrentUser } from '../../../../shared/auth/auth.schema.ts';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';
import { startSigningOut } from '../../lib/session-state.ts';
import { api } from '../../lib/trpc.ts';
import { SIGN_IN_PATH } from './sign-in-path.ts';

export const SESSION_ENDED_TITLE = 'Sign in again';
export const SESSION_ENDED_TEXT = 'Your session has ended. Sign in again to continue; your changes are kept.';

type LoginField = 'emailAddress' | 'password';

/**
 * Asks for the password over the current screen when the session has ended, so that the
 * edits, open modals and scroll position stay. Nothing is sent again by itself: the staff
 * member presses Save again once signed in (a save sent twice could be made twice).
 */
export function SessionEndedDialog({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const utils = api.useUtils();
  const fixedEmail = user.emailAddress;
  const [emailAddress, setEmailAddress] = useState(fixedEmail ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const login = api.auth.login.useMutation({
    onSuccess: (signedIn) => {
      // The same account goes on where it was; another one makes the console start clean
      // (see followCurrentUser), since these edits were made with the first one's permissions.
      utils.auth.me.setData(undefined, signedIn);
      // What failed while signed out is asked for again; nothing that writes is repeated.
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
    },
    onError: (error) => setFailure(failureNotice('Authentication Failed', error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (login.isPending) return;
    setFailure(null);
    const result = validateForm(loginInputSchema, { emailAddress, password });
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) login.mutate(result.data);
  };

  const switchAccount = () => {
    startSigningOut();
    window.location.assign(SIGN_IN_PATH);
  };

  return (
    <Dialog open onOpenChange={() => undefined}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        className="max-w-md"
      >
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Sign in again">
          <DialogHeader>
            <DialogTitle>{SESSION_ENDED_TITLE}</DialogTitle>
            <DialogDescription>{SESSION_ENDED_TEXT}</DialogDescription>
          </DialogHeader>
          {failure && <ErrorAlert title={failure.title} message={failure.message} />}
          <FormField id="session-email" label="Email" error={errors.emailAddress}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="username"
                readOnly={fixedEmail !== null}
                value={emailAddress}
                onChange={(event) => setEmailAddress(event.target.value)}
              />
            )}
          </FormField>
          <FormField id="session-password" label="Password" error={errors.password}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </FormField>
          <DialogFooter className="gap-2 sm:justify-between">
            <Button variant="ghost" disabled={login.isPending} onClick={switchAccount}>
              Use another account
            </Button>
            <Button type="submit" disabled={login.isPending}>
              {login.isPending && <Spinner size="sm" className="text-current" label="" />}
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
SessionEndedDialog.displayName = 'SessionEndedDialog';
