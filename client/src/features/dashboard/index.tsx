import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const DashboardPage = lazyPage(() => import('./dashboard-page.tsx').then((m) => m.DashboardPage));

/** The console's home page, at /admin/dashboard and at /admin itself. */
export const dashboardRoutes: ConsoleRoute[] = [
  { path: '/admin/dashboard', screen: 'dashboard', render: () => <DashboardPage /> },
  { path: '/admin', screen: 'dashboard', render: () => <DashboardPage /> },
];
