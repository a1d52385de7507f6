import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { checkoutInputSchema, createdOrderSchema, quoteSchema, studentOrderSchema, verifyPaymentInputSchema } from '../../shared/commerce/checkout.schema.ts';
import * as checkout from './checkout.service.ts';
import { sendPdf } from './send-pdf.ts';
import { binaryResponse } from '../http/binary-responses.ts';
import { studentPageQuerySchema, studentPageSchema } from '../../shared/validation/paging.ts';
import { handleRazorpayWebhook } from './payment-events.service.ts';

const tags = ['student checkout'];
const student = routeOptions(tags, errorResponses(400, 401, 403, 404, 409, 413, 501, 503));
const reads = routeOptions(tags, errorResponses(400, 401, 404));
const idParams = z.object({ id: z.string().max(100) });

export const checkoutRoutes: DomainRoutes = async (app) => {
  app.post(
    '/api/student/checkout/quote',
    student({
      summary: 'The price of a rate card or of a course, exam, lecture or rank file, with a coupon applied',
      description:
        'Every amount is computed by the server from the stored rate card and coupon, in whole paise (₹1 = 100 paise), with GST at the card rate. A coupon that applies is counted as an impression.',
      body: checkoutInputSchema,
      ok: quoteSchema,
    }),
    async (request) => checkout.quote(request.ctx, request.body),
  );
  app.post(
    '/api/student/orders',
    student({
      summary: 'Create an order and its Razorpay order; pay it with Razorpay Checkout using `payment`',
      description:
        'The same request again while the first order waits for its payment answers that order. An order a coupon made free is paid at once (`payment` null); `payment.amountPaise` is what Razorpay Checkout takes as its `amount`. 501 "Online payment is not configured" when the server has no Razorpay keys; 503 when Razorpay did not answer.',
      body: checkoutInputSchema,
      ok: createdOrderSchema,
    }),
    async (request) => checkout.createOrder(request.ctx, request.body),
  );
  app.post(
    '/api/student/orders/:id/verify',
    student({
      summary: "Report Checkout's payment: a valid signature pays the order and gives access at once",
      params: idParams,
      body: verifyPaymentInputSchema,
      ok: studentOrderSchema,
    }),
    async (request) => checkout.verifyPayment(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.get(
    '/api/student/orders',
    reads({
      summary: "The student's orders, newest first, a page at a time",
      description: 'Pages of `pageSize` orders (20 unless asked, at most 100); the answer has no `total`: `hasMore` says whether a next page holds more.',
      querystring: studentPageQuerySchema(),
      ok: studentPageSchema(studentOrderSchema, { withTotal: false }),
    }),
    async (request) => checkout.listStudentOrders(request.ctx, request.query),
  );
  app.get(
    '/api/student/orders/:id/invoice',
    {
      schema: {
        tags,
        summary: "The GST invoice of one of the student's paid orders (PDF)",
        params: idParams,
        response: { 200: binaryResponse('The invoice as a PDF', 'application/pdf'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await checkout.studentInvoicePdf(request.ctx, request.params);
      return sendPdf(reply, fileName, pdf);
    },
  );
  app.get(
    '/api/student/orders/:id',
    reads({ summary: 'One of the student’s orders (another student’s answers 404)', params: idParams, ok: studentOrderSchema }),
    async (request) => checkout.getStudentOrder(request.ctx, request.params),
  );
};

/** Razorpay's webhook: the raw body is kept, since the signature is over its exact bytes. */
export const paymentWebhookRoutes: DomainRoutes = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/api/payments/razorpay/webhook',
    {
      // Razorpay calls it without a session; the signature is its proof.
      config: { public: true },
      schema: {
        tags: ['payments'],
        summary: "Razorpay's webhook (payments, orders paid, refunds)",
        description: `Signed by Razorpay with X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook secret): a wrong or missing signature answers 400 "The webhook signature is not valid" and changes nothing. The event is stored under its id (X-Razorpay-Event-Id) and applied by a background job right after the answer (queued); an event id already stored answers duplicate, an event the product does not act on ignored. Events: payment.authorized, payment.captured, order.paid, payment.failed, refund.created, refund.processed, refund.failed, payment.refunded.`,
        headers: z.object({ 'x-razorpay-signature': z.string().max(200).optional(), 'x-razorpay-event-id': z.string().max(200).optional() }),
        response: { 200: z.object({ status: z.enum(['queued', 'duplicate', 'ignored']) }), 400: errorBodySchema, 501: errorBodySchema },
      },
    },
    async (request) =>
      handleRazorpayWebhook(request.ctx, {
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : ''),
        signature: request.headers['x-razorpay-signature'],
        eventId: request.headers['x-razorpay-event-id'],
      }),
  );
};
