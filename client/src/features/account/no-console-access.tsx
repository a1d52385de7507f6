import { useState } from 'react';
import { Link } from 'wouter';
import { LogOut, ShieldX, UserRound } from 'lucide-react';
import { Brand } from '../../components/brand.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useLogout } from '../auth/session.ts';

export const NO_CONSOLE_ACCESS_TITLE = 'This account has no access to the console';

/**
 * What a signed-in account without a console role sees at an /admin address: why, who is signed in,
 * and the ways on (sign out to use a staff account, or the account's own page). It stays at the
 * address it was opened at, so nothing redirects back and forth.
 */
export function NoConsoleAccess({ who }: { who: string }) {
  useDocumentTitle('No console access');
  const logout = useLogout();
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-background px-4 py-12">
      <Brand />
      <div className="grid w-full max-w-md justify-items-center gap-4 rounded-lg border bg-card p-6 text-center shadow-sm">
        <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldX className="size-6" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{NO_CONSOLE_ACCESS_TITLE}</h1>
        <p className="text-sm text-muted-foreground">
          You are signed in as <span className="break-all font-medium text-foreground">{who}</span>. The console is for staff; students use the app. Sign out to
          sign in with a staff account.
        </p>
        {failure !== null && <ErrorAlert title="Logout Failed" error={failure} className="text-left" />}
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            disabled={signingOut}
            onClick={async () => {
              setSigningOut(true);
              setFailure(null);
              try {
                // Signed out, the sign-in guard around this page sends the visitor to the sign-in page.
                await logout();
              } catch (error) {
                setFailure(error);
                setSigningOut(false);
              }
            }}
          >
            <LogOut aria-hidden="true" />
            {signingOut ? 'Signing off...' : 'Sign out'}
          </Button>
          <Button asChild variant="outline">
            <Link href="/account">
              <UserRound aria-hidden="true" />
              Go to My Account
            </Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
NoConsoleAccess.displayName = 'NoConsoleAccess';
