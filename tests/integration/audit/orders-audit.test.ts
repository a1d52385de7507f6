import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommerceWorld, type CommerceWorld } from '../../support/commerce-fixtures.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';

let world: CommerceWorld;
let admin: { id: string; name: string };
beforeAll(async () => {
  world = await startCommerceWorld();
  admin = await world.database.db.selectFrom('users').select(['id', 'name']).where('email_address', '=', 'admin@example.com').executeTakeFirstOrThrow();
});
afterAll(async () => {
  await world?.close();
});

type Buyer = Awaited<ReturnType<CommerceWorld['student']>>;

async function entriesOf(change: () => Promise<unknown>) {
  const afterSeq = await lastAuditSeq(world.database.db);
  await change();
  return auditEntries(world.database.db, { afterSeq, resourceType: 'order' });
}

async function paidOnlineOrder(buyer: Buyer, courseId: string) {
  const answer = await world.call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId });
  expect(answer.statusCode, answer.body).toBe(200);
  const order = answer.json<{ _id: string; payment: { razorpayOrderId: string } }>();
  const { payment, signature } = world.razorpay.pay(order.payment.razorpayOrderId);
  const verified = await world.call(buyer.cookie, 'POST', `/api/student/orders/${order._id}/verify`, {
    razorpay_order_id: order.payment.razorpayOrderId,
    razorpay_payment_id: payment.id,
    razorpay_signature: signature,
  });
  expect(verified.json().status).toBe('paid');
  return { order, payment };
}

let phone = 9_847_200_000;
async function manualOrder(courseId: string, amount = '1180') {
  const buyer = await world.student('Manual Buyer');
  const mobile = String(++phone);
  await world.database.db.updateTable('users').set({ phone_number: mobile }).where('id', '=', buyer.id).execute();
  const answer = await world.call(
    world.admin,
    'POST',
    `/api/order/manual?phoneNumber=${mobile}&resourceId=${courseId}&resourceType=course&term=1-month&amount=${amount}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return { buyer, mobile, order: answer.json<{ _id: string; resourceTitle: string }>() };
}

describe('the audit log of orders', () => {
  it('records a manual order with who made it, and nothing for the same order sent again', async () => {
    const { courseId } = await world.courseForSale();
    let made: Awaited<ReturnType<typeof manualOrder>> | undefined;
    const entries = await entriesOf(async () => {
      made = await manualOrder(courseId, '499.50');
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: admin.id,
      actor_name: admin.name,
      actor_roles: ['admin'],
      action: 'create',
      resource_type: 'order',
      resource_id: made!.order._id,
      resource_title: `${made!.order.resourceTitle} for Manual Buyer`,
    });
    expect(entries[0]!.changes).toMatchObject({
      status: { from: null, to: 'paid' },
      mode: { from: null, to: 'manual' },
      netPaise: { from: null, to: 49_950 },
      studentId: { from: null, to: made!.buyer.id },
    });
    const again = await entriesOf(() =>
      world.call(world.admin, 'POST', `/api/order/manual?phoneNumber=${made!.mobile}&resourceId=${courseId}&resourceType=course&term=1-month&amount=499.50`),
    );
    expect(again).toEqual([]);
  });

  it('records a delete with the status it had and the credit note issued', async () => {
    const { courseId } = await world.courseForSale();
    const { order } = await manualOrder(courseId);
    const entries = await entriesOf(async () => expect((await world.call(world.admin, 'DELETE', `/api/order/${order._id}`)).statusCode).toBe(200));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'delete', resource_id: order._id, resource_title: order.resourceTitle, actor_id: admin.id });
    const creditNote = await world.database.db
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', order._id)
      .where('kind', '=', 'credit-note')
      .executeTakeFirstOrThrow();
    expect(entries[0]!.changes).toMatchObject({ status: { from: 'paid', to: 'deleted' }, creditNote: { from: null, to: creditNote.number } });
  });

  it('records a refund staff asked for and the delete, and nothing for the student buying and paying', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    let paid: Awaited<ReturnType<typeof paidOnlineOrder>> | undefined;
    const bought = await entriesOf(async () => {
      paid = await paidOnlineOrder(buyer, courseId);
    });
    expect(bought).toEqual([]);
    const entries = await entriesOf(async () =>
      expect((await world.call(world.admin, 'DELETE', `/api/order/${paid!.order._id}?refund=true`)).statusCode).toBe(200),
    );
    const refund = [...world.razorpay.refunds.values()].find((made) => made.payment_id === paid!.payment.id)!;
    expect(entries.map((entry) => [entry.action, entry.resource_id])).toEqual([
      ['refund', paid!.order._id],
      ['delete', paid!.order._id],
    ]);
    expect(entries[0]!.changes).toMatchObject({ refundPaise: { from: null, to: paid!.payment.amount }, razorpayRefundId: { from: null, to: refund.id } });
    expect(entries[1]!.changes).toMatchObject({ status: { from: 'refunded', to: 'deleted' } });
  });

  it('writes no entry for a refused change: Razorpay not answering, nothing to refund, already deleted, unknown, a student', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const { order } = await paidOnlineOrder(buyer, courseId);
    const manual = await manualOrder(courseId);
    await world.call(world.admin, 'DELETE', `/api/order/${manual.order._id}`);
    const entries = await entriesOf(async () => {
      world.razorpay.failNext(1);
      expect((await world.call(world.admin, 'DELETE', `/api/order/${order._id}?refund=true`)).statusCode).toBe(503);
      expect((await world.call(world.admin, 'DELETE', `/api/order/${manual.order._id}`)).statusCode).toBe(409);
      expect((await world.call(world.admin, 'DELETE', `/api/order/${UNKNOWN_ID}`)).statusCode).toBe(404);
      expect((await world.call(buyer.cookie, 'DELETE', `/api/order/${order._id}`)).statusCode).toBe(403);
      expect(
        (await world.call(world.admin, 'POST', `/api/order/manual?phoneNumber=12345&resourceId=${courseId}&resourceType=course&term=1-month&amount=10`))
          .statusCode,
      ).toBe(400);
    });
    expect(entries).toEqual([]);
    expect((await world.database.db.selectFrom('orders').select('status').where('id', '=', order._id).executeTakeFirstOrThrow()).status).toBe('paid');
  });

  it('of staff deleting the same order at once (with a refund), records one refund and one delete', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale();
    const { order } = await paidOnlineOrder(buyer, courseId);
    const entries = await entriesOf(async () => {
      const answers = await Promise.all([1, 2, 3].map(() => world.call(world.admin, 'DELETE', `/api/order/${order._id}?refund=true`)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    });
    // The refund is written with the delete, or alone when another request's delete (which found the
    // refund already claimed) committed first: either way once each.
    expect(entries.map((entry) => entry.action).sort()).toEqual(['delete', 'refund']);
    await expectUnbrokenChain(world.database.db);
  });
});
