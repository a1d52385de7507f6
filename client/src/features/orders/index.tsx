import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const OrdersPage = lazyPage(() => import('./orders-page.tsx').then((m) => m.OrdersPage));

export const orderRoutes: ConsoleRoute[] = [{ path: '/admin/orders', screen: 'orders', render: () => <OrdersPage /> }];
