import { defineDomain } from '../domain.ts';
import { usersRouter } from './users.router.ts';
import { usersRoutes } from './users.routes.ts';

/** The console's All users list. */
export const usersDomain = defineDomain({ name: 'users', screen: 'users', router: usersRouter, routes: [usersRoutes] });
