import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const MeetingLinksPage = lazyPage(() => import('./meeting-links-page.tsx').then((m) => m.MeetingLinksPage));

export const meetingLinksRoutes: ConsoleRoute[] = [{ path: '/admin/meeting-links', screen: 'meetingLinks', render: () => <MeetingLinksPage /> }];
