import { defineDomain } from '../domain.ts';
import { dashboardRouter } from './dashboard.router.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

/** The console's home page: the day's sales, students and the work waiting. */
export const dashboardDomain = defineDomain({ name: 'dashboard', screen: 'dashboard', router: dashboardRouter, routes: [dashboardRoutes] });
