import { Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import { canSeeScreen, type ScreenKey } from '../../../../shared/auth/roles.ts';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { NotFoundContent } from '../not-found/not-found-page.tsx';
import { CONSOLE_ROUTES } from './console-routes.ts';

/** A screen the user's roles hide from the side bar says so instead of failing on every call. */
function RequireScreen({ screen, children }: { screen: ScreenKey; children: ReactNode }) {
  const roles = useCurrentUser().data?.roles ?? [];
  if (canSeeScreen(roles, screen)) return <>{children}</>;
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold">This screen is not available to your role</h1>
      <p className="max-w-sm text-sm text-muted-foreground">Ask an administrator if you need access to it.</p>
    </div>
  );
}

/** The /admin screens built so far; every other /admin path shows not-found inside the layout. */
export function AdminScreens() {
  return (
    <Suspense fallback={<LoadingPanel label="Loading" className="min-h-64" />}>
      <Routes />
    </Suspense>
  );
}
AdminScreens.displayName = 'AdminScreens';

function Routes() {
  return (
    <Switch>
      {CONSOLE_ROUTES.map((route) => (
        <Route<Record<string, string | undefined>> key={route.path} path={route.path}>
          {(params) => <RequireScreen screen={route.screen}>{route.render(params)}</RequireScreen>}
        </Route>
      ))}
      <Route>
        <NotFoundContent />
      </Route>
    </Switch>
  );
}
