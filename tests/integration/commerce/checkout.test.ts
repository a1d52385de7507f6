import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../shared/commerce/checkout.schema.ts';
import { reconcileOpenOrders, WEBHOOK_MESSAGES } from '../../../server/orders/payment-events.service.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn, testConfig } from '../../support/test-app.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../../support/razorpay-stand-in.ts';

let database: TestDatabase;
let app: FastifyInstance;
let razorpay: RazorpayStandIn;
let admin: string;
let studentCount = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  razorpay = await startRazorpayStandIn();
  app = await buildTestApp(database, { env: razorpay.env });
  await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
  admin = await signIn(app, 'admin@example.com');
});
afterAll(async () => {
  await app?.close();
  await razorpay?.close();
  await database?.drop();
});

const call = (cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function student() {
  studentCount += 1;
  const user = await createUser(database.db, { email: `buyer${studentCount}@example.com`, name: `Buyer ${studentCount}` });
  return { id: user.id, cookie: await signIn(app, `buyer${studentCount}@example.com`) };
}

/** A published course sold under a ₹1,000 + 18% GST rate card for 12 months. */
async function courseForSale(overrides: { gross?: number; term?: string; isFree?: boolean } = {}) {
  const gross = overrides.gross ?? 1000;
  const card = await database.db
    .insertInto('subscriptions')
    .values({ title: 'KAS 12 months', subscription_term: overrides.term ?? '12-months', gross_amount: gross, gst_rate: 18, gst_amount: gross * 0.18, net_amount: gross * 1.18, is_free: overrides.isFree ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const course = await database.db.insertInto('courses').values({ title: `KAS Prelims ${studentCount}-${Math.random()}`, is_published: true, is_visible: true, course_rate_card_id: card.id }).returning('id').executeTakeFirstOrThrow();
  return { cardId: card.id, courseId: course.id };
}

async function coupon(code: string, discountType: 'rate' | 'amount', value: number, minOrderAmount = -1, isActive = true) {
  const created = (await call(admin, 'POST', '/v2/coupons', { code, discountType, value, minOrderAmount })).json();
  if (isActive) await app.inject({ method: 'PUT', url: `/v2/coupons/${created._id}`, headers: { cookie: admin }, payload: { code, discountType, value, minOrderAmount, isActive: true } });
  return created._id as string;
}

const couponRow = (id: string) => database.db.selectFrom('coupons').select(['impressions', 'redemptions']).where('id', '=', id).executeTakeFirstOrThrow();
const grants = (userId: string) => database.db.selectFrom('entitlements').selectAll().where('user_id', '=', userId).execute();

describe('quotes', () => {
  it('prices a course from its rate card, applies a coupon (counted as an impression) and refuses what does not apply', async () => {
    const buyer = await student();
    const { courseId, cardId } = await courseForSale();
    const plain = await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ subscriptionId: cardId, subscriptionTerm: '12-months', termDays: 365, grossAmount: 1000, gstAmount: 180, netAmount: 1180, discountAmount: 0, couponCode: null });

    const tenOff = await coupon('QUOTE10', 'rate', 10);
    const withCoupon = await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId, couponCode: 'quote10' });
    expect(withCoupon.json()).toMatchObject({ discountAmount: 100, discountRate: 10, gstAmount: 162, netAmount: 1062, couponCode: 'QUOTE10' });
    expect((await couponRow(tenOff)).impressions).toBe(1);

    await coupon('MIN2000', 'amount', 100, 2000);
    const below = await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId, couponCode: 'MIN2000' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ message: 'The minimum order amount for this coupon is INR 2,000', field: 'couponCode' });
    await coupon('SLEEPING', 'rate', 50, -1, false);
    for (const code of ['SLEEPING', 'NOSUCH']) {
      const refused = await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId, couponCode: code });
      expect(refused.json()).toMatchObject({ message: CHECKOUT_MESSAGES.couponInvalid, field: 'couponCode' });
    }
  });

  it('refuses nothing chosen, an unknown or unpublished course, a free card, a card without a term, and a stranger', async () => {
    const buyer = await student();
    const nothing = await call(buyer.cookie, 'POST', '/api/student/checkout/quote', {});
    expect(nothing.json()).toMatchObject({ message: CHECKOUT_MESSAGES.nothingChosen, field: 'subscriptionId' });
    expect((await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course' })).json()).toMatchObject({ message: CHECKOUT_MESSAGES.resourcePair });
    expect((await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const hidden = await courseForSale();
    await database.db.updateTable('courses').set({ is_published: false }).where('id', '=', hidden.courseId).execute();
    expect((await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: hidden.courseId })).statusCode).toBe(404);
    const free = await courseForSale({ isFree: true });
    expect((await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { subscriptionId: free.cardId })).json().message).toBe(CHECKOUT_MESSAGES.free);
    const termless = await courseForSale({ term: 'not-selected' });
    expect((await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { subscriptionId: termless.cardId })).json().message).toBe(CHECKOUT_MESSAGES.noTerm);
    const other = await courseForSale();
    const offered = await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: other.courseId, subscriptionId: free.cardId });
    expect(offered.json().message).toBe(CHECKOUT_MESSAGES.cardNotOffered);
    expect((await call(undefined, 'POST', '/api/student/checkout/quote', { subscriptionId: other.cardId })).statusCode).toBe(401);
  });
});

