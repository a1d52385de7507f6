/**
 * The browser's back and forward buttons, held while an editor has unsaved changes or an upload
 * is running.
 *
 * Listeners of the same event on window run in the order they were added, and the router
 * re-renders (unmounting the editor and its draft) between two of them. So this listener is
 * added once, before the router's, when the console starts (installLeaveGuards in main.tsx):
 * it runs first, stops the router hearing of the change, puts the editor's address back and
 * lets the editor ask.
 */
export interface ActiveLeaveGuard {
  /** Paths that keep the editor on screen (its own tabs). */
  inside: (path: string) => boolean;
  /** The visitor asked to go to `target`: the editor asks whether to leave. */
  blocked: (target: string) => void;
}

/**
 * Every guard held, the latest last: an upload running inside an editor with unsaved changes holds
 * one of its own, and when it ends the editor's asks again.
 */
const held: ActiveLeaveGuard[] = [];
let active: ActiveLeaveGuard | null = null;
/** The address shown while the guard is on (updated as the editor's own tabs change). */
let shown = '';
const here = () => `${window.location.pathname}${window.location.search}`;

export function holdNavigation(guard: ActiveLeaveGuard): () => void {
  held.push(guard);
  active = guard;
  shown = here();
  return () => {
    const index = held.lastIndexOf(guard);
    if (index >= 0) held.splice(index, 1);
    active = held.at(-1) ?? null;
  };
}

let installed = false;

export function installLeaveGuards(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('popstate', (event) => {
    if (!active || active.inside(window.location.pathname)) {
      shown = here();
      return;
    }
    event.stopImmediatePropagation();
    const target = here();
    window.history.pushState(window.history.state, '', shown);
    active.blocked(target);
  });
  // The router's own navigations (it announces pushState and replaceState as events).
  const remember = () => {
    if (active) shown = here();
  };
  window.addEventListener('pushState', remember);
  window.addEventListener('replaceState', remember);
}
