import { lazyPage, type ConsoleRoute } from '../admin/console-route.ts';

const CouponManagerPage = lazyPage(() => import('./coupon-manager-page.tsx').then((m) => m.CouponManagerPage));

export const couponRoutes: ConsoleRoute[] = [{ path: '/admin/coupons', screen: 'coupons', render: () => <CouponManagerPage /> }];
