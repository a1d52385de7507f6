import { bulkRoutes } from '../bulk/bulk-routes.ts';
import { defineDomain } from '../domain.ts';
import { couponsBulk } from './coupons.bulk.ts';
import { couponsRouter } from './coupons.router.ts';
import { couponsRoutes } from './coupons.routes.ts';

/** Discount coupons. */
export const couponsDomain = defineDomain({
  name: 'coupons',
  screen: 'coupons',
  router: couponsRouter,
  routes: [couponsRoutes, bulkRoutes('/api/admin/coupons/bulk', 'coupons', couponsBulk)],
});
