import { useCallback } from 'react';
import { matchQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { CurrentUser } from '../../../../shared/auth/auth.schema.ts';
import { isUnauthenticated } from '../../lib/errors.ts';
import { rememberSignedIn, sessionState, startSigningOut, useSessionState } from '../../lib/session-state.ts';
import { api } from '../../lib/trpc.ts';

/** The signed-in user, or null. Asked once at start and again when a call says the session is gone. */
export function useCurrentUser() {
  return api.auth.me.useQuery(undefined, { staleTime: 5 * 60_000, retry: 1 });
}

/**
 * The user the console shows: the signed-in one or, while their session has ended and the
 * sign-in dialog is open, the one who was signed in (so that the page under it stays).
 */
export function useConsoleUser(): CurrentUser | null | undefined {
  const me = useCurrentUser();
  const session = useSessionState();
  return me.data ?? (session.ended ? session.lastUser : me.data);
}

/** Forgets every cached answer except the current user, whose observers must keep their query. */
function forgetEverythingButTheUser(queryClient: QueryClient): void {
  const meKey = getQueryKey(api.auth.me);
  queryClient.removeQueries({ predicate: (query) => !matchQuery({ queryKey: meKey }, query) });
}

/**
 * Starts the console afresh for a user who just signed in or registered: nothing of
 * an earlier user stays cached. The auth guards then send them to their home page.
 */
export function useStartSession(): (user: CurrentUser) => void {
  const queryClient = useQueryClient();
  const utils = api.useUtils();
  return useCallback(
    (user: CurrentUser) => {
      forgetEverythingButTheUser(queryClient);
      utils.auth.me.setData(undefined, user);
    },
    [queryClient, utils],
  );
}

/**
 * Signs out on the server, then forgets every cached answer. A session that had already
 * ended (elsewhere, or by expiry) counts as signed out.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const utils = api.useUtils();
  const logout = api.auth.logout.useMutation();
  const { mutateAsync } = logout;
  return useCallback(async () => {
    const { lastUser } = sessionState();
    startSigningOut();
    try {
      await mutateAsync();
    } catch (error) {
      if (!isUnauthenticated(error)) {
        if (lastUser) rememberSignedIn(lastUser);
        throw error;
      }
    }
    forgetEverythingButTheUser(queryClient);
    utils.auth.me.setData(undefined, null);
  }, [mutateAsync, queryClient, utils]);
}
