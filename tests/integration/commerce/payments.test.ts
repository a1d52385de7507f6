import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../shared/commerce/checkout.schema.ts';
import { ORDER_MESSAGES } from '../../../shared/commerce/orders.schema.ts';
import { HeldConnectionError } from '../../../server/db/held-connection.ts';
import { paymentGateway } from '../../../server/orders/payment-gateway.ts';
import { reconcileOpenOrders } from '../../../server/orders/reconciler.ts';
import { startCommerceWorld, type CommerceWorld } from '../../support/commerce-fixtures.ts';

let world: CommerceWorld;
beforeAll(async () => {
  world = await startCommerceWorld();
});
afterAll(async () => {
  world.razorpay.setLatency(0);
  await world?.close();
});

type Buyer = Awaited<ReturnType<CommerceWorld['student']>>;
const buy = async (buyer: Buyer, courseId: string, extra: Record<string, unknown> = {}) => {
  const answer = await world.call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId, ...extra });
  if (answer.statusCode !== 200) throw new Error(`order refused: ${answer.statusCode} ${answer.body}`);
  return answer.json<{ _id: string; status: string; payment: { razorpayOrderId: string; amount: number } | null }>();
};
const verify = (buyer: Buyer, orderId: string, body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
  world.call(buyer.cookie, 'POST', `/api/student/orders/${orderId}/verify`, body);
const orderRow = (id: string) => world.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entitled = async (buyer: Buyer, courseId: string) =>
  (await world.call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled as boolean;
const alertsAbout = (resourceId: string) => world.database.db.selectFrom('admin_alerts').select('message').where('resource_id', '=', resourceId).execute();
const creditNotes = (orderId: string) =>
  world.database.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', 'credit-note').execute();
const sendEvent = (event: { body: string; headers: Record<string, string> }) =>
  world.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers: event.headers, payload: event.body });

async function paidOrder(buyer: Buyer, courseId: string, extra: Record<string, unknown> = {}) {
  const order = await buy(buyer, courseId, extra);
  const { payment, signature } = world.razorpay.pay(order.payment!.razorpayOrderId);
  const answer = await verify(buyer, order._id, {
    razorpay_order_id: order.payment!.razorpayOrderId,
    razorpay_payment_id: payment.id,
    razorpay_signature: signature,
  });
  expect(answer.json().status).toBe('paid');
  return { order, payment };
}

