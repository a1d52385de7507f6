import { z } from 'zod';
import { COUPON_MESSAGES, couponFormSchema, couponUpdateSchema } from '../../shared/commerce/coupons.schema.ts';
import { bulkProcedure } from '../bulk/bulk-routes.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import { couponsBulk } from './coupons.bulk.ts';
import * as coupons from './coupons.service.ts';

const byId = z.object({ id: z.uuid({ error: COUPON_MESSAGES.notFound }) });

export const couponsRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.query(({ ctx }) => coupons.listCoupons(ctx)),
    create: procedure.input(couponFormSchema).mutation(({ ctx, input }) => coupons.createCoupon(ctx, input)),
    update: procedure.input(z.intersection(byId, couponUpdateSchema)).mutation(({ ctx, input }) => coupons.updateCoupon(ctx, input)),
    delete: procedure.input(byId).mutation(({ ctx, input }) => coupons.deleteCoupon(ctx, input)),
    bulk: bulkProcedure(procedure, couponsBulk),
  });
