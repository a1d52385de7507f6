import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const DiscussionsInboxPage = lazyPage(() => import('./inbox-page.tsx').then((m) => m.DiscussionsInboxPage));

/**
 * The discussions inbox, with its own side-bar link (the lectures' roles). /admin/discussions/subject, an
 * address the console has always had, opens the same inbox.
 */
export const commentRoutes: ConsoleRoute[] = [
  { path: '/admin/discussions', screen: 'discussions', render: () => <DiscussionsInboxPage /> },
  { path: '/admin/discussions/subject', screen: 'discussions', render: () => <DiscussionsInboxPage /> },
];
