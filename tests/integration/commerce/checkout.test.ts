import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../shared/commerce/checkout.schema.ts';
import { WEBHOOK_MESSAGES } from '../../../server/orders/payment-events.service.ts';
import { reconcileOpenOrders } from '../../../server/orders/reconciler.ts';
import { buildTestApp, createUser, signIn } from '../../support/test-app.ts';
import { startCommerceWorld, type CommerceWorld } from '../../support/commerce-fixtures.ts';

let world: CommerceWorld;
beforeAll(async () => {
  world = await startCommerceWorld();
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<CommerceWorld['call']>) => world.call(...args);
const student = () => world.student();
const courseForSale = (overrides?: Parameters<CommerceWorld['courseForSale']>[0]) => world.courseForSale(overrides);
const coupon = (code: string, discountType: 'rate' | 'amount', value: number, minOrderAmount = -1, isActive = true) =>
  world.coupon({ code, discountType, value, minOrderAmount }, isActive);
const couponRow = (id: string) => world.couponRow(id);
const grants = (userId: string) => world.grants(userId);

describe('quotes', () => {
  it('prices a course from its rate card, applies a coupon (counted as an impression) and refuses what does not apply', async () => {
    const buyer = await student();
    const { courseId, cardId } = await courseForSale();
    const plain = await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({
      subscriptionId: cardId,
      subscriptionTerm: '12-months',
      termDays: 365,
      grossPaise: 100000,
      gstPaise: 18000,
      netPaise: 118000,
      discountPaise: 0,
      couponCode: null,
    });

    const tenOff = await coupon('QUOTE10', 'rate', 10);
    const withCoupon = await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId, couponCode: 'quote10' });
    expect(withCoupon.json()).toMatchObject({ discountPaise: 10000, discountRate: 10, gstPaise: 16200, netPaise: 106200, couponCode: 'QUOTE10' });
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
    expect((await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course' })).json()).toMatchObject({
      message: CHECKOUT_MESSAGES.resourcePair,
    });
    expect(
      (await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    const hidden = await courseForSale();
    await world.database.db.updateTable('courses').set({ is_published: false }).where('id', '=', hidden.courseId).execute();
    expect((await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: hidden.courseId })).statusCode).toBe(404);
    const free = await courseForSale({ isFree: true });
    expect((await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { subscriptionId: free.cardId })).json().message).toBe(CHECKOUT_MESSAGES.free);
    const underOneRupee = await world.database.db
      .insertInto('subscriptions')
      .values({ title: 'Fifty paise', subscription_term: '1-month', gross_amount: 0.42, gst_rate: 18, gst_amount: 0.08, net_amount: 0.5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const calls = world.razorpay.calls.length;
    expect((await call(buyer.cookie, 'POST', '/api/student/orders', { subscriptionId: underOneRupee.id })).json()).toMatchObject({
      message: CHECKOUT_MESSAGES.noPrice,
    });
    expect(world.razorpay.calls).toHaveLength(calls);
    const termless = await courseForSale({ term: 'not-selected' });
    expect((await call(buyer.cookie, 'POST', '/api/student/checkout/quote', { subscriptionId: termless.cardId })).json().message).toBe(
      CHECKOUT_MESSAGES.noTerm,
    );
    const other = await courseForSale();
    const offered = await call(buyer.cookie, 'POST', '/api/student/checkout/quote', {
      resourceType: 'course',
      resourceId: other.courseId,
      subscriptionId: free.cardId,
    });
    expect(offered.json().message).toBe(CHECKOUT_MESSAGES.cardNotOffered);
    expect((await call(undefined, 'POST', '/api/student/checkout/quote', { subscriptionId: other.cardId })).statusCode).toBe(401);
  });
});

