import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const UsersPage = lazyPage(() => import('./users-page.tsx').then((m) => m.UsersPage));

export const userRoutes: ConsoleRoute[] = [{ path: '/admin/users', screen: 'users', render: () => <UsersPage /> }];
