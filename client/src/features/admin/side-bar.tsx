import { Link } from 'wouter';
import { ExternalLink, KeyRound, LogOut, UserRound } from 'lucide-react';
import type { CurrentUser } from '../../../../shared/auth/auth.schema.ts';
import { consoleRoleLabels, SCREENS, selectedScreen, visibleScreens } from '../../../../shared/auth/roles.ts';
import { displayNameOf, initialsOf } from '../../../../shared/auth/user-display.rules.ts';
import { UserText } from '../../components/user-text.tsx';
import { displayText } from '../../lib/user-text.ts';
import { Brand } from '../../components/brand.tsx';
import { cn } from '../../lib/utils.ts';
import { SCREEN_ICONS } from './screen-icons.ts';

export interface SideBarProps {
  user: CurrentUser;
  /** The current path; the link whose path is a prefix of it is marked selected. */
  location: string;
  /** The external "V2 Dashboard" link; hidden when not configured. */
  v2DashboardUrl: string | null | undefined;
  /** Unread notifications; no badge when absent or zero (the count arrives with the notifications screen). */
  notificationCount?: number | undefined;
  onLogout: () => void;
  /** Called after a link is followed, e.g. to close the side bar on a phone. */
  onNavigate?: () => void;
  className?: string;
}

const linkClass =
  'flex items-center gap-3 rounded-md px-3 py-1 text-sm font-medium text-sidebar-foreground/85 transition-colors hover:bg-sidebar-accent hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60';

/** The console's left side bar: who is signed in, the screens their roles allow, and Logout. */
export function SideBar({ user, location, v2DashboardUrl, notificationCount, onLogout, onNavigate, className }: SideBarProps) {
  const selected = selectedScreen(location);
  const screens = visibleScreens(user.roles);
  const displayName = displayNameOf(user);
  const initials = initialsOf(user);
  return (
    <div className={cn('flex h-full w-64 flex-col bg-sidebar text-sidebar-foreground', className)}>
      <div className="border-b border-sidebar-border px-4 py-3">
        <Brand inverted />
      </div>
      <div className="flex items-center gap-3 border-b border-sidebar-border px-4 py-3">
        <span
          aria-hidden="true"
          data-slot="avatar"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sidebar-accent text-sm font-semibold text-white"
        >
          {initials || <UserRound className="size-4" />}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-white" title={displayText(displayName)}>
            <UserText>{displayName}</UserText>
          </p>
          <p className="text-xs text-sidebar-muted">{consoleRoleLabels(user.roles).join(', ')}</p>
          <Link
            href="/account/password"
            onClick={onNavigate}
            className="mt-0.5 inline-flex items-center gap-1 rounded-sm text-xs text-sidebar-foreground/85 hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60"
          >
            <KeyRound aria-hidden="true" className="size-3" />
            Change Password
          </Link>
        </div>
      </div>
      {/* The links scroll on their own when they do not fit the window; the page behind stays put. */}
      <nav aria-label="Console" className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-2">
        <ul className="grid gap-0.5">
          {v2DashboardUrl && (
            <li>
              <a href={v2DashboardUrl} target="_blank" rel="noopener noreferrer" title="Opens in a new tab" className={linkClass}>
                <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-sidebar-muted" />
                <span className="flex-1">V2 Dashboard</span>
              </a>
            </li>
          )}
          {screens.map((screen) => {
            const { label, path } = SCREENS[screen];
            const Icon = SCREEN_ICONS[screen];
            const isSelected = screen === selected;
            const count = screen === 'notifications' ? notificationCount : undefined;
            return (
              <li key={screen}>
                <Link
                  href={path}
                  aria-current={isSelected ? 'page' : undefined}
                  onClick={onNavigate}
                  className={cn(linkClass, isSelected && 'bg-sidebar-accent text-white shadow-inner')}
                >
                  <Icon aria-hidden="true" className={cn('size-4 shrink-0', isSelected ? 'text-white' : 'text-sidebar-muted')} />
                  <span className="flex-1">{label}</span>
                  {count !== undefined && count > 0 && (
                    <span className="rounded-full bg-destructive px-1.5 py-0.5 text-[0.65rem] font-semibold leading-none text-white">
                      {count > 99 ? '99+' : count}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-sidebar-border p-2">
        <button type="button" onClick={onLogout} className={cn(linkClass, 'w-full')}>
          <LogOut aria-hidden="true" className="size-4 shrink-0 text-sidebar-muted" />
          Logout
        </button>
      </div>
    </div>
  );
}
SideBar.displayName = 'SideBar';
