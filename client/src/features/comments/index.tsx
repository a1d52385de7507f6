import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const DiscussionsInboxPage = lazyPage(() => import('./inbox-page.tsx').then((m) => m.DiscussionsInboxPage));

/** The moderation inbox; it belongs with the lectures (no side-bar link of its own). */
export const commentRoutes: ConsoleRoute[] = [{ path: '/admin/discussions', screen: 'videos', render: () => <DiscussionsInboxPage /> }];
