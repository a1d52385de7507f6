import { httpBatchLink } from '@trpc/client';
import { createTRPCReact, type inferReactQueryProcedureOptions } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router.ts';

/** The console's typed API: `api.<domain>.<procedure>.useQuery/useMutation`. */
export const api = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

export function createApiClient() {
  // Same origin: the session cookie goes along without extra options.
  return api.createClient({ links: [httpBatchLink({ url: '/trpc' })] });
}
