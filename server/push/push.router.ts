import { z } from 'zod';
import { sendNotificationInputSchema } from '../../shared/push/push.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import * as push from './push.service.ts';

export const pushRouter = ({ procedure }: ScreenProcedures) =>
  router({
    send: procedure.input(sendNotificationInputSchema).mutation(({ ctx, input }) => push.composeAndSend(ctx, input)),
    sent: procedure.input(z.object({ limit: z.number().int().min(1).max(200).default(50) })).query(({ ctx, input }) => push.listSent(ctx, input)),
  });
