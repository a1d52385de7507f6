import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Config } from '../config.ts';
import { assertNoHeldConnection } from '../db/held-connection.ts';

export interface GatewayPayment {
  id: string;
  /** The provider order it was made against (null for a payment made without one). */
  orderId: string | null;
  /** Paise. */
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** Paise refunded so far. */
  amountRefunded: number;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

/** The payment provider as the product uses it. Every call goes over the network: never inside a transaction. */
export interface PaymentGateway {
  readonly keyId: string;
  /** A provider order for `amount` paise, with our order id as its receipt. */
  createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<{ id: string }>;
  /** The payments made against a provider order. */
  orderPayments(providerOrderId: string): Promise<GatewayPayment[]>;
  /** One payment, as the provider holds it (what was paid, for which order, in what state). */
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Captures an authorized payment for exactly this amount (paise) and currency. */
  capturePayment(paymentId: string, amount: number, currency: string): Promise<GatewayPayment>;
  /** Refunds a captured payment: the whole of what is left, or `amount` paise. */
  refundPayment(paymentId: string, input: { amount?: number; notes: Record<string, string> }): Promise<GatewayRefund>;
  /** The refunds of a payment. */
  paymentRefunds(paymentId: string): Promise<GatewayRefund[]>;
  /** Checkout's signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  paymentSignatureIsValid(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** The webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret. */
  webhookSignatureIsValid(rawBody: Buffer, signature: string): boolean;
}

/** Thrown when the provider cannot be reached or refuses a call. */
export class GatewayError extends Error {
  /** The provider's HTTP status; undefined when it did not answer. */
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
  }

  /** The provider answered that the request itself is wrong (an unknown payment, one already captured): asking again will not help. */
  get refused(): boolean {
    return this.status !== undefined && this.status >= 400 && this.status < 500;
  }
}

/** Compares a hex HMAC in constant time; anything that is not 64 hex digits fails. */
export function hmacMatches(secret: string, data: string | Buffer, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(data).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** How long a call to the provider may take. */
export const GATEWAY_TIMEOUT_MS = 10_000;

interface RazorpayPaymentEntity {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: GatewayPayment['status'];
  amount_refunded?: number;
}

interface RazorpayRefundEntity {
  id: string;
  payment_id: string;
  amount: number;
  status: GatewayRefund['status'];
}

interface RazorpayCalls {
  orders: {
    create(params: Record<string, unknown>): Promise<{ id: string }>;
    fetchPayments(orderId: string): Promise<{ items: RazorpayPaymentEntity[] }>;
  };
  payments: {
    fetch(paymentId: string): Promise<RazorpayPaymentEntity>;
    capture(paymentId: string, amount: number, currency: string): Promise<RazorpayPaymentEntity>;
    refund(paymentId: string, params: Record<string, unknown>): Promise<RazorpayRefundEntity>;
    fetchMultipleRefund(paymentId: string, params: Record<string, unknown>): Promise<{ items: RazorpayRefundEntity[] }>;
  };
  api: { rq: { defaults: { baseURL?: string; timeout?: number } } };
}

const paymentOf = (payment: RazorpayPaymentEntity): GatewayPayment => ({
  id: payment.id,
  orderId: payment.order_id ?? null,
  amount: payment.amount,
  currency: payment.currency,
  status: payment.status,
  amountRefunded: payment.amount_refunded ?? 0,
});
const refundOf = (refund: RazorpayRefundEntity): GatewayRefund => ({
  id: refund.id,
  paymentId: refund.payment_id,
  amount: refund.amount,
  status: refund.status,
});

function describe(error: unknown): string {
  const detail = error as { statusCode?: number; error?: { description?: string }; message?: string };
  return detail.error?.description ?? detail.message ?? `status ${detail.statusCode ?? 'unknown'}`;
}

/** The official `razorpay` client with our keys, at RAZORPAY_API_URL. */
function razorpayGateway(config: Config & { RAZORPAY_KEY_ID: string; RAZORPAY_KEY_SECRET: string; RAZORPAY_WEBHOOK_SECRET: string }): PaymentGateway {
  const client = new Razorpay({ key_id: config.RAZORPAY_KEY_ID, key_secret: config.RAZORPAY_KEY_SECRET }) as unknown as RazorpayCalls;
  // The client has no option for these; its HTTP instance takes them.
  client.api.rq.defaults.baseURL = config.RAZORPAY_API_URL;
  client.api.rq.defaults.timeout = GATEWAY_TIMEOUT_MS;
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    assertNoHeldConnection('Razorpay');
    try {
      return await run();
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      throw new GatewayError(`Razorpay: ${describe(error)}`, typeof status === 'number' ? status : undefined);
    }
  };
  return {
    keyId: config.RAZORPAY_KEY_ID,
    createOrder: ({ amount, receipt, notes }) => call(() => client.orders.create({ amount, currency: 'INR', receipt, notes })),
    orderPayments: async (providerOrderId) => (await call(() => client.orders.fetchPayments(providerOrderId))).items.map(paymentOf),
    fetchPayment: async (paymentId) => paymentOf(await call(() => client.payments.fetch(paymentId))),
    capturePayment: async (paymentId, amount, currency) => paymentOf(await call(() => client.payments.capture(paymentId, amount, currency))),
    refundPayment: async (paymentId, { amount, notes }) =>
      refundOf(await call(() => client.payments.refund(paymentId, { ...(amount === undefined ? {} : { amount }), notes }))),
    paymentRefunds: async (paymentId) => (await call(() => client.payments.fetchMultipleRefund(paymentId, { count: 100 }))).items.map(refundOf),
    paymentSignatureIsValid: (providerOrderId, paymentId, signature) => hmacMatches(config.RAZORPAY_KEY_SECRET, `${providerOrderId}|${paymentId}`, signature),
    webhookSignatureIsValid: (rawBody, signature) => hmacMatches(config.RAZORPAY_WEBHOOK_SECRET, rawBody, signature),
  };
}

const gateways = new WeakMap<Config, PaymentGateway | null>();

/** The configured gateway, or null when RAZORPAY_* are not set (then online payment is off). */
export function paymentGateway(config: Config): PaymentGateway | null {
  if (!gateways.has(config)) {
    const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET } = config;
    gateways.set(
      config,
      RAZORPAY_KEY_ID && RAZORPAY_KEY_SECRET && RAZORPAY_WEBHOOK_SECRET
        ? razorpayGateway({ ...config, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET })
        : null,
    );
  }
  return gateways.get(config)!;
}
