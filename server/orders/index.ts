import { defineDomain } from '../domain.ts';
import { checkoutRoutes, paymentWebhookRoutes } from './checkout.routes.ts';
import { adminOrdersRoutes } from './admin-orders.routes.ts';
import { ordersRouter } from './orders.router.ts';
import { studentInvoiceRoutes } from './student-invoices.routes.ts';

/** Orders: checkout with Razorpay and GST invoices for the student apps, the payment webhook, and the console's order screens. */
export const ordersDomain = defineDomain({
  name: 'orders',
  screen: 'orders',
  router: ordersRouter,
  routes: [adminOrdersRoutes],
  studentRoutes: [checkoutRoutes, studentInvoiceRoutes, paymentWebhookRoutes],
});
