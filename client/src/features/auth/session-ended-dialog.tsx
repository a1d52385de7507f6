import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/auth/auth.schema.ts';
import { failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import type { FieldErrors } from '../../lib/forms.ts';
import { startSigningOut } from '../../lib/session-state.ts';
import { api } from '../../lib/trpc.ts';
import { checkSignIn, SignInFields, type SignInField, type SignInValues } from './sign-in-fields.tsx';
import { SIGN_IN_PATH } from './sign-in-path.ts';
import { AuthForm } from './auth-form.tsx';

export const SESSION_ENDED_TITLE = 'Sign in again';
export const SESSION_ENDED_TEXT = 'Your session has ended. Sign in again to continue; your changes are kept.';

/**
 * Asks for the password over the current screen when the session has ended, so that the
 * edits, open modals and scroll position stay. Nothing is sent again by itself: the staff
 * member presses Save again once signed in (a save sent twice could be made twice).
 */
export function SessionEndedDialog({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const utils = api.useUtils();
  const fixedEmail = user.emailAddress;
  const [values, setValues] = useState<SignInValues>({ emailAddress: fixedEmail ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<SignInField>>({});
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
    const { outcome, errors: found } = checkSignIn(values);
    setErrors(found);
    if (outcome.ok) login.mutate(outcome.data);
  };

  const change = (field: SignInField, value: string) => setValues((current) => ({ ...current, [field]: value }));

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
        <AuthForm
          label="Sign in again"
          onSubmit={submit}
          failure={failure}
          intro={
            <DialogHeader>
              <DialogTitle>{SESSION_ENDED_TITLE}</DialogTitle>
              <DialogDescription>{SESSION_ENDED_TEXT}</DialogDescription>
            </DialogHeader>
          }
        >
          <SignInFields idPrefix="session" values={values} errors={errors} onChange={change} focus="password" emailReadOnly={fixedEmail !== null} />
          <DialogFooter className="gap-2 sm:justify-between">
            <Button variant="ghost" disabled={login.isPending} onClick={switchAccount}>
              Use another account
            </Button>
            <SubmitButton pending={login.isPending} pendingText="Signing in...">
              Sign In
            </SubmitButton>
          </DialogFooter>
        </AuthForm>
      </DialogContent>
    </Dialog>
  );
}
SessionEndedDialog.displayName = 'SessionEndedDialog';
