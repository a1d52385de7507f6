import * as React from 'react';
import { useLocation } from 'wouter';
import { holdNavigation } from '../lib/leave-guards.ts';
import { Button } from './ui/button.tsx';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from './ui/alert-dialog.tsx';

export const LEAVE_TITLE = 'Leave without saving?';
export const leaveText = (thing: string) => `Your changes to this ${thing} are not saved. If you leave now, they are lost.`;

export interface LeaveGuardProps {
  /** Something is unsaved. */
  when: boolean;
  /** Paths that keep the editor (and its draft) on screen, e.g. its own tabs. */
  inside: (path: string) => boolean;
  /** What is being edited, e.g. "exam". */
  thing: string;
  /** The dialog's title and text when they are not about unsaved changes (a running upload). */
  title?: string;
  description?: React.ReactNode;
  /** The leave button's words ("Leave without saving" by default). */
  leaveLabel?: string;
}

/** The link a click would follow within the console, or null (another site, a new tab, a download). */
function followedLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? url : null;
}

/**
 * Asks before unsaved edits (or a running upload) are left behind: a link in the console (the
 * side bar, back), the browser's back button, or closing or reloading the tab.
 */
export function LeaveGuard({ when, inside, thing, title = LEAVE_TITLE, description, leaveLabel = 'Leave without saving' }: LeaveGuardProps) {
  const [, navigate] = useLocation();
  const [target, setTarget] = React.useState<string | null>(null);
  const insideRef = React.useRef(inside);
  insideRef.current = inside;

  React.useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    // Before the router's own click handler (this listens on the document, capturing).
    const onClick = (event: MouseEvent) => {
      const url = followedLink(event);
      if (!url || insideRef.current(url.pathname)) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(`${url.pathname}${url.search}${url.hash}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    const release = holdNavigation({ inside: (path) => insideRef.current(path), blocked: setTarget });
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      release();
    };
  }, [when]);

  const leave = () => {
    const to = target;
    setTarget(null);
    if (to !== null) navigate(to);
  };

  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && setTarget(null)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description ?? leaveText(thing)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <Button variant="outline" onClick={() => setTarget(null)}>
            Stay
          </Button>
          <Button variant="destructive" onClick={leave}>
            {leaveLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
LeaveGuard.displayName = 'LeaveGuard';

/** `inside` for an editor whose tabs live under one path. */
export const within = (base: string) => (path: string) => path === base || path.startsWith(`${base}/`);
