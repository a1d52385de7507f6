import { useState } from 'react';
import { Link } from 'wouter';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { hasConsoleAccess, homePathFor } from '../../../../shared/auth/roles.ts';
import { Brand } from '../../components/brand.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LogoutConfirmation } from '../auth/logout-confirmation.tsx';
import { useCurrentUser } from '../auth/session.ts';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** /account: the signed-in user's details, with Logout and, for staff, the way into the console. */
export function AccountPage() {
  useDocumentTitle('My Account');
  const me = useCurrentUser();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const user = me.data;
  if (!user) return null;
  const consoleUser = hasConsoleAccess(user.roles);

  return (
    <div className="flex min-h-full flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
          <Brand />
          <Button variant="outline" onClick={() => setLogoutOpen(true)}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h1>My Account</h1>
            </CardTitle>
            <CardDescription>The details of the account you are signed in with.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              <Detail label="Name">{user.name || '—'}</Detail>
              <Detail label="Email">{user.emailAddress ?? 'Not set'}</Detail>
              <Detail label="Phone">{user.phoneNumber ?? 'Not set'}</Detail>
              <Detail label="Roles">
                {user.roles.length === 0 ? (
                  <span>Student</span>
                ) : (
                  <span className="flex flex-wrap gap-1.5">
                    {user.roles.map((role) => (
                      <Badge key={role} variant="secondary" className="capitalize">
                        {role}
                      </Badge>
                    ))}
                  </span>
                )}
              </Detail>
            </dl>
          </CardContent>
          {consoleUser && (
            <CardFooter className="border-t pt-6">
              <Button asChild>
                <Link href={homePathFor(user.roles)}>
                  <LayoutDashboard aria-hidden="true" />
                  Open Admin Console
                </Link>
              </Button>
            </CardFooter>
          )}
        </Card>
      </main>
      <LogoutConfirmation open={logoutOpen} onOpenChange={setLogoutOpen} />
    </div>
  );
}
AccountPage.displayName = 'AccountPage';
