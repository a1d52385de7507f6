import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { dashboardSchema } from '../../shared/dashboard/dashboard.schema.ts';
import { readDashboard } from './dashboard.service.ts';

const admin = routeOptions(['dashboard'], errorResponses(401, 403, 503));

export const dashboardRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/dashboard',
    admin({
      summary: 'The console’s home page: sales and students (for the roles that open Orders) and the work waiting, in India’s days',
      ok: dashboardSchema,
    }),
    async (request) => readDashboard(request.ctx),
  );
};
