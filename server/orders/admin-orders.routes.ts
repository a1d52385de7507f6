import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { binaryResponse, deletedSchema, errorResponses, routeOptions } from '../http/route-options.ts';
import {
  adminOrderSchema,
  deletedOrdersPageSchema,
  manualOrderQuerySchema,
  manualOrderReviewSchema,
  ORDER_MESSAGES,
  ordersExportQuerySchema,
  ordersPageQuerySchema,
  ordersPageSchema,
  resourceSearchPageSchema,
  resourceSearchQuerySchema,
} from '../../shared/commerce/orders.schema.ts';
import { exportRoutes } from '../exports/export-routes.ts';
import * as orders from './admin-orders.service.ts';
import { exportPaidOrders } from './orders-export.ts';
import { sendPdf } from './send-pdf.ts';

const adminErrors = errorResponses(400, 401, 403, 404, 409, 501, 503);
const admin = routeOptions(['orders'], adminErrors);

export const adminOrdersRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/orders/completed',
    admin({
      summary: 'Paid orders, a page at a time (newest payment first), filtered by the server',
      querystring: ordersPageQuerySchema,
      ok: ordersPageSchema,
    }),
    async (request) => orders.listCompletedOrders(request.ctx, request.query),
  );
  exportRoutes(app, { path: '/api/admin/orders/export', tags: ['orders'], holds: 'Paid orders', querystring: ordersExportQuerySchema, open: exportPaidOrders });
  app.get(
    '/api/admin/orders/deleted',
    admin({
      summary: 'Deleted orders, a page at a time (latest deletion first), filtered by the server',
      description:
        'Each with when and by whom it was deleted (`deletedBy` null when not recorded) and whether its invoice and credit note exist: open them at `/api/admin/orders/{id}/invoice` and `/credit-note`.',
      querystring: ordersPageQuerySchema,
      ok: deletedOrdersPageSchema,
    }),
    async (request) => orders.listDeletedOrders(request.ctx, request.query),
  );
  app.get(
    '/api/admin/orders/resources',
    admin({
      summary: 'Courses, exams, lectures or rank files whose title holds every word of the search, by title, a page at a time (for a manual order)',
      querystring: resourceSearchQuerySchema,
      ok: resourceSearchPageSchema,
    }),
    async (request) => orders.searchResources(request.ctx, request.query),
  );
  app.get(
    '/api/subscriptions/manual/review',
    admin({ summary: 'Review a manual order: the student (by phone) and the resource', querystring: manualOrderQuerySchema, ok: manualOrderReviewSchema }),
    async (request) => orders.reviewManualOrder(request.ctx, request.query),
  );
  app.post(
    '/api/order/manual',
    admin({
      summary: 'Create a manual order (createdBy admin): paid at once, giving access as a paid order does',
      description: 'The same order sent again within 60 seconds answers the first one.',
      querystring: manualOrderQuerySchema,
      ok: adminOrderSchema,
    }),
    async (request) => orders.createManualOrder(request.ctx, request.query),
  );
  for (const kind of ['invoice', 'credit-note'] as const) {
    app.get(
      `/api/admin/orders/:id/${kind}`,
      {
        schema: {
          tags: ['orders'],
          summary: kind === 'invoice' ? "An order's GST invoice (PDF)" : "An order's latest credit note (PDF): for its deletion or a refund",
          params: z.object({ id: z.uuid({ error: ORDER_MESSAGES.notFound }) }),
          response: { 200: binaryResponse(kind === 'invoice' ? 'The invoice' : 'The credit note', ['application/pdf']), ...adminErrors },
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await orders.orderDocumentPdf(request.ctx, { id: request.params.id, kind });
        return sendPdf(reply, fileName, pdf);
      },
    );
  }
  app.delete(
    '/api/order/:id',
    admin({
      summary: 'Delete an order: kept as deleted (with who did it), and the access it gave taken back',
      description:
        'Issues a credit note for its invoice and gives back the coupon use it counted. With `refund=true`, a paid online order is first refunded in full through Razorpay; when Razorpay refuses (409) or does not answer (503), nothing is deleted.',
      params: z.object({ id: z.uuid({ error: ORDER_MESSAGES.notFound }) }),
      querystring: z.object({ refund: z.enum(['true', 'false'], { error: 'refund is true or false' }).optional() }),
      ok: deletedSchema,
    }),
    async (request) => orders.deleteOrder(request.ctx, { id: request.params.id, refund: request.query.refund === 'true' }),
  );
};
