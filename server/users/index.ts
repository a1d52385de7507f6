import { defineDomain } from '../domain.ts';
import { usersRouter } from './users.router.ts';
import { usersRoutes } from './users.routes.ts';
import { profileRoutes } from './profile.routes.ts';

/**
 * The console's All users list, and (administrators only) invitations, roles, disabling and what a student
 * holds; for the student apps, a student's own profile.
 */
export const usersDomain = defineDomain({ name: 'users', screen: 'users', router: usersRouter, routes: [usersRoutes], studentRoutes: [profileRoutes] });
