import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { RotateCw } from 'lucide-react';
import { hasConsoleAccess, homePathFor } from '../../../../shared/auth/roles.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { useAppSettings } from '../../lib/app-settings.ts';
import { NoConsoleAccess } from '../account/no-console-access.tsx';
import { useCurrentUser } from './session.ts';

export const SIGN_IN_PATH = '/auth/login';

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

/**
 * Shows its children to signed-in users only; others go to the sign-in page. With
 * `consoleOnly`, a signed-in user without a console role is told the account has no access
 * to the console, with Sign out and a link to their account page.
 */
export function RequireSignIn({ children, consoleOnly = false }: { children: ReactNode; consoleOnly?: boolean }) {
  const me = useCurrentUser();
  // The console's side bar needs the public settings (the V2 Dashboard link): ask in the same
  // batch as the user, and wait for both so that the side bar does not shift once they arrive.
  const settings = useAppSettings({ enabled: consoleOnly });
  if (me.isPending || (consoleOnly && settings.isPending)) return <LoadingPanel className="min-h-screen" />;
  if (me.isError && me.data === undefined) return <SessionCheckFailed error={me.error} onRetry={() => void me.refetch()} />;
  const user = me.data;
  if (!user) return <Redirect to={SIGN_IN_PATH} replace />;
  if (consoleOnly && !hasConsoleAccess(user.roles)) return <NoConsoleAccess who={user.emailAddress ?? user.phoneNumber ?? user.name} />;
  return <>{children}</>;
}

/** The /auth pages: a signed-in visitor is sent to their home page (console or account). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  if (me.isPending) return <LoadingPanel className="min-h-screen" />;
  // When the check itself failed, the forms still work and will report the network error.
  if (me.data) return <Redirect to={homePathFor(me.data.roles)} replace />;
  return <>{children}</>;
}
