import { alertsQuerySchema } from '../../shared/alerts/alerts.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import * as alerts from './alerts.service.ts';

export const alertsRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.input(alertsQuerySchema).query(({ ctx, input }) => alerts.listAlerts(ctx, input)),
    markAllRead: procedure.mutation(({ ctx }) => alerts.markAllRead(ctx)),
    count: procedure.query(({ ctx }) => alerts.unreadCount(ctx)),
  });