describe('paying with Razorpay', () => {
  it('creates one order per purchase (a second click gets it back), verifies the payment, opens the course and counts the coupon once', async () => {
    const buyer = await student();
    const { courseId } = await courseForSale();
    const couponId = await coupon('PAY10', 'rate', 10);
    const body = { resourceType: 'course', resourceId: courseId, couponCode: 'PAY10' };
    const [first, second] = await Promise.all([call(buyer.cookie, 'POST', '/api/student/orders', body), call(buyer.cookie, 'POST', '/api/student/orders', body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()._id).toBe(first.json()._id);
    const order = first.json();
    expect(order).toMatchObject({ status: 'created', netAmount: 1062, payment: { provider: 'razorpay', keyId: razorpay.keyId, amount: 106_200, currency: 'INR' } });
    const providerOrder = razorpay.orders.get(order.payment.razorpayOrderId)!;
    expect(providerOrder).toMatchObject({ amount: 106_200, receipt: order._id });
    expect((await call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled).toBe(false);

    const { payment, signature } = razorpay.pay(providerOrder.id);
    const tampered = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    const refused = await call(buyer.cookie, 'POST', `/api/student/orders/${order._id}/verify`, { razorpay_order_id: providerOrder.id, razorpay_payment_id: payment.id, razorpay_signature: tampered });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: CHECKOUT_MESSAGES.badSignature });
    expect((await call(buyer.cookie, 'GET', `/api/student/orders/${order._id}`)).json().status).toBe('created');
    expect(await grants(buyer.id)).toHaveLength(0);

    const verified = await call(buyer.cookie, 'POST', `/api/student/orders/${order._id}/verify`, { razorpay_order_id: providerOrder.id, razorpay_payment_id: payment.id, razorpay_signature: signature });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'paid' });
    const ends = new Date(verified.json().accessEndsAt).getTime();
    expect(Math.round((ends - Date.now()) / 86_400_000)).toBe(365);
    // Sent again (a retry): nothing more happens.
    expect((await call(buyer.cookie, 'POST', `/api/student/orders/${order._id}/verify`, { razorpay_order_id: providerOrder.id, razorpay_payment_id: payment.id, razorpay_signature: signature })).statusCode).toBe(200);

    expect((await call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled).toBe(true);
    expect(await grants(buyer.id)).toHaveLength(1);
    expect((await couponRow(couponId)).redemptions).toBe(1);
    const receipts = await database.db.selectFrom('outbound_messages').select(['recipient', 'body']).where('purpose', '=', 'order-receipt').where('recipient', '=', `buyer${studentCount}@example.com`).execute();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body).toContain('INR 1,062');
  });

  it('extends the grant of a student who buys the same course again instead of adding a second', async () => {
    const buyer = await student();
    const { courseId } = await courseForSale();
    for (let round = 0; round < 2; round += 1) {
      const order = (await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId })).json();
      const { payment, signature } = razorpay.pay(order.payment.razorpayOrderId);
      await call(buyer.cookie, 'POST', `/api/student/orders/${order._id}/verify`, { razorpay_order_id: order.payment.razorpayOrderId, razorpay_payment_id: payment.id, razorpay_signature: signature });
    }
    const held = await grants(buyer.id);
    expect(held).toHaveLength(1);
    expect(Math.round((held[0]!.expires_at!.getTime() - Date.now()) / 86_400_000)).toBe(730);
  });

  it('fulfils an order a coupon made free at once, without Razorpay', async () => {
    const buyer = await student();
    const { courseId } = await courseForSale();
    await coupon('ALLFREE', 'rate', 100);
    const before = razorpay.calls.length;
    const order = await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId, couponCode: 'ALLFREE' });
    expect(order.json()).toMatchObject({ status: 'paid', netAmount: 0, payment: null });
    expect(razorpay.calls.length).toBe(before);
    expect((await call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled).toBe(true);
  });

  it('hides one student’s order from another and answers 503 when Razorpay fails to make the order', async () => {
    const [owner, stranger] = [await student(), await student()];
    const { courseId } = await courseForSale();
    const order = (await call(owner.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId })).json();
    expect((await call(stranger.cookie, 'GET', `/api/student/orders/${order._id}`)).statusCode).toBe(404);
    expect((await call(stranger.cookie, 'POST', `/api/student/orders/${order._id}/verify`, { razorpay_order_id: 'x', razorpay_payment_id: 'y', razorpay_signature: 'a'.repeat(64) })).statusCode).toBe(404);
    expect((await call(stranger.cookie, 'GET', '/api/student/orders')).json()).toEqual([]);

    const other = await courseForSale();
    razorpay.failNext();
    const failed = await call(owner.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: other.courseId });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(CHECKOUT_MESSAGES.paymentUnavailable);
    expect(await database.db.selectFrom('orders').select('id').where('resource_id', '=', other.courseId).execute()).toHaveLength(0);
  });
});

