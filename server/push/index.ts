import { defineDomain } from '../domain.ts';
import { pushRouter } from './push.router.ts';
import { pushAdminRoutes, pushStudentRoutes } from './push.routes.ts';

/** Push notifications: the composer, what was sent, and the student apps' subscriptions. */
export const pushDomain = defineDomain({
  name: 'push',
  screen: 'notifications',
  router: pushRouter,
  routes: [pushAdminRoutes],
  studentRoutes: [pushStudentRoutes],
});
