import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { deletedSchema, routeOptions } from '../http/route-options.ts';
import { COUPON_MESSAGES, couponFormSchema, couponSchema, couponUpdateSchema } from '../../shared/commerce/coupons.schema.ts';
import { exportRoutes } from '../exports/export-routes.ts';
import { exportCoupons } from './coupons-export.ts';
import * as coupons from './coupons.service.ts';

const idParams = z.object({ id: z.uuid({ error: COUPON_MESSAGES.notFound }) });
const admin = routeOptions(['coupons']);

export const couponsRoutes: DomainRoutes = async (app) => {
  app.get('/v2/coupons', admin({ summary: 'Every discount coupon, newest first', ok: z.array(couponSchema) }), async (request) =>
    coupons.listCoupons(request.ctx),
  );
  exportRoutes(app, {
    path: '/api/admin/coupons/export',
    tags: ['coupons'],
    holds: 'Discount coupons',
    querystring: z.object({}),
    open: (ctx) => exportCoupons(ctx),
  });
  app.post(
    '/v2/coupons',
    admin({
      summary: 'Create a coupon (always inactive: switch it on by editing it)',
      description:
        'value is a percent (0–100) for discountType rate and rupees for amount, with at most 2 decimals; minOrderAmount is rupees or -1 for no minimum. Codes are unique whatever their case. usageLimit counts every order holding the coupon (waiting for its payment, or paid); perStudentLimit the orders of one student; validFrom and validUntil are India time ("2026-12-01T09:00") or ISO with an offset; appliesTo names rate cards and resources (empty: everything).',
      body: couponFormSchema,
      ok: couponSchema,
    }),
    async (request) => coupons.createCoupon(request.ctx, request.body),
  );
  app.put(
    '/v2/coupons/:id',
    admin({
      summary: "Change a coupon's terms or switch it on or off (its code stays as created)",
      description: '`version` (from the list) is required: a save made from an older copy answers 409 with `stale`.',
      params: idParams,
      body: couponUpdateSchema,
      ok: couponSchema,
    }),
    async (request) => coupons.updateCoupon(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/v2/coupons/:id',
    admin({ summary: 'Delete a coupon (orders that used it keep its code)', params: idParams, ok: deletedSchema }),
    async (request) => coupons.deleteCoupon(request.ctx, request.params),
  );
};