describe('the webhook', () => {
  const send = (body: string, headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers, payload: body });

  async function waitingOrder() {
    const buyer = await student();
    const { courseId } = await courseForSale();
    const order = (await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId })).json();
    return { buyer, order, providerOrderId: order.payment.razorpayOrderId as string };
  }

  it('refuses a body with one changed byte or without the signature, changing nothing', async () => {
    const { order, providerOrderId } = await waitingOrder();
    const { payment } = razorpay.pay(providerOrderId);
    const { body, headers } = razorpay.webhook('payment.captured', payment);
    const changed = body.replace('"captured"', '"captureD"');
    for (const [text, head] of [
      [changed, headers],
      [body, { 'content-type': 'application/json' }],
      [body, { ...headers, 'x-razorpay-signature': 'not-hex' }],
    ] as const) {
      const answer = await send(text, head);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(WEBHOOK_MESSAGES.badSignature);
    }
    expect((await database.db.selectFrom('orders').select('status').where('id', '=', order._id).executeTakeFirstOrThrow()).status).toBe('created');
  });

  it('fulfils once for the same event sent three times and for events in any order, and never moves a paid order back', async () => {
    const { buyer, order, providerOrderId } = await waitingOrder();
    const failedAttempt = razorpay.pay(providerOrderId, 'failed').payment;
    const { payment } = razorpay.pay(providerOrderId);
    const captured = razorpay.webhook('payment.captured', payment);
    const paid = razorpay.webhook('order.paid', payment);
    const failed = razorpay.webhook('payment.failed', failedAttempt);
    const answers = await Promise.all([send(captured.body, captured.headers), send(captured.body, captured.headers), send(paid.body, paid.headers), send(captured.body, captured.headers)]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect((await send(failed.body, failed.headers)).json()).toMatchObject({ status: 'handled' });
    expect((await send(captured.body, captured.headers)).json()).toEqual({ status: 'duplicate' });
    const stored = await database.db.selectFrom('orders').select(['status', 'razorpay_payment_id']).where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'paid', razorpay_payment_id: payment.id });
    expect(await grants(buyer.id)).toHaveLength(1);
    const receipts = await database.db.selectFrom('outbound_messages').select('id').where('purpose', '=', 'order-receipt').where('recipient', '=', `buyer${studentCount}@example.com`).execute();
    expect(receipts).toHaveLength(1);
  });

  it('does not take a payment of another amount', async () => {
    const { order, providerOrderId } = await waitingOrder();
    const { payment } = razorpay.pay(providerOrderId);
    const { body, headers } = razorpay.webhook('payment.captured', { ...payment, amount: 100 });
    expect((await send(body, headers)).json()).toMatchObject({ outcome: 'amount-mismatch' });
    expect((await database.db.selectFrom('orders').select('status').where('id', '=', order._id).executeTakeFirstOrThrow()).status).toBe('created');
  });
});

