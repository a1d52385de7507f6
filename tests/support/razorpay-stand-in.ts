import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Razorpay's API on 127.0.0.1, for tests and benchmarks: orders (create, their
 * payments), payments (fetch, capture, refund, their refunds), payments made by "the student" on
 * demand, and webhook bodies signed as Razorpay signs them. The product's real client (the
 * `razorpay` package) talks to it through RAZORPAY_API_URL. It answers as Razorpay does where the
 * product depends on it: a capture must name the payment's exact amount and currency, an order is
 * paid once a payment of it is captured, a refund cannot exceed what is left.
 */
export interface StandInPayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'refunded' | 'failed';
  captured: boolean;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
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

export interface StandInRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
}

export interface RazorpayStandIn {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  env: Record<string, string>;
  orders: Map<string, StandInOrder>;
  payments: Map<string, StandInPayment>;
  refunds: Map<string, StandInRefund>;
  /** Calls the stand-in answered, in order ("POST /v1/orders", ...). */
  calls: string[];
  /** Makes the next `count` API calls answer 500 (Razorpay having a bad minute). */
  failNext(count?: number): void;
  /** Every API call waits this long before answering (a slow Razorpay); 0 by default. */
  setLatency(milliseconds: number): void;
  /** The student pays the order: a payment in this state (of another amount when given), and Checkout's signature for it. */
  pay(
    orderId: string,
    status?: 'authorized' | 'captured' | 'failed',
    options?: { amount?: number; currency?: string },
  ): { payment: StandInPayment; signature: string };
  /** Checkout's signature for any order and payment pair (what a student could show for a payment of theirs). */
  sign(orderId: string, paymentId: string): string;
  /** A refund made outside the product (Razorpay's dashboard): the whole of what is left, or `amount` paise. */
  refund(paymentId: string, amount?: number): StandInRefund;
  /** A webhook body and its headers, as Razorpay sends them. */
  webhook(event: string, payment: StandInPayment, eventId?: string, refund?: StandInRefund): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url')}`;
const badRequest = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

interface StandInFailure {
  status: number;
  description: string;
  path: string | null;
}
const SERVER_TROUBLE: StandInFailure = { status: 500, description: 'We are facing some trouble completing your request at the moment', path: null };

export async function startRazorpayStandIn(): Promise<RazorpayStandIn> {
  const keyId = 'rzp_test_standin';
  const keySecret = randomBytes(16).toString('hex');
  const webhookSecret = randomBytes(16).toString('hex');
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const refunds = new Map<string, StandInRefund>();
  const calls: string[] = [];
  let failures = 0;
  /** What the failing calls answer, and the one API path they are limited to (every path when null). */
  let failure: StandInFailure = SERVER_TROUBLE;
  let latency = 0;
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  function capture(payment: StandInPayment) {
    Object.assign(payment, { status: 'captured', captured: true });
    const order = orders.get(payment.order_id);
    if (order) Object.assign(order, { status: 'paid', amount_paid: payment.amount });
  }

  function refund(paymentId: string, amount?: number, notes: Record<string, string> = {}): StandInRefund | string {
    const payment = payments.get(paymentId);
    if (!payment) return 'The id provided does not exist';
    if (!payment.captured) return 'The payment has not been captured';
    const left = payment.amount - payment.amount_refunded;
    if (left <= 0) return 'The payment has been fully refunded already';
    const value = amount ?? left;
    if (!Number.isInteger(value) || value < 100 || value > left) return 'The refund amount provided is greater than amount captured';
    const made: StandInRefund = {
      id: id('rfnd'),
      entity: 'refund',
      amount: value,
      currency: payment.currency,
      payment_id: paymentId,
      notes,
      status: 'processed',
    };
    refunds.set(made.id, made);
    payment.amount_refunded += value;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    return made;
  }

  function answer(method: string, path: string, body: Record<string, unknown>): [number, unknown] {
    if (method === 'POST' && path === '/v1/orders') {
      const amount = body.amount as number;
      if (!Number.isInteger(amount) || amount < 100) return [400, badRequest('Order amount less than minimum amount allowed')];
      const order: StandInOrder = {
        id: id('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        currency: String(body.currency),
        receipt: String(body.receipt),
        status: 'created',
        notes: (body.notes as Record<string, string>) ?? {},
      };
      orders.set(order.id, order);
      return [200, order];
    }
    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (method === 'GET' && orderPayments) {
      if (!orders.has(orderPayments[1]!)) return [400, badRequest('The id provided does not exist')];
      const items = [...payments.values()].filter((payment) => payment.order_id === orderPayments[1]);
      return [200, { entity: 'collection', count: items.length, items }];
    }
    const paymentPath = /^\/v1\/payments\/([^/]+)(\/capture|\/refund|\/refunds)?$/.exec(path);
    if (!paymentPath) return [404, badRequest('The requested URL was not found on the server.')];
    const payment = payments.get(paymentPath[1]!);
    if (!payment) return [400, badRequest('The id provided does not exist')];
    const action = paymentPath[2];
    if (method === 'GET' && action === undefined) return [200, payment];
    if (method === 'POST' && action === '/capture') {
      if (payment.status !== 'authorized')
        return [
          400,
          badRequest(
            payment.captured ? 'This payment has already been captured' : 'Only payments which have been authorized and not yet captured can be captured',
          ),
        ];
      if (Number(body.amount) !== payment.amount) return [400, badRequest('Capture amount must be equal to the amount authorized')];
      if (body.currency !== undefined && body.currency !== payment.currency) return [400, badRequest('The currency should be same as that of the payment')];
      capture(payment);
      return [200, payment];
    }
    if (method === 'POST' && action === '/refund') {
      const made = refund(payment.id, body.amount === undefined ? undefined : Number(body.amount), (body.notes as Record<string, string>) ?? {});
      return typeof made === 'string' ? [400, badRequest(made)] : [200, made];
    }
    if (method === 'GET' && action === '/refunds') {
      const items = [...refunds.values()].filter((made) => made.payment_id === payment.id);
      return [200, { entity: 'collection', count: items.length, items }];
    }
    return [404, badRequest('The requested URL was not found on the server.')];
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const path = (request.url ?? '').split('?')[0]!;
      const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
      // For end-to-end tests in other processes: "the student pays" through HTTP.
      const control = /^\/__standin\/orders\/([^/]+)\/pay$/.exec(path);
      if (request.method === 'POST' && control) {
        if (!orders.has(control[1]!)) return send(404, badRequest('no such order'));
        return send(200, pay(control[1]!, query.get('status') === 'authorized' ? 'authorized' : 'captured'));
      }
      // "Razorpay refuses or has a bad minute" for the next calls: { count?, status?, description?, path? }
      // (by default the next call, anywhere, answers 500); path limits it to one API path.
      if (request.method === 'POST' && path === '/__standin/fail-next') {
        let asked: { count?: unknown; status?: unknown; description?: unknown; path?: unknown } = {};
        try {
          const text = Buffer.concat(chunks).toString('utf8');
          asked = text ? (JSON.parse(text) as typeof asked) : {};
        } catch {
          return send(400, badRequest('The request body is not JSON'));
        }
        failures = typeof asked.count === 'number' ? asked.count : 1;
        failure = {
          status: typeof asked.status === 'number' ? asked.status : SERVER_TROUBLE.status,
          description: typeof asked.description === 'string' ? asked.description : SERVER_TROUBLE.description,
          path: typeof asked.path === 'string' ? asked.path : null,
        };
        return send(200, { failures, ...failure });
      }
      // What the stand-in holds of a payment and its refunds, for tests in other processes.
      const held = /^\/__standin\/payments\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && held) {
        const payment = payments.get(held[1]!);
        if (!payment) return send(404, badRequest('no such payment'));
        return send(200, { payment, refunds: [...refunds.values()].filter((made) => made.payment_id === payment.id) });
      }
      calls.push(`${request.method} ${path}`);
      if (request.headers.authorization !== expectedAuth)
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } });
      if (failures > 0 && (failure.path === null || failure.path === path)) {
        failures -= 1;
        return send(failure.status, { error: { code: failure.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description: failure.description } });
      }
      let body: Record<string, unknown>;
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return send(400, badRequest('The request body is not JSON'));
      }
      const [status, result] = answer(request.method ?? 'GET', path, body);
      if (latency > 0) setTimeout(() => send(status, result), latency);
      else send(status, result);
    });
  });
  const sign = (orderId: string, paymentId: string) => createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  function pay(orderId: string, status: 'authorized' | 'captured' | 'failed' = 'captured', options: { amount?: number; currency?: string } = {}) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no stand-in order ${orderId}`);
    const payment: StandInPayment = {
      id: id('pay'),
      entity: 'payment',
      order_id: orderId,
      amount: options.amount ?? order.amount,
      currency: options.currency ?? 'INR',
      status: status === 'captured' ? 'authorized' : status,
      captured: false,
      amount_refunded: 0,
      refund_status: null,
    };
    payments.set(payment.id, payment);
    if (status === 'captured') capture(payment);
    else if (status === 'authorized' && order.status === 'created') order.status = 'attempted';
    return { payment, signature: sign(orderId, payment.id) };
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
    payments,
    refunds,
    calls,
    failNext(count = 1) {
      failures = count;
      failure = SERVER_TROUBLE;
    },
    setLatency(milliseconds) {
      latency = milliseconds;
    },
    pay,
    sign,
    refund(paymentId, amount) {
      const made = refund(paymentId, amount);
      if (typeof made === 'string') throw new Error(made);
      return made;
    },
    webhook(event, payment, eventId = id('evt'), refundMade) {
      const order = orders.get(payment.order_id);
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_standin',
        event,
        contains: [...(refundMade ? ['refund'] : []), 'payment', ...(event === 'order.paid' ? ['order'] : [])],
        payload: {
          ...(refundMade ? { refund: { entity: refundMade } } : {}),
          payment: { entity: payment },
          ...(event === 'order.paid' && order ? { order: { entity: order } } : {}),
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      const signature = createHmac('sha256', webhookSecret).update(body).digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
