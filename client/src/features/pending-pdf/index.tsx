import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const PendingPdfPage = lazyPage(() => import('./pending-pdf-page.tsx').then((m) => m.PendingPdfPage));

export const pendingPdfRoutes: ConsoleRoute[] = [{ path: '/admin/pending-pdf', screen: 'pendingPdf', render: () => <PendingPdfPage /> }];
