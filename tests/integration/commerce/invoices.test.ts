import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../shared/commerce/checkout.schema.ts';
import { financialYear } from '../../../shared/commerce/invoice.rules.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../support/test-app.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../../support/razorpay-stand-in.ts';

let database: TestDatabase;
let app: FastifyInstance;
let razorpay: RazorpayStandIn;
let admin: string;
let courseId: string;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  razorpay = await startRazorpayStandIn();
  app = await buildTestApp(database, { env: { ...razorpay.env, SELLER_GSTIN: '32ABCDE1234F1Z5', SELLER_NAME: 'Lakshya Academy', INVOICE_PREFIX: 'LKA' } });
  await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
  admin = await signIn(app, 'admin@example.com');
  const card = await database.db
    .insertInto('subscriptions')
    .values({ title: 'Invoice plan', subscription_term: '12-months', gross_amount: 999, gst_rate: 18, gst_amount: 179.82, net_amount: 1178.82 })
    .returning('id')
    .executeTakeFirstOrThrow();
  courseId = (await database.db.insertInto('courses').values({ title: 'Invoice course', is_published: true, is_visible: true, course_rate_card_id: card.id }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await app?.close();
  await razorpay?.close();
  await database?.drop();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function student() {
  counter += 1;
  await createUser(database.db, { email: `invoice${counter}@example.com`, name: `Invoice Buyer ${counter}` });
  return signIn(app, `invoice${counter}@example.com`);
}

/** A student buys the course (optionally with a coupon and a billing state) and pays. */
async function buy(cookie: string, extra: Record<string, string> = {}) {
  const order = (await call(cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId, ...extra })).json();
  if (!order.payment) return order._id as string;
  const { payment, signature } = razorpay.pay(order.payment.razorpayOrderId);
  const verified = await call(cookie, 'POST', `/api/student/orders/${order._id}/verify`, { razorpay_order_id: order.payment.razorpayOrderId, razorpay_payment_id: payment.id, razorpay_signature: signature });
  expect(verified.statusCode, verified.body).toBe(200);
  return order._id as string;
}

const invoiceOf = (orderId: string, kind: 'invoice' | 'credit-note' = 'invoice') =>
  database.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).executeTakeFirst();

describe('GST invoices', () => {
  it('issues a numbered invoice on payment, CGST + SGST within Kerala, adding up to the net, as a PDF for the student and staff only', async () => {
    const buyer = await student();
    const orderId = await buy(buyer);
    const invoice = (await invoiceOf(orderId))!;
    expect(invoice.number).toMatch(new RegExp(`^LKA/${financialYear(new Date())}/\\d{6}$`));
    expect(invoice).toMatchObject({ taxable_paise: 99_900, cgst_paise: 8991, sgst_paise: 8991, igst_paise: 0, round_off_paise: 0, total_paise: 117_882 });
    expect(invoice.seller).toMatchObject({ name: 'Lakshya Academy', gstin: '32ABCDE1234F1Z5', state: 'Kerala' });
    expect(invoice.buyer).toMatchObject({ name: `Invoice Buyer ${counter}`, state: 'Kerala' });

    const pdf = await call(buyer, 'GET', `/api/student/orders/${orderId}/invoice`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(admin, 'GET', `/api/admin/orders/${orderId}/invoice`)).statusCode).toBe(200);
    const stranger = await student();
    expect((await call(stranger, 'GET', `/api/student/orders/${orderId}/invoice`)).statusCode).toBe(404);
  });

  it('charges IGST to a buyer in another state, with the rupee round-off on its own line', async () => {
    const buyer = await student();
    const code = `TEN${counter}`;
    const coupon = (await call(admin, 'POST', '/v2/coupons', { code, discountType: 'rate', value: 12.5 })).json();
    await call(admin, 'PUT', `/v2/coupons/${coupon._id}`, { code, discountType: 'rate', value: 12.5, isActive: true });
    const orderId = await buy(buyer, { billingState: 'Tamil Nadu', couponCode: code });
    const invoice = (await invoiceOf(orderId))!;
    // ₹999 − 12.5% = ₹874.12 taxable; IGST ₹157.34; net ₹1,031 → round-off −₹0.46.
    expect(invoice).toMatchObject({ taxable_paise: 87_412, cgst_paise: 0, sgst_paise: 0, igst_paise: 15_734, round_off_paise: -46, total_paise: 103_100 });
    expect(invoice.buyer).toMatchObject({ state: 'Tamil Nadu' });
    expect(invoice.description).toContain(`coupon ${code}`);
    const refused = await call(buyer, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId, billingState: 'Atlantis' });
    expect(refused.statusCode).toBe(400);
  });

  it('numbers invoices one after another without gaps when many orders are paid at once', async () => {
    const buyers: string[] = [];
    // Signed in one after another (sign-in is rate-limited per address); paid all at once.
    for (let i = 0; i < 8; i += 1) buyers.push(await student());
    const orderIds = await Promise.all(buyers.map((cookie) => buy(cookie)));
    const numbers = (await Promise.all(orderIds.map((id) => invoiceOf(id)))).map((invoice) => Number(invoice!.number.split('/').at(-1)));
    const all = (await database.db.selectFrom('invoices').select('number').where('kind', '=', 'invoice').execute()).map((row) => Number(row.number.split('/').at(-1))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('keeps the invoice of a deleted order and issues a credit note that cancels it; a free order has none', async () => {
    const buyer = await student();
    const orderId = await buy(buyer);
    expect((await call(admin, 'GET', `/api/admin/orders/${orderId}/credit-note`)).json().message).toBe(CHECKOUT_MESSAGES.noCreditNote);
    expect((await call(admin, 'DELETE', `/api/order/${orderId}`)).statusCode).toBe(200);
    const invoice = (await invoiceOf(orderId))!;
    const credit = (await invoiceOf(orderId, 'credit-note'))!;
    expect(credit.number).toMatch(/^CN\//);
    expect(credit).toMatchObject({ credits_invoice_id: invoice.id, total_paise: invoice.total_paise });
    expect((await call(admin, 'GET', `/api/admin/orders/${orderId}/credit-note`)).headers['content-type']).toBe('application/pdf');

    const code = `FREE${counter}`;
    const coupon = (await call(admin, 'POST', '/v2/coupons', { code, discountType: 'rate', value: 100 })).json();
    await call(admin, 'PUT', `/v2/coupons/${coupon._id}`, { code, discountType: 'rate', value: 100, isActive: true });
    const freeOrder = await buy(await student(), { couponCode: code });
    expect(await invoiceOf(freeOrder)).toBeUndefined();
    expect((await call(admin, 'GET', `/api/admin/orders/${freeOrder}/invoice`)).json().message).toBe(CHECKOUT_MESSAGES.noInvoice);
  });
});
