import { defineDomain } from '../domain.ts';
import { appInfoRouter } from './app-info.router.ts';
import { appInfoRoutes } from './app-info.routes.ts';

/** Public settings the apps and the console read before anyone signs in. */
export const appInfoDomain = defineDomain({ name: 'app', screen: null, router: appInfoRouter, routes: [appInfoRoutes] });
