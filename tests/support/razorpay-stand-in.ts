import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Razorpay's API on 127.0.0.1, for tests: the orders API (create, fetch payments),
 * payments made by "the student" on demand, and webhook bodies signed as Razorpay signs them. The
 * product's real client (the `razorpay` package) talks to it through RAZORPAY_API_URL.
 */
export interface StandInPayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: 'INR';
  status: 'authorized' | 'captured' | 'failed';
}

export interface StandInOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
}

export interface RazorpayStandIn {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  env: Record<string, string>;
  orders: Map<string, StandInOrder>;
  /** Calls the stand-in answered, in order ("POST /v1/orders", ...). */
  calls: string[];
  /** Makes the next `count` API calls answer 500 (Razorpay having a bad minute). */
  failNext(count?: number): void;
  /** The student pays the order: a payment in this state, and Checkout's signature for it. */
  pay(orderId: string, status?: StandInPayment['status']): { payment: StandInPayment; signature: string };
  /** A webhook body and its headers, as Razorpay sends them. */
  webhook(event: string, payment: StandInPayment, eventId?: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url')}`;

export async function startRazorpayStandIn(): Promise<RazorpayStandIn> {
  const keyId = 'rzp_test_standin';
  const keySecret = randomBytes(16).toString('hex');
  const webhookSecret = randomBytes(16).toString('hex');
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const calls: string[] = [];
  let failures = 0;
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const path = (request.url ?? '').split('?')[0]!;
      // For end-to-end tests in other processes: "the student pays" through HTTP.
      const control = /^\/__standin\/orders\/([^/]+)\/pay$/.exec(path);
      if (request.method === 'POST' && control) {
        if (!orders.has(control[1]!)) return send(404, { error: { description: 'no such order' } });
        return send(200, pay(control[1]!, 'captured'));
      }
      calls.push(`${request.method} ${path}`);
      if (request.headers.authorization !== expectedAuth) return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } });
      if (failures > 0) {
        failures -= 1;
        return send(500, { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble completing your request at the moment' } });
      }
      if (request.method === 'POST' && path === '/v1/orders') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { amount: number; currency: string; receipt: string; notes?: Record<string, string> };
        if (!Number.isInteger(body.amount) || body.amount < 100) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed' } });
        const order: StandInOrder = { id: id('order'), entity: 'order', amount: body.amount, amount_paid: 0, currency: body.currency, receipt: body.receipt, status: 'created', notes: body.notes ?? {} };
        orders.set(order.id, order);
        return send(200, order);
      }
      const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (request.method === 'GET' && orderPayments) {
        const items = [...payments.values()].filter((payment) => payment.order_id === orderPayments[1]);
        return send(200, { entity: 'collection', count: items.length, items });
      }
      return send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
    });
  });
  function pay(orderId: string, status: StandInPayment['status'] = 'captured') {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no stand-in order ${orderId}`);
    const payment: StandInPayment = { id: id('pay'), entity: 'payment', order_id: orderId, amount: order.amount, currency: 'INR', status };
    payments.set(payment.id, payment);
    if (status === 'captured') Object.assign(order, { status: 'paid', amount_paid: order.amount });
    const signature = createHmac('sha256', keySecret).update(`${orderId}|${payment.id}`).digest('hex');
    return { payment, signature };
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    keyId,
    keySecret,
    webhookSecret,
    env: { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, RAZORPAY_API_URL: url },
    orders,
    calls,
    failNext(count = 1) {
      failures = count;
    },
    pay,
    webhook(event, payment, eventId = id('evt')) {
      const order = orders.get(payment.order_id);
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_standin',
        event,
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: { payment: { entity: payment }, ...(event === 'order.paid' && order ? { order: { entity: order } } : {}) },
        created_at: Math.floor(Date.now() / 1000),
      });
      const signature = createHmac('sha256', webhookSecret).update(body).digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
