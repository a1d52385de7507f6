import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../../shared/auth/auth.schema.ts';

/**
 * What the open console knows of its session beyond the server's answer to "who am I":
 * the account last signed in here, whether a call has found the session ended (then the
 * console asks for the password over the current screen instead of leaving it), and whether
 * the staff member is signing out on purpose (then nothing is kept).
 */
interface SessionState {
  ended: boolean;
  signingOut: boolean;
  lastUser: CurrentUser | null;
}

let state: SessionState = { ended: false, signingOut: false, lastUser: null };
const listeners = new Set<() => void>();

function update(next: Partial<SessionState>): void {
  const merged = { ...state, ...next };
  if (merged.ended === state.ended && merged.signingOut === state.signingOut && merged.lastUser === state.lastUser) return;
  state = merged;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionState(): Readonly<SessionState> {
  return state;
}

/** The session state, re-rendering when it changes. */
export function useSessionState(): Readonly<SessionState> {
  return useSyncExternalStore(subscribe, sessionState, sessionState);
}

/** A call answered "not signed in" while someone was signed in here: ask them to sign in again. */
export function markSessionEnded(): void {
  if (state.lastUser && !state.signingOut) update({ ended: true });
}

/** Someone is signed in (again): the console goes on as that account. */
export function rememberSignedIn(user: CurrentUser): void {
  update({ ended: false, signingOut: false, lastUser: user });
}

/** The staff member signs out: what this console held is not kept for a later sign-in. */
export function startSigningOut(): void {
  update({ ended: false, signingOut: true, lastUser: null });
}
