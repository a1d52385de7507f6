import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Config } from '../config.ts';

export interface GatewayPayment {
  id: string;
  orderId: string;
  /** Paise. */
  amount: number;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
}

/** The payment provider as the product uses it. */
export interface PaymentGateway {
  readonly keyId: string;
  /** A provider order for `amount` paise, with our order id as its receipt. */
  createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<{ id: string }>;
  /** The payments made against a provider order. */
  orderPayments(providerOrderId: string): Promise<GatewayPayment[]>;
  /** Checkout's signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  paymentSignatureIsValid(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** The webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret. */
  webhookSignatureIsValid(rawBody: Buffer, signature: string): boolean;
}

/** Thrown when the provider cannot be reached or refuses a call. */
export class GatewayError extends Error {}

/** Compares a hex HMAC in constant time; anything that is not 64 hex digits fails. */
export function hmacMatches(secret: string, data: string | Buffer, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(data).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** How long a call to the provider may take. */
export const GATEWAY_TIMEOUT_MS = 10_000;

interface RazorpayCalls {
  orders: {
    create(params: Record<string, unknown>): Promise<{ id: string }>;
    fetchPayments(orderId: string): Promise<{ items: Array<{ id: string; order_id: string; amount: number; status: GatewayPayment['status'] }> }>;
  };
  api: { rq: { defaults: { baseURL?: string; timeout?: number } } };
}

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
    try {
      return await run();
    } catch (error) {
      throw new GatewayError(`Razorpay: ${describe(error)}`);
    }
  };
  return {
    keyId: config.RAZORPAY_KEY_ID,
    createOrder: ({ amount, receipt, notes }) => call(() => client.orders.create({ amount, currency: 'INR', receipt, notes })),
    orderPayments: async (providerOrderId) =>
      (await call(() => client.orders.fetchPayments(providerOrderId))).items.map((payment) => ({ id: payment.id, orderId: payment.order_id, amount: payment.amount, status: payment.status })),
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
      RAZORPAY_KEY_ID && RAZORPAY_KEY_SECRET && RAZORPAY_WEBHOOK_SECRET ? razorpayGateway({ ...config, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET }) : null,
    );
  }
  return gateways.get(config)!;
}
