import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const GstReportPage = lazyPage(() => import('./gst-report-page.tsx').then((m) => m.GstReportPage));

export const gstReportRoutes: ConsoleRoute[] = [{ path: '/admin/reports/gst', screen: 'gstReport', render: () => <GstReportPage /> }];
