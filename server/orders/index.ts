import { defineDomain } from '../domain.ts';
import { checkoutRoutes, paymentWebhookRoutes } from './checkout.routes.ts';
import { adminOrdersRoutes } from './admin-orders.routes.ts';
import { ordersRouter } from './orders.router.ts';

/** Orders: checkout with Razorpay for the student apps, the payment webhook, and the console's order screens. */
export const ordersDomain = defineDomain({ name: 'orders', screen: 'orders', router: ordersRouter, routes: [adminOrdersRoutes], studentRoutes: [checkoutRoutes, paymentWebhookRoutes] });
