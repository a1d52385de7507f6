import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { TRPCClientError } from '@trpc/client';
import type { CurrentUser } from '../../../shared/auth/auth.schema.ts';
import { isUnauthenticated } from './errors.ts';
import { markSessionEnded, rememberSignedIn, sessionState } from './session-state.ts';
import { api } from './trpc.ts';

/** An answer in the 4xx range will not change by asking again; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const status: unknown = (error.data as { httpStatus?: unknown } | null | undefined)?.httpStatus;
    if (typeof status === 'number' && status >= 400 && status < 500) return false;
  }
  return failureCount < 2;
}

function isCurrentUserQuery(query: Query): boolean {
  const [path] = query.queryKey as [unknown, ...unknown[]];
  const [mePath] = getQueryKey(api.auth.me) as [unknown, ...unknown[]];
  return JSON.stringify(path) === JSON.stringify(mePath);
}

/** Follows the answers to "who am I": who is signed in here, and when that ended. */
function followCurrentUser(data: unknown): void {
  if (data === undefined) return;
  const { lastUser } = sessionState();
  if (data === null) {
    markSessionEnded();
    return;
  }
  const user = data as CurrentUser;
  // Another account signed in elsewhere in this browser: the edits on screen were made with the
  // first account's permissions, so the console starts again clean as the new one.
  if (lastUser && lastUser._id !== user._id) {
    window.location.reload();
    return;
  }
  rememberSignedIn(user);
}

/**
 * The console's query cache. When a call answers "not signed in" while someone is signed in
 * here (the session expired or ended elsewhere), the console keeps the screen as it is and
 * asks for the password over it (see SessionEndedDialog); with nobody signed in yet, the
 * current user is asked for again so that the guard sends the visitor to the sign-in page.
 */
export function createQueryClient(): QueryClient {
  const recheckSession = (error: unknown) => {
    if (!isUnauthenticated(error)) return;
    if (window.location.pathname.startsWith('/auth/')) return;
    if (sessionState().lastUser) {
      markSessionEnded();
      return;
    }
    void queryClient.invalidateQueries({ queryKey: getQueryKey(api.auth.me) });
  };
  const queryCache = new QueryCache({ onError: recheckSession });
  queryCache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isCurrentUserQuery(event.query)) followCurrentUser(event.action.data);
  });
  const queryClient: QueryClient = new QueryClient({
    queryCache,
    mutationCache: new MutationCache({ onError: recheckSession }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