describe('free to special students', () => {
  it('sells nothing to a special student a course is free to through any of its cards, and sells ordinary students the card with a price', async () => {
    const { courseId, cardId } = await courseForSale();
    const lakshyaCard = await world.database.db
      .insertInto('subscriptions')
      .values({
        title: 'Lakshya free',
        subscription_term: '12-months',
        gross_amount: 0,
        gst_rate: 18,
        gst_amount: 0,
        net_amount: 0,
        is_free: true,
        free_mode: 'lakshya-students',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await world.database.db.insertInto('course_subscriptions').values({ course_id: courseId, subscription_id: lakshyaCard.id }).execute();
    const special = await student();
    await world.database.db.updateTable('users').set({ phone_number: '9847033333', phone_verified_at: new Date() }).where('id', '=', special.id).execute();
    await world.database.db.insertInto('lakshya_students').values({ name: 'Special', phone_number: '9847033333' }).execute();
    for (const body of [
      { resourceType: 'course', resourceId: courseId },
      { resourceType: 'course', resourceId: courseId, subscriptionId: cardId },
    ]) {
      const refused = await call(special.cookie, 'POST', '/api/student/orders', body);
      expect(refused.json().message).toBe(CHECKOUT_MESSAGES.free);
    }
    expect((await call(special.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled).toBe(true);
    const ordinary = await student();
    expect((await call(ordinary.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId })).json()).toMatchObject({
      subscriptionId: cardId,
      netPaise: 118000,
    });

    // The Lakshya-free card as the default, a paid one as the extra: ordinary students are sold the paid one.
    const flipped = await world.database.db
      .insertInto('courses')
      .values({ title: 'Flipped cards', is_published: true, is_visible: true, course_rate_card_id: lakshyaCard.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await world.database.db.insertInto('course_subscriptions').values({ course_id: flipped.id, subscription_id: cardId }).execute();
    expect((await call(ordinary.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: flipped.id })).json()).toMatchObject({
      subscriptionId: cardId,
      netPaise: 118000,
    });
    expect((await call(special.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: flipped.id })).json().message).toBe(
      CHECKOUT_MESSAGES.free,
    );
  });
});

describe('paying with Razorpay', () => {
  it('creates one order per purchase (a second click gets it back), verifies the payment, opens the course and counts the coupon once', async () => {
    const buyer = await student();
    const { courseId } = await courseForSale();
    const couponId = await coupon('PAY10', 'rate', 10);
    const body = { resourceType: 'course', resourceId: courseId, couponCode: 'PAY10' };
    const [first, second] = await Promise.all([
      call(buyer.cookie, 'POST', '/api/student/orders', body),
      call(buyer.cookie, 'POST', '/api/student/orders', body),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()._id).toBe(first.json()._id);
    const order = first.json();
    expect(order).toMatchObject({
      status: 'created',
      netPaise: 106200,
      payment: { provider: 'razorpay', keyId: world.razorpay.keyId, amountPaise: 106_200, currency: 'INR' },
    });
    const providerOrder = world.razorpay.orders.get(order.payment.razorpayOrderId)!;
    expect(providerOrder).toMatchObject({ amount: 106_200, receipt: order._id });
    expect((await call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled).toBe(false);

    const { payment, signature } = world.razorpay.pay(providerOrder.id);
    const tampered = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    const refused = await call(buyer.cookie, 'POST', `/api/student/orders/${order._id}/verify`, {
      razorpay_order_id: providerOrder.id,
      razorpay_payment_id: payment.id,
      razorpay_signature: tampered,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: CHECKOUT_MESSAGES.badSignature });
    expect((await call(buyer.cookie, 'GET', `/api/student/orders/${order._id}`)).json().status).toBe('created');
    expect(await grants(buyer.id)).toHaveLength(0);

    const verified = await call(buyer.cookie, 'POST', `/api/student/orders/${order._id}/verify`, {
      razorpay_order_id: providerOrder.id,
      razorpay_payment_id: payment.id,
      razorpay_signature: signature,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'paid' });
    const ends = new Date(verified.json().accessEndsAt).getTime();
    expect(Math.round((ends - Date.now()) / 86_400_000)).toBe(365);
    // Sent again (a retry): nothing more happens.
    expect(
      (
        await call(buyer.cookie, 'POST', `/api/student/orders/${order._id}/verify`, {
          razorpay_order_id: providerOrder.id,
          razorpay_payment_id: payment.id,
          razorpay_signature: signature,
        })
      ).statusCode,
    ).toBe(200);

    expect((await call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled).toBe(true);
    expect(await grants(buyer.id)).toHaveLength(1);
    expect((await couponRow(couponId)).redemptions).toBe(1);
    const receipts = await world.database.db
      .selectFrom('outbound_messages')
      .select(['recipient', 'body'])
      .where('purpose', '=', 'order-receipt')
      .where('recipient', '=', buyer.email)
      .execute();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body).toContain('INR 1,062');
  });

  it('extends the grant of a student who buys the same course again instead of adding a second', async () => {
    const buyer = await student();
    const { courseId } = await courseForSale();
    for (let round = 0; round < 2; round += 1) {
      const order = (await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId })).json();
      const { payment, signature } = world.razorpay.pay(order.payment.razorpayOrderId);
      await call(buyer.cookie, 'POST', `/api/student/orders/${order._id}/verify`, {
        razorpay_order_id: order.payment.razorpayOrderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: signature,
      });
    }
    const held = await grants(buyer.id);
    expect(held).toHaveLength(1);
    expect(Math.round((held[0]!.expires_at!.getTime() - Date.now()) / 86_400_000)).toBe(730);
  });

  it('fulfils an order a coupon made free at once, without Razorpay', async () => {
    const buyer = await student();
    const { courseId } = await courseForSale();
    await coupon('ALLFREE', 'rate', 100);
    const before = world.razorpay.calls.length;
    const order = await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId, couponCode: 'ALLFREE' });
    expect(order.json()).toMatchObject({ status: 'paid', netPaise: 0, payment: null });
    expect(world.razorpay.calls.length).toBe(before);
    expect((await call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled).toBe(true);
  });

  it('hides one student’s order from another and answers 503 when Razorpay fails to make the order', async () => {
    const [owner, stranger] = [await student(), await student()];
    const { courseId } = await courseForSale();
    const order = (await call(owner.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId })).json();
    expect((await call(stranger.cookie, 'GET', `/api/student/orders/${order._id}`)).statusCode).toBe(404);
    expect(
      (
        await call(stranger.cookie, 'POST', `/api/student/orders/${order._id}/verify`, {
          razorpay_order_id: 'x',
          razorpay_payment_id: 'y',
          razorpay_signature: 'a'.repeat(64),
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(stranger.cookie, 'GET', '/api/student/orders')).json()).toEqual({ items: [], page: 1, pageSize: 20, hasMore: false });

    const other = await courseForSale();
    world.razorpay.failNext();
    const failed = await call(owner.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: other.courseId });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(CHECKOUT_MESSAGES.paymentUnavailable);
    // An order Razorpay made no order for could never be paid: it is not kept.
    expect(await world.database.db.selectFrom('orders').select('id').where('resource_id', '=', other.courseId).execute()).toHaveLength(0);
  });
});

describe('the webhook', () => {
  const send = (body: string, headers: Record<string, string>) =>
    world.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers, payload: body });

  async function waitingOrder() {
    const buyer = await student();
    const { courseId } = await courseForSale();
    const order = (await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId })).json();
    return { buyer, order, providerOrderId: order.payment.razorpayOrderId as string };
  }

  it('refuses a body with one changed byte or without the signature, changing nothing', async () => {
    const { order, providerOrderId } = await waitingOrder();
    const { payment } = world.razorpay.pay(providerOrderId);
    const { body, headers } = world.razorpay.webhook('payment.captured', payment);
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
    expect((await world.database.db.selectFrom('orders').select('status').where('id', '=', order._id).executeTakeFirstOrThrow()).status).toBe('created');
  });

  it('answers at once (queued) and fulfils once for the same event sent three times and for events in any order, never moving a paid order back', async () => {
    const { buyer, order, providerOrderId } = await waitingOrder();
    const failedAttempt = world.razorpay.pay(providerOrderId, 'failed').payment;
    const { payment } = world.razorpay.pay(providerOrderId);
    const captured = world.razorpay.webhook('payment.captured', payment);
    const paid = world.razorpay.webhook('order.paid', payment);
    const failed = world.razorpay.webhook('payment.failed', failedAttempt);
    const answers = await Promise.all([
      send(captured.body, captured.headers),
      send(captured.body, captured.headers),
      send(paid.body, paid.headers),
      send(captured.body, captured.headers),
    ]);
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['duplicate', 'duplicate', 'queued', 'queued']);
    // Answered before anything was applied: the order waits for the job.
    expect((await world.database.db.selectFrom('orders').select('status').where('id', '=', order._id).executeTakeFirstOrThrow()).status).toBe('created');
    expect(
      await world.database.db
        .selectFrom('graphile_worker.jobs' as never)
        .select('id' as never)
        .where('task_identifier' as never, '=', 'apply-payment-event' as never)
        .execute(),
    ).not.toHaveLength(0);
    expect((await send(failed.body, failed.headers)).json()).toEqual({ status: 'queued' });
    expect((await send(captured.body, captured.headers)).json()).toEqual({ status: 'duplicate' });
    await world.applyQueuedEvents();
    await world.applyQueuedEvents();
    const stored = await world.database.db.selectFrom('orders').select(['status', 'razorpay_payment_id']).where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'paid', razorpay_payment_id: payment.id });
    expect(await grants(buyer.id)).toHaveLength(1);
    const receipts = await world.database.db
      .selectFrom('outbound_messages')
      .select('id')
      .where('purpose', '=', 'order-receipt')
      .where('recipient', '=', buyer.email)
      .execute();
    expect(receipts).toHaveLength(1);
  });

  it("does not take a payment of another amount: Razorpay's record decides, not the event", async () => {
    const { order, providerOrderId } = await waitingOrder();
    const { payment } = world.razorpay.pay(providerOrderId, 'captured', { amount: 100 });
    // The event claims the full amount; the payment Razorpay holds is of 100 paise.
    const { body, headers } = world.razorpay.webhook('payment.captured', { ...payment, amount: order.payment.amountPaise });
    expect((await send(body, headers)).json()).toEqual({ status: 'queued' });
    expect(await world.applyQueuedEvents()).toEqual(['amount-mismatch']);
    expect((await world.database.db.selectFrom('orders').select('status').where('id', '=', order._id).executeTakeFirstOrThrow()).status).toBe('created');
    const alerts = await world.database.db.selectFrom('admin_alerts').select('message').where('resource_id', '=', `${payment.id}:amount`).execute();
    expect(alerts).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('finishes an order paid at Razorpay whose fulfilment never came (a crash, a lost webhook), and expires one never paid', async () => {
    const buyer = await student();
    const { courseId } = await courseForSale();
    const paidOrder = (await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId })).json();
    world.razorpay.pay(paidOrder.payment.razorpayOrderId);
    const other = await courseForSale();
    const abandoned = (await call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: other.courseId })).json();
    const { deps } = world;

    // Not due yet: a new order is first looked at 10 minutes after it was made.
    expect(await reconcileOpenOrders(deps)).toMatchObject({ checked: 0 });
    await world.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 20 * 60_000), next_check_at: new Date(Date.now() - 1000) })
      .where('id', 'in', [paidOrder._id, abandoned._id])
      .execute();
    expect(await reconcileOpenOrders(deps)).toMatchObject({ checked: 2, fulfilled: 1, expired: 0, failed: 0 });
    expect((await call(buyer.cookie, 'GET', `/api/student/orders/${paidOrder._id}`)).json().status).toBe('paid');
    expect((await call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`)).json().entitled).toBe(true);
    // The one still waiting is looked at again later, not on every run.
    expect(await reconcileOpenOrders(deps)).toMatchObject({ checked: 0 });

    await world.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000), next_check_at: new Date(Date.now() - 1000) })
      .where('id', '=', abandoned._id)
      .execute();
    expect(await reconcileOpenOrders(deps)).toMatchObject({ expired: 1 });
    expect((await call(buyer.cookie, 'GET', `/api/student/orders/${abandoned._id}`)).json().status).toBe('expired');
  });
});

describe('without Razorpay keys', () => {
  it('answers 501 "Online payment is not configured" (as for any feature the server is not configured for)', async () => {
    // An app of its own: the file's app has Razorpay keys, and this one must have none.
    const bare = await buildTestApp(world.database);
    try {
      await createUser(world.database.db, { email: 'nokeys@example.com' });
      const cookie = await signIn(bare, 'nokeys@example.com');
      const { courseId } = await courseForSale();
      const answer = await bare.inject({
        method: 'POST',
        url: '/api/student/orders',
        headers: { cookie },
        payload: { resourceType: 'course', resourceId: courseId },
      });
      expect(answer.statusCode).toBe(501);
      expect(answer.json().message).toBe(CHECKOUT_MESSAGES.paymentNotConfigured);
      const hook = await bare.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(hook.statusCode).toBe(501);
      // A quote still works: the price does not need the payment service.
      expect(
        (
          await bare.inject({
            method: 'POST',
            url: '/api/student/checkout/quote',
            headers: { cookie },
            payload: { resourceType: 'course', resourceId: courseId },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