describe('no request holds the database while Razorpay answers', () => {
  it('commits the order before asking Razorpay: while Razorpay is slow, no transaction is open and no lock is held', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    world.razorpay.setLatency(2_000);
    try {
      const before = world.razorpay.calls.length;
      const pending = buy(buyer, courseId);
      // Wait until Razorpay has the request: the order is then waiting on Razorpay alone.
      while (world.razorpay.calls.length === before) await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await sql<{ open: number; locks: number }>`
        select (select count(*) from pg_stat_activity where datname = current_database() and state like 'idle in transaction%') as open,
          (select count(*) from pg_locks where locktype = 'advisory' and granted) as locks`.execute(world.database.db);
      expect(rows[0]).toEqual({ open: 0, locks: 0 });
      // The order is already stored, waiting for its Razorpay order.
      expect(await world.database.db.selectFrom('orders').select('status').where('user_id', '=', buyer.id).execute()).toEqual([{ status: 'created' }]);
      const order = await pending;
      expect(order.payment?.razorpayOrderId).toMatch(/^order_/);
    } finally {
      world.razorpay.setLatency(0);
    }
  });

  it('refuses an outside call made inside a transaction (the rule every client of an outside service checks)', async () => {
    const gateway = paymentGateway(world.deps.config)!;
    await expect(world.database.db.transaction().execute(() => gateway.fetchPayment('pay_x'))).rejects.toThrow(HeldConnectionError);
    await expect(
      world.database.db
        .transaction()
        .execute(async () => (await import('../../../server/assets/storage/index.ts')).createStorage(world.deps.config).exists('x')),
    ).rejects.toThrow(HeldConnectionError);
  });

  it('limits how many orders one student starts: an order answered again does not count', async () => {
    const buyer = await world.student();
    const courses = await Promise.all(Array.from({ length: 11 }, () => world.courseForSale()));
    const first = await buy(buyer, courses[0]!.courseId);
    for (let i = 0; i < 5; i += 1) expect((await buy(buyer, courses[0]!.courseId))._id).toBe(first._id);
    for (const course of courses.slice(1, 10)) await buy(buyer, course.courseId);
    const refused = await world.call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courses[10]!.courseId });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many orders in a short time\. Please try again in \d+ minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('payments are checked against Razorpay before anything is given', () => {
  it('captures an authorized payment reported by Checkout for the order amount, then gives access', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const order = await buy(buyer, courseId);
    const { payment, signature } = world.razorpay.pay(order.payment!.razorpayOrderId, 'authorized');
    const answer = await verify(buyer, order._id, {
      razorpay_order_id: order.payment!.razorpayOrderId,
      razorpay_payment_id: payment.id,
      razorpay_signature: signature,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().status).toBe('paid');
    expect(world.razorpay.calls).toContain(`POST /v1/payments/${payment.id}/capture`);
    expect(world.razorpay.payments.get(payment.id)).toMatchObject({ status: 'captured', captured: true });
    expect(await entitled(buyer, courseId)).toBe(true);
  });

  it('gives nothing for a payment of another amount or of another order, however well signed, and alerts staff once', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const order = await buy(buyer, courseId);
    const providerOrderId = order.payment!.razorpayOrderId;
    // 100 paise paid against an ₹1,180 order, with Checkout's real signature.
    const small = world.razorpay.pay(providerOrderId, 'authorized', { amount: 100 });
    for (let i = 0; i < 2; i += 1) {
      const answer = await verify(buyer, order._id, {
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: small.payment.id,
        razorpay_signature: small.signature,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: CHECKOUT_MESSAGES.paymentMismatch, field: 'razorpay_payment_id' });
    }
    expect(world.razorpay.payments.get(small.payment.id)!.captured).toBe(false);
    expect(await alertsAbout(`${small.payment.id}:amount`)).toHaveLength(1);

    // A payment of another student's order, signed as if it were for this one.
    const other = await world.student();
    const { courseId: otherCourse } = await world.courseForSale();
    const otherOrder = await buy(other, otherCourse);
    const foreign = world.razorpay.pay(otherOrder.payment!.razorpayOrderId);
    const borrowed = await verify(buyer, order._id, {
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: foreign.payment.id,
      razorpay_signature: world.razorpay.sign(providerOrderId, foreign.payment.id),
    });
    expect(borrowed.statusCode).toBe(400);
    expect(await alertsAbout(`${foreign.payment.id}:foreign`)).toHaveLength(1);
    expect((await orderRow(order._id)).status).toBe('created');
    expect(await world.grants(buyer.id)).toHaveLength(0);
    // An unknown payment id: Razorpay has none, so nothing is given.
    const unknown = await verify(buyer, order._id, {
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: 'pay_nosuch',
      razorpay_signature: world.razorpay.sign(providerOrderId, 'pay_nosuch'),
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('captures an authorized payment that arrives by webhook, once, however many times it is sent', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const order = await buy(buyer, courseId);
    const { payment } = world.razorpay.pay(order.payment!.razorpayOrderId, 'authorized');
    const event = world.razorpay.webhook('payment.authorized', payment);
    const answers = await Promise.all([sendEvent(event), sendEvent(event), sendEvent(event)]);
    expect(answers.filter((answer) => answer.json().status === 'queued')).toHaveLength(1);
    expect(await world.applyQueuedEvents()).toEqual(['fulfilled']);
    expect(world.razorpay.calls.filter((made) => made === `POST /v1/payments/${payment.id}/capture`)).toHaveLength(1);
    expect(await entitled(buyer, courseId)).toBe(true);
  });

  it('answers 503 and gives nothing when Razorpay cannot be asked about the payment; the webhook job tries again later', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const order = await buy(buyer, courseId);
    const { payment, signature } = world.razorpay.pay(order.payment!.razorpayOrderId);
    world.razorpay.failNext(1);
    const answer = await verify(buyer, order._id, {
      razorpay_order_id: order.payment!.razorpayOrderId,
      razorpay_payment_id: payment.id,
      razorpay_signature: signature,
    });
    expect(answer.statusCode).toBe(503);
    expect((await orderRow(order._id)).status).toBe('created');
    await sendEvent(world.razorpay.webhook('payment.captured', payment));
    world.razorpay.failNext(1);
    await expect(world.applyQueuedEvents()).rejects.toThrow(/Razorpay/);
    expect(await world.applyQueuedEvents()).toEqual(['fulfilled']);
  });
});

describe('refunds', () => {
  it('a full refund made in Razorpay takes the access back, issues a credit note and gives the coupon back', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const couponId = await world.coupon({ code: 'REFUND10', discountType: 'rate', value: 10 });
    const { order, payment } = await paidOrder(buyer, courseId, { couponCode: 'REFUND10' });
    expect(await world.couponRow(couponId)).toMatchObject({ uses: 1, redemptions: 1 });
    const refund = world.razorpay.refund(payment.id);
    const event = world.razorpay.webhook('refund.processed', world.razorpay.payments.get(payment.id)!, undefined, refund);
    await Promise.all([
      sendEvent(event),
      sendEvent(event),
      sendEvent(world.razorpay.webhook('payment.refunded', world.razorpay.payments.get(payment.id)!, undefined, refund)),
    ]);
    await world.applyQueuedEvents();
    const stored = await orderRow(order._id);
    expect(stored).toMatchObject({ status: 'refunded', refunded_paise: stored.net_paise });
    expect(await entitled(buyer, courseId)).toBe(false);
    const notes = await creditNotes(order._id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.total_paise).toBe(stored.net_paise);
    expect(await world.couponRow(couponId)).toMatchObject({ uses: 0, redemptions: 0 });
    // The student's order list says so.
    expect((await world.call(buyer.cookie, 'GET', `/api/student/orders/${order._id}`)).json().status).toBe('refunded');
  });

  it('a partial refund issues a credit note for its amount, keeps access and asks staff to decide', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const { order, payment } = await paidOrder(buyer, courseId);
    const refund = world.razorpay.refund(payment.id, 50_000);
    await sendEvent(world.razorpay.webhook('refund.processed', world.razorpay.payments.get(payment.id)!, undefined, refund));
    await world.applyQueuedEvents();
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', refunded_paise: 50_000 });
    expect(await entitled(buyer, courseId)).toBe(true);
    const notes = await creditNotes(order._id);
    expect(notes.map((note) => note.total_paise)).toEqual([50_000]);
    expect((await alertsAbout(order._id)).map((alert) => alert.message).join('\n')).toContain('partial refund of INR 500');
    // The reconciler finds nothing more to do with it.
    await world.database.db
      .updateTable('refunds')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .where('order_id', '=', order._id)
      .execute();
    await reconcileOpenOrders(world.deps);
    expect(await creditNotes(order._id)).toHaveLength(1);
  });

  it('deletes a paid online order with a refund through Razorpay (off unless asked), once, and gives its coupon back', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const couponId = await world.coupon({ code: 'DELETE5', discountType: 'rate', value: 5 });
    const { order, payment } = await paidOrder(buyer, courseId, { couponCode: 'DELETE5' });
    const answers = await Promise.all([1, 2, 3].map(() => world.call(world.admin, 'DELETE', `/api/order/${order._id}?refund=true`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect([...world.razorpay.refunds.values()].filter((refund) => refund.payment_id === payment.id).map((refund) => refund.amount)).toEqual([payment.amount]);
    expect(await orderRow(order._id)).toMatchObject({ status: 'deleted', refunded_paise: payment.amount });
    expect(await entitled(buyer, courseId)).toBe(false);
    expect(await creditNotes(order._id)).toHaveLength(1);
    expect(await world.couponRow(couponId)).toMatchObject({ uses: 0, redemptions: 0 });
    // Razorpay's refund webhook afterwards changes nothing more.
    const refund = [...world.razorpay.refunds.values()].find((made) => made.payment_id === payment.id)!;
    await sendEvent(world.razorpay.webhook('refund.processed', world.razorpay.payments.get(payment.id)!, undefined, refund));
    await world.applyQueuedEvents();
    expect(await creditNotes(order._id)).toHaveLength(1);
    expect(await world.database.db.selectFrom('refunds').select('origin').where('order_id', '=', order._id).execute()).toEqual([{ origin: 'product' }]);
  });

  it('keeps the order when Razorpay does not answer the refund, and deletes without refund when not asked', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const { order, payment } = await paidOrder(buyer, courseId);
    world.razorpay.failNext(1);
    const refused = await world.call(world.admin, 'DELETE', `/api/order/${order._id}?refund=true`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(ORDER_MESSAGES.refundNoAnswer);
    expect((await orderRow(order._id)).status).toBe('paid');
    expect(await world.database.db.selectFrom('refunds').select('id').where('order_id', '=', order._id).execute()).toHaveLength(0);
    expect(await entitled(buyer, courseId)).toBe(true);

    expect((await world.call(world.admin, 'DELETE', `/api/order/${order._id}`)).statusCode).toBe(200);
    expect([...world.razorpay.refunds.values()].filter((refund) => refund.payment_id === payment.id)).toHaveLength(0);
    // A manual order has no online payment to refund.
    const manualBuyer = await world.student();
    await world.database.db.updateTable('users').set({ phone_number: '9847001234' }).where('id', '=', manualBuyer.id).execute();
    const manual = await world.call(
      world.admin,
      'POST',
      `/api/order/manual?phoneNumber=9847001234&resourceId=${courseId}&resourceType=course&term=1-month&amount=10`,
    );
    const noRefund = await world.call(world.admin, 'DELETE', `/api/order/${manual.json()._id}?refund=true`);
    expect(noRefund.statusCode).toBe(400);
    expect(noRefund.json()).toMatchObject({ message: ORDER_MESSAGES.nothingToRefund });
  });

  it('refunds a payment made to an order staff deleted, automatically and once, and alerts staff', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const order = await buy(buyer, courseId);
    expect((await world.call(world.admin, 'DELETE', `/api/order/${order._id}`)).statusCode).toBe(200);
    const { payment } = world.razorpay.pay(order.payment!.razorpayOrderId);
    const event = world.razorpay.webhook('payment.captured', payment);
    await Promise.all([sendEvent(event), sendEvent(world.razorpay.webhook('order.paid', payment))]);
    await world.applyQueuedEvents();
    await reconcileOpenOrders(world.deps);
    expect([...world.razorpay.refunds.values()].filter((refund) => refund.payment_id === payment.id).map((refund) => refund.amount)).toEqual([payment.amount]);
    expect(await world.grants(buyer.id)).toHaveLength(0);
    const alerts = (await alertsAbout(order._id)).map((alert) => alert.message);
    expect(alerts.filter((message) => message.includes('is being refunded automatically'))).toHaveLength(1);
  });
});

describe('one order to pay for one purchase', () => {
  it('answers the same order after a failed attempt, so that only one can be paid, with the billing state given last', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const first = await buy(buyer, courseId, { billingState: 'Kerala' });
    const failed = world.razorpay.pay(first.payment!.razorpayOrderId, 'failed').payment;
    await sendEvent(world.razorpay.webhook('payment.failed', failed));
    await world.applyQueuedEvents();
    expect((await orderRow(first._id)).status).toBe('failed');
    const calls = world.razorpay.calls.filter((made) => made === 'POST /v1/orders').length;
    const again = await buy(buyer, courseId, { billingState: 'Karnataka' });
    expect(again._id).toBe(first._id);
    expect(world.razorpay.calls.filter((made) => made === 'POST /v1/orders')).toHaveLength(calls);
    expect((await orderRow(first._id)).buyer_state).toBe('Karnataka');
    const { payment, signature } = world.razorpay.pay(first.payment!.razorpayOrderId);
    await verify(buyer, first._id, { razorpay_order_id: first.payment!.razorpayOrderId, razorpay_payment_id: payment.id, razorpay_signature: signature });
    const invoice = await world.database.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', first._id)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    // Outside Kerala: IGST, not CGST + SGST.
    expect(invoice.igst_paise).toBeGreaterThan(0);
    expect(invoice.cgst_paise + invoice.sgst_paise).toBe(0);
  });

  it('replaces a waiting order when the price changes (a coupon added), refunding a payment that still reaches the old one', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const couponId = await world.coupon({ code: 'SWITCH20', discountType: 'rate', value: 20 });
    const plain = await buy(buyer, courseId);
    const discounted = await buy(buyer, courseId, { couponCode: 'SWITCH20' });
    expect(discounted._id).not.toBe(plain._id);
    expect((await orderRow(plain._id)).status).toBe('cancelled');
    // Back to no coupon: the coupon's use is given back.
    const plainAgain = await buy(buyer, courseId);
    expect((await world.couponRow(couponId)).uses).toBe(0);
    const late = world.razorpay.pay(plain.payment!.razorpayOrderId);
    const answer = await verify(buyer, plain._id, {
      razorpay_order_id: plain.payment!.razorpayOrderId,
      razorpay_payment_id: late.payment.id,
      razorpay_signature: late.signature,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(CHECKOUT_MESSAGES.orderNotPayable);
    expect(world.razorpay.payments.get(late.payment.id)).toMatchObject({ refund_status: 'full' });
    expect((await orderRow(plainAgain._id)).status).toBe('created');
  });

  it('makes one free order for ten taps on a coupon that makes it free', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    await world.coupon({ code: 'TAPFREE', discountType: 'rate', value: 100 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        world.call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId, couponCode: 'TAPFREE' }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.json()._id)).size).toBe(1);
    expect(answers.every((answer) => answer.json().status === 'paid')).toBe(true);
    const held = await world.grants(buyer.id);
    expect(held).toHaveLength(1);
    expect(Math.round((held[0]!.expires_at!.getTime() - Date.now()) / 86_400_000)).toBe(365);
  });
});

