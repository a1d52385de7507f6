import { z } from 'zod';
import { manualOrderQuerySchema, ORDER_MESSAGES, ordersPageQuerySchema, resourceSearchQuerySchema } from '../../shared/commerce/orders.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import * as orders from './admin-orders.service.ts';

export const ordersRouter = ({ procedure }: ScreenProcedures) =>
  router({
    completed: procedure.input(ordersPageQuerySchema).query(({ ctx, input }) => orders.listCompletedOrders(ctx, input)),
    deleted: procedure.input(ordersPageQuerySchema).query(({ ctx, input }) => orders.listDeletedOrders(ctx, input)),
    resources: procedure.input(resourceSearchQuerySchema).query(({ ctx, input }) => orders.searchResources(ctx, input)),
    reviewManual: procedure.input(manualOrderQuerySchema).query(({ ctx, input }) => orders.reviewManualOrder(ctx, input)),
    createManual: procedure.input(manualOrderQuerySchema).mutation(({ ctx, input }) => orders.createManualOrder(ctx, input)),
    delete: procedure
      .input(z.object({ id: z.uuid({ error: ORDER_MESSAGES.notFound }), refund: z.boolean().optional() }))
      .mutation(({ ctx, input }) => orders.deleteOrder(ctx, input)),
  });
