import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const AlertsPage = lazyPage(() => import('./alerts-page.tsx').then((m) => m.AlertsPage));

export const notificationRoutes: ConsoleRoute[] = [{ path: '/admin/notifications', screen: 'notifications', render: () => <AlertsPage /> }];
