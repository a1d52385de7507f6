import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { RotateCw } from 'lucide-react';
import { hasConsoleAccess, homePathFor } from '../../../../shared/auth/roles.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { useAppSettings } from '../../lib/app-settings.ts';
import { NoConsoleAccess } from '../account/no-console-access.tsx';
import { useSessionState } from '../../lib/session-state.ts';
import { forgetReturnPath, keepReturnPath, returnPath } from './return-path.ts';
import { useCurrentUser } from './session.ts';
import { SessionEndedDialog } from './session-ended-dialog.tsx';
import { SIGN_IN_PATH } from './sign-in-path.ts';

export { SIGN_IN_PATH } from './sign-in-path.ts';

function SessionCheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex min-h-full items-center justify-center p-6">
      <div className="grid w-full max-w-md gap-4">
        <ErrorAlert title="Could not load your account" error={error} />
        <Button variant="outline" onClick={onRetry} className="justify-self-start">
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    </div>
  );
}

/** Sends a signed-out visitor to sign in, and back to this page afterwards. */
function SignInFirst() {
  const [location] = useLocation();
  const search = useSearch();
  keepReturnPath(search ? `${location}?${search}` : location);
  return <Redirect to={SIGN_IN_PATH} replace />;
}

/**
 * Shows its children to signed-in users only; others go to the sign-in page, and come back
 * here once signed in. When the session ends while the page is open, the page stays as it is
 * (edits, open modals, scroll) under a dialog asking to sign in again. With `consoleOnly`, a
 * signed-in user without a console role goes to their account page.
 */
export function RequireSignIn({ children, consoleOnly = false }: { children: ReactNode; consoleOnly?: boolean }) {
  const me = useCurrentUser();
  const session = useSessionState();
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (signedIn) forgetReturnPath();
  }, [signedIn]);
  // The console's side bar needs the public settings (the V2 Dashboard link): ask in the same
  // batch as the user, and wait for both so that the side bar does not shift once they arrive.
  const settings = useAppSettings({ enabled: consoleOnly });
  if (me.isPending || (consoleOnly && settings.isPending)) return <LoadingPanel className="min-h-screen" />;
  if (me.isError && me.data === undefined) return <SessionCheckFailed error={me.error} onRetry={() => void me.refetch()} />;
  const ended = session.ended ? session.lastUser : null;
  const user = me.data ?? ended;
  if (!user) return <SignInFirst />;
  if (consoleOnly && !hasConsoleAccess(user.roles)) return <NoConsoleAccess who={user.emailAddress ?? user.phoneNumber ?? user.name} />;
  return (
    <>
      {children}
      {ended && <SessionEndedDialog user={ended} />}
    </>
  );
}

/** The /auth pages: a signed-in visitor is sent back to the page they asked for, else to their home page (console or account). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  if (me.isPending) return <LoadingPanel className="min-h-screen" />;
  // When the check itself failed, the forms still work and will report the network error.
  if (me.data) return <Redirect to={returnPath() ?? homePathFor(me.data.roles)} replace />;
  return <>{children}</>;
}
