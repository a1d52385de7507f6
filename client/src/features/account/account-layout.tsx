import { useState, type ReactNode } from 'react';
import { LogOut } from 'lucide-react';
import { Brand } from '../../components/brand.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LogoutConfirmation } from '../auth/logout-confirmation.tsx';

/** The frame of the signed-in user's own pages (/account, /account/password): the brand and Logout above the page. */
export function AccountLayout({ children }: { children: ReactNode }) {
  const [logoutOpen, setLogoutOpen] = useState(false);
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
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">{children}</main>
      <LogoutConfirmation open={logoutOpen} onOpenChange={setLogoutOpen} />
    </div>
  );
}
AccountLayout.displayName = 'AccountLayout';
