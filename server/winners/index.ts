import { defineDomain } from '../domain.ts';
import { router } from '../trpc/trpc.ts';

export const winnersDomain = defineDomain({ name: 'winners', screen: 'winners', router: () => router({}), routes: [] });
