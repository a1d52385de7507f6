import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import { readDashboard } from './dashboard.service.ts';

export const dashboardRouter = ({ procedure }: ScreenProcedures) =>
  router({
    get: procedure.query(({ ctx }) => readDashboard(ctx)),
  });