describe('the reconciler', () => {
  it('takes each order on its own: 300 orders whose lookup fails do not stop a paid one, and are looked at again later', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const order = await buy(buyer, courseId);
    world.razorpay.pay(order.payment!.razorpayOrderId);
    // Orders made with other keys: Razorpay does not know them.
    await sql`
      insert into orders (user_id, subscription_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, mode, razorpay_order_id, created_at, next_check_at)
      select ${buyer.id}, subscription_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, 'online', 'order_testkeys' || n, now() - interval '2 hours', now() - interval '1 hour'
      from orders, generate_series(1, 300) as n where orders.id = ${order._id}`.execute(world.database.db);
    await world.database.db
      .updateTable('orders')
      .set({ next_check_at: new Date(Date.now() - 1000) })
      .where('id', '=', order._id)
      .execute();
    const counts = await reconcileOpenOrders(world.deps);
    expect(counts).toMatchObject({ fulfilled: 1, failed: 300 });
    expect((await orderRow(order._id)).status).toBe('paid');
    const broken = await world.database.db
      .selectFrom('orders')
      .select(['check_failures', 'last_check_error', 'next_check_at'])
      .where('razorpay_order_id', 'like', 'order_testkeys%')
      .execute();
    expect(
      broken.every((row) => row.check_failures === 1 && row.last_check_error?.includes('does not exist') && row.next_check_at!.getTime() > Date.now()),
    ).toBe(true);
    // The next run leaves them until their retry is due.
    expect(await reconcileOpenOrders(world.deps)).toMatchObject({ checked: 0 });
  });

  it('looks at a new order 10 minutes after it was made, and gives up an order Razorpay never made, with its coupon use', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const couponId = await world.coupon({ code: 'UNMADE', discountType: 'rate', value: 5 });
    const order = await buy(buyer, courseId, { couponCode: 'UNMADE' });
    const stored = await orderRow(order._id);
    expect(Math.round((stored.next_check_at!.getTime() - stored.created_at.getTime()) / 60_000)).toBe(10);
    // As a crash between the order and Razorpay's answer would leave it.
    await world.database.db
      .updateTable('orders')
      .set({ razorpay_order_id: null, created_at: new Date(Date.now() - 11 * 60_000), next_check_at: new Date(Date.now() - 1000) })
      .where('id', '=', order._id)
      .execute();
    expect((await world.couponRow(couponId)).uses).toBe(1);
    expect(await reconcileOpenOrders(world.deps)).toMatchObject({ expired: 1 });
    expect((await world.couponRow(couponId)).uses).toBe(0);
  });
});
