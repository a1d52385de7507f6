import { api } from './trpc.ts';

/** The server's public settings (support contacts, V2 Dashboard address); they do not change while the console is open. */
export function useAppSettings(options: { enabled?: boolean } = {}) {
  return api.app.settings.useQuery(undefined, { enabled: options.enabled ?? true, staleTime: Infinity, retry: 1 });
}
