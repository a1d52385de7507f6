import { useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Menu } from 'lucide-react';
import { Brand } from '../../components/brand.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet.tsx';
import { useAppSettings } from '../../lib/app-settings.ts';
import { LogoutConfirmation } from '../auth/logout-confirmation.tsx';
import { useConsoleUser } from '../auth/session.ts';
import { SideBar } from './side-bar.tsx';
import { canSeeScreen } from '../../../../shared/auth/roles.ts';
import { api } from '../../lib/trpc.ts';

/** Editors opened from the V2 dashboard carry type=v1 and show without the console's side bar. */
export function isEmbedded(search: string): boolean {
  return new URLSearchParams(search).get('type') === 'v1';
}

export interface AdminLayoutProps {
  children: ReactNode;
  /** Unread alerts for the side bar's badge; by default the server's count, for roles that see Notifications. */
  notificationCount?: number;
}

/** The frame of every /admin screen. Rendered inside RequireSignIn, so a user is present. */
export function AdminLayout({ children, notificationCount }: AdminLayoutProps) {
  const [location] = useLocation();
  const search = useSearch();
  const user = useConsoleUser();
  const settings = useAppSettings();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Fetched when the console starts, and again when the alerts screen refreshes or marks them read.
  const unread = api.alerts.count.useQuery(undefined, {
    enabled: Boolean(user && canSeeScreen(user.roles, 'notifications')),
    staleTime: Infinity,
    retry: false,
  });
  notificationCount ??= unread.data?.count;

  if (!user || isEmbedded(search)) {
    return <main className="min-h-full bg-background p-4 md:p-6">{children}</main>;
  }

  const sideBarProps = {
    user,
    location,
    v2DashboardUrl: settings.data?.v2DashboardUrl,
    notificationCount,
    onLogout: () => {
      setMenuOpen(false);
      setLogoutOpen(true);
    },
  };

  return (
    // The frame grows with the page (no fixed height), so that the sticky side bar has the whole
    // page to travel along and stays beside the content however far it is scrolled.
    <div className="flex min-h-screen">
      <aside className="sticky top-0 hidden h-screen shrink-0 self-start md:block">
        <SideBar {...sideBarProps} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b bg-sidebar px-3 py-2 text-sidebar-foreground md:hidden">
          <Button
            variant="ghost"
            size="icon"
            className="text-white hover:bg-sidebar-accent hover:text-white"
            onClick={() => setMenuOpen(true)}
            aria-label="Open menu"
          >
            <Menu aria-hidden="true" />
          </Button>
          <Brand inverted />
        </header>
        <main className="flex-1 p-4 md:p-6">{children}</main>
      </div>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent side="left" className="md:hidden">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Console screens</SheetDescription>
          <SideBar {...sideBarProps} onNavigate={() => setMenuOpen(false)} />
        </SheetContent>
      </Sheet>
      <LogoutConfirmation open={logoutOpen} onOpenChange={setLogoutOpen} />
    </div>
  );
}
AdminLayout.displayName = 'AdminLayout';
