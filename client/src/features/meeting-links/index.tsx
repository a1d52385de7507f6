import type { ConsoleRoute } from '../admin/console-route.ts';

export const meetingLinksRoutes: ConsoleRoute[] = [];
