import { defineDomain } from '../domain.ts';
import { usersRouter } from './users.router.ts';
import { usersRoutes } from './users.routes.ts';

/** The console's All users list, and (administrators only) invitations, roles, disabling and what a student holds. */
export const usersDomain = defineDomain({ name: 'users', screen: 'users', router: usersRouter, routes: [usersRoutes] });
