import { defineDomain } from '../domain.ts';
import { router } from '../trpc/trpc.ts';

export const meetingLinksDomain = defineDomain({ name: 'meetingLinks', screen: 'meetingLinks', router: () => router({}), routes: [] });
