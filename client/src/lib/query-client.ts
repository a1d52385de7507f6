import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { TRPCClientError } from '@trpc/client';
import { isUnauthenticated } from './errors.ts';
import { api } from './trpc.ts';

/** An answer in the 4xx range will not change by asking again; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const status: unknown = (error.data as { httpStatus?: unknown } | null | undefined)?.httpStatus;
    if (typeof status === 'number' && status >= 400 && status < 500) return false;
  }
  return failureCount < 2;
}

/**
 * The console's query cache. When any call answers "not signed in" on a guarded page
 * (the session expired or ended elsewhere), the current user is asked for again so
 * that the guard sends the visitor to the sign-in page.
 */
export function createQueryClient(): QueryClient {
  const recheckSession = (error: unknown) => {
    if (!isUnauthenticated(error)) return;
    if (window.location.pathname.startsWith('/auth/')) return;
    void queryClient.invalidateQueries({ queryKey: getQueryKey(api.auth.me) });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: recheckSession }),
    mutationCache: new MutationCache({ onError: recheckSession }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
