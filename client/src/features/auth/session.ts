import { useCallback } from 'react';
import { matchQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { CurrentUser } from '../../../../shared/auth/auth.schema.ts';
import { api } from '../../lib/trpc.ts';

/** The signed-in user, or null. Asked once at start and again when a call says the session is gone. */
export function useCurrentUser() {
  return api.auth.me.useQuery(undefined, { staleTime: 5 * 60_000, retry: 1 });
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

/** Signs out on the server, then forgets every cached answer. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const utils = api.useUtils();
  const logout = api.auth.logout.useMutation();
  const { mutateAsync } = logout;
  return useCallback(async () => {
    await mutateAsync();
    forgetEverythingButTheUser(queryClient);
    utils.auth.me.setData(undefined, null);
  }, [mutateAsync, queryClient, utils]);
}
