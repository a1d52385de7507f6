import { Link } from 'wouter';
import { KeyRound, LayoutDashboard } from 'lucide-react';
import { hasConsoleAccess, homePathFor } from '../../../../shared/auth/roles.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentUser } from '../auth/session.ts';
import { AccountLayout } from './account-layout.tsx';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** /account: the signed-in user's details, with Logout, Change Password and, for staff, the way into the console. */
export function AccountPage() {
  useDocumentTitle('My Account');
  const me = useCurrentUser();
  const user = me.data;
  if (!user) return null;
  const consoleUser = hasConsoleAccess(user.roles);

  return (
    <AccountLayout>
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
        <CardFooter className="flex flex-wrap gap-2 border-t pt-6">
          {consoleUser && (
            <Button asChild>
              <Link href={homePathFor(user.roles)}>
                <LayoutDashboard aria-hidden="true" />
                Open Admin Console
              </Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link href="/account/password">
              <KeyRound aria-hidden="true" />
              Change Password
            </Link>
          </Button>
        </CardFooter>
      </Card>
    </AccountLayout>
  );
}
AccountPage.displayName = 'AccountPage';
