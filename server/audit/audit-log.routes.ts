import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { auditFilterSchema, auditHistoryQuerySchema, auditListQuerySchema, auditPageSchema, auditPeopleSchema } from '../../shared/audit/audit-log.schema.ts';
import { exportRoutes } from '../exports/export-routes.ts';
import { exportAuditLog } from './audit-export.ts';
import { auditHistory, auditList, auditPeople } from './audit-log.service.ts';

const errors = errorResponses(400, 401, 403, 503);
const audit = routeOptions(['audit'], errors);

/** The Audit screen's routes: the whole log, administrators only (the domain's screen). */
export const auditLogRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/audit',
    audit({
      summary: 'The audit log, a page at a time, newest first, filtered by person, resource, action and India days',
      description:
        "Every change staff made, written in the change's own transaction. A filtered list counts its matches up to 10,000 (`totalIsAtLeast` says when more match).",
      querystring: auditListQuerySchema,
      ok: auditPageSchema,
    }),
    async (request) => auditList(request.ctx, request.query),
  );
  app.get('/api/admin/audit/people', audit({ summary: 'The staff accounts the audit log filters by', ok: auditPeopleSchema }), async (request) =>
    auditPeople(request.ctx),
  );
  exportRoutes(app, { path: '/api/admin/audit/export', tags: ['audit'], holds: 'Audit log entries', querystring: auditFilterSchema, open: exportAuditLog });
};

/** One record's History: for whoever may open the screen that edits that kind of record. */
export const auditHistoryRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/audit/history',
    audit({
      config: { screen: 'console' },
      summary: "One record's history (its audit log entries), a page at a time, newest first",
      description: 'Allowed to whoever may open the screen that edits that kind of record (e.g. Exams for an exam); 403 otherwise.',
      querystring: auditHistoryQuerySchema,
      ok: auditPageSchema,
    }),
    async (request) => auditHistory(request.ctx, request.query),
  );
};
