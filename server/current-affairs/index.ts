import { defineDomain } from '../domain.ts';
import { router } from '../trpc/trpc.ts';

export const currentAffairsDomain = defineDomain({ name: 'currentAffairs', screen: 'currentAffairs', router: () => router({}), routes: [] });
