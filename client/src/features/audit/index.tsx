import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const AuditPage = lazyPage(() => import('./audit-page.tsx').then((m) => m.AuditPage));

export const auditRoutes: ConsoleRoute[] = [{ path: '/admin/audit', screen: 'audit', render: () => <AuditPage /> }];
