import { z } from 'zod';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import * as pending from './pending-pdf.service.ts';

export const pendingPdfRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.query(({ ctx }) => pending.listPendingPdfs(ctx)),
    markSolved: procedure.input(z.object({ id: z.uuid({ error: 'Lecture not found' }) })).mutation(({ ctx, input }) => pending.markSolved(ctx, input)),
  });
