import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const ProcessQueuePage = lazyPage(() => import('./process-queue-page.tsx').then((m) => m.ProcessQueuePage));

export const queueRoutes: ConsoleRoute[] = [{ path: '/admin/process/queue', screen: 'processQueue', render: () => <ProcessQueuePage /> }];
