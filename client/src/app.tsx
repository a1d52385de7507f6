import { Redirect, Route, Switch } from 'wouter';
import { SCREENS } from '../../shared/auth/roles.ts';
import { AccountPage } from './features/account/account-page.tsx';
import { ChangePasswordPage } from './features/account/change-password-page.tsx';
import { AdminLayout } from './features/admin/admin-layout.tsx';
import { AdminScreens } from './features/admin/admin-screens.tsx';
import { GuestOnly, RequireSignIn } from './features/auth/guards.tsx';
import { LoginPage } from './features/auth/login-page.tsx';
import { AcceptInvitePage } from './features/auth/invite/accept-invite-page.tsx';
import { RecoveryPage } from './features/auth/recovery/recovery-page.tsx';
import { RegisterPage } from './features/auth/register-page.tsx';
import { NotFoundPage } from './features/not-found/not-found-page.tsx';

/** The console's routes. /admin paths without a screen show not-found inside the layout. */
export function App() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={SCREENS.dashboard.path} replace />
      </Route>
      <Route path="/auth/login">
        <GuestOnly>
          <LoginPage />
        </GuestOnly>
      </Route>
      <Route path="/auth/signin">
        <GuestOnly>
          <LoginPage />
        </GuestOnly>
      </Route>
      <Route path="/auth/register">
        <GuestOnly>
          <RegisterPage />
        </GuestOnly>
      </Route>
      <Route path="/auth/recovery">
        <GuestOnly>
          <RecoveryPage />
        </GuestOnly>
      </Route>
      {/* Not guest-only: the invited person may open the link in a browser where someone is signed in. */}
      <Route path="/auth/invite">
        <AcceptInvitePage />
      </Route>
      <Route path="/auth/*">
        <GuestOnly>
          <NotFoundPage />
        </GuestOnly>
      </Route>
      <Route path="/account">
        <RequireSignIn>
          <AccountPage />
        </RequireSignIn>
      </Route>
      <Route path="/account/password">
        <RequireSignIn>
          <ChangePasswordPage />
        </RequireSignIn>
      </Route>
      <Route path={/^\/admin(?:\/.*)?$/}>
        <RequireSignIn consoleOnly>
          <AdminLayout>
            <AdminScreens />
          </AdminLayout>
        </RequireSignIn>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
App.displayName = 'App';
