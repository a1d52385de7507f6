import { auditHistoryQuerySchema, auditListQuerySchema } from '../../shared/audit/audit-log.schema.ts';
import { defineDomain, type ScreenProcedures } from '../domain.ts';
import { consoleProcedure, router } from '../trpc/trpc.ts';
import { auditHistoryRoutes, auditLogRoutes } from './audit-log.routes.ts';
import { auditHistory, auditList, auditPeople } from './audit-log.service.ts';

const auditRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.input(auditListQuerySchema).query(({ ctx, input }) => auditList(ctx, input)),
    people: procedure.query(({ ctx }) => auditPeople(ctx)),
  });

/** The audit log's screen: the whole log, administrators only. */
export const auditDomain = defineDomain({ name: 'audit', screen: 'audit', router: auditRouter, routes: [auditLogRoutes] });

/** Each editor's History panel: the screen that edits the record decides (checked in the service). */
export const auditHistoryDomain = defineDomain({
  name: 'auditHistory',
  screen: null,
  router: router({ history: consoleProcedure.input(auditHistoryQuerySchema).query(({ ctx, input }) => auditHistory(ctx, input)) }),
  routes: [auditHistoryRoutes],
});
