import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { alertsPageSchema, alertsQuerySchema } from '../../shared/alerts/alerts.schema.ts';
import * as alerts from './alerts.service.ts';

const tags = ['notifications'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const alertsRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/notifications',
    {
      schema: {
        tags,
        summary: 'Alerts for staff, newest first, a page at a time (filters: hasRead, search, createdOn: a day in India)',
        querystring: alertsQuerySchema,
        response: { 200: alertsPageSchema, ...errors },
      },
    },
    async (request) => alerts.listAlerts(request.ctx, request.query),
  );
  app.put(
    '/api/admin/notifications/read',
    { schema: { tags, summary: 'Mark every alert as read', response: { 200: z.object({ updated: z.number() }), ...errors } } },
    async (request) => alerts.markAllRead(request.ctx),
  );
  app.get(
    '/api/admin/notifications/count',
    { schema: { tags, summary: 'How many alerts are unread', response: { 200: z.object({ count: z.number() }), ...errors } } },
    async (request) => alerts.unreadCount(request.ctx),
  );
};
