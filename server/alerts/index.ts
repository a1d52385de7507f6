import { defineDomain } from '../domain.ts';
import { alertsRouter } from './alerts.router.ts';
import { alertsRoutes } from './alerts.routes.ts';

/** Alerts for staff (Notifications > Alerts) and their unread count. */
export const alertsDomain = defineDomain({ name: 'alerts', screen: 'notifications', router: alertsRouter, routes: [alertsRoutes] });