describe('reconciliation', () => {
  it('finishes an order paid at Razorpay whose fulfilment never came (a crash, a lost webhook), and expires one never paid', async () => {
    const buyer = await student();
    const { courseId } = await courseForSale();
    const paidOrder = (await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId })).json();
    razorpay.pay(paidOrder.payment.razorpayOrderId);
    const other = await courseForSale();
    const abandoned = (await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: other.courseId })).json();
    const deps = { db: database.db, config: testConfig(razorpay.env) };

    expect(await reconcileOpenOrders(deps)).toEqual({ checked: 0, fulfilled: 0, expired: 0 });
    await database.db.updateTable('orders').set({ created_at: new Date(Date.now() - 20 * 60_000) }).where('id', 'in', [paidOrder._id, abandoned._id]).execute();
    expect(await reconcileOpenOrders(deps)).toMatchObject({ fulfilled: 1, expired: 0 });
    expect((await call(buyer.cookie, 'GET', `/api/student/orders/${paidOrder._id}`)).json().status).toBe('paid');
    expect((await call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled).toBe(true);

    await database.db.updateTable('orders').set({ created_at: new Date(Date.now() - 25 * 3_600_000) }).where('id', '=', abandoned._id).execute();
    expect(await reconcileOpenOrders(deps)).toMatchObject({ expired: 1 });
    expect((await call(buyer.cookie, 'GET', `/api/student/orders/${abandoned._id}`)).json().status).toBe('expired');
  });
});

describe('without Razorpay keys', () => {
  it('answers 501 "Online payment is not configured" (as for any feature the server is not configured for)', async () => {
    const bare = await buildTestApp(database);
    try {
      await createUser(database.db, { email: 'nokeys@example.com' });
      const cookie = await signIn(bare, 'nokeys@example.com');
      const { courseId } = await courseForSale();
      const answer = await bare.inject({ method: 'POST', url: '/api/student/orders', headers: { cookie }, payload: { resourceType: 'course', resourceId: courseId } });
      expect(answer.statusCode).toBe(501);
      expect(answer.json().message).toBe(CHECKOUT_MESSAGES.paymentNotConfigured);
      const hook = await bare.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(hook.statusCode).toBe(501);
      // A quote still works: the price does not need the payment service.
      expect((await bare.inject({ method: 'POST', url: '/api/student/checkout/quote', headers: { cookie }, payload: { resourceType: 'course', resourceId: courseId } })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
