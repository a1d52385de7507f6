import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { alertsExportQuerySchema, alertsPageSchema, alertsQuerySchema } from '../../shared/alerts/alerts.schema.ts';
import { exportRoutes } from '../exports/export-routes.ts';
import { exportAlerts } from './alerts-export.ts';
import * as alerts from './alerts.service.ts';

const admin = routeOptions(['notifications'], errorResponses(400, 401, 403));

export const alertsRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/notifications',
    admin({
      summary: 'Alerts for staff, newest first unless sorted, a page at a time (filters: hasRead, search, createdOn: a day in India; sort)',
      querystring: alertsQuerySchema,
      ok: alertsPageSchema,
    }),
    async (request) => alerts.listAlerts(request.ctx, request.query),
  );
  exportRoutes(app, {
    path: '/api/admin/notifications/export',
    tags: ['notifications'],
    holds: 'Alerts for staff',
    querystring: alertsExportQuerySchema,
    open: exportAlerts,
  });
  app.put('/api/admin/notifications/read', admin({ summary: 'Mark every alert as read', ok: z.object({ updated: z.number() }) }), async (request) =>
    alerts.markAllRead(request.ctx),
  );
  app.get('/api/admin/notifications/count', admin({ summary: 'How many alerts are unread', ok: z.object({ count: z.number() }) }), async (request) =>
    alerts.unreadCount(request.ctx),
  );
};
