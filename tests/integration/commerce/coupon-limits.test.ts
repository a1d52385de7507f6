import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_USE_MESSAGES } from '../../../shared/commerce/coupon-use.rules.ts';
import { COUPON_MESSAGES } from '../../../shared/commerce/coupons.schema.ts';
import { reconcileOpenOrders } from '../../../server/orders/reconciler.ts';
import { startCommerceWorld, type CommerceWorld } from '../../support/commerce-fixtures.ts';
import { expectRefusals, type Refusal } from '../../support/refusals.ts';

let world: CommerceWorld;
beforeAll(async () => {
  world = await startCommerceWorld();
});
afterAll(async () => {
  await world?.close();
});

const order = (cookie: string, courseId: string, couponCode?: string, extra: Record<string, unknown> = {}) =>
  world.call(cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId, ...(couponCode ? { couponCode } : {}), ...extra });
const quote = (cookie: string, courseId: string, couponCode: string) =>
  world.call(cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId, couponCode });
const ordersWith = (couponId: string) => world.database.db.selectFrom('orders').select(['id', 'status']).where('coupon_id', '=', couponId).execute();
const indiaTime = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16);

describe('coupon limits, held exactly', () => {
  it('gives a coupon limited to 5 uses to exactly 5 of 40 students checking out at once', async () => {
    const { courseId } = await world.courseForSale();
    const couponId = await world.coupon({ code: 'FIRST5', discountType: 'rate', value: 50, usageLimit: 5 });
    const students = await Promise.all(Array.from({ length: 40 }, () => world.student()));
    const answers = await Promise.all(students.map((buyer) => order(buyer.cookie, courseId, 'FIRST5')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(35);
    expect(refused.map((answer) => `${answer.statusCode} ${answer.json().message} ${answer.json().field}`)).toEqual(
      refused.map(() => `400 ${COUPON_USE_MESSAGES.usedUp} couponCode`),
    );
    expect(await ordersWith(couponId)).toHaveLength(5);
    expect((await world.couponRow(couponId)).uses).toBe(5);
    // A quote says so too.
    expect((await quote(students[39]!.cookie, courseId, 'FIRST5')).json().message).toBe(COUPON_USE_MESSAGES.usedUp);
  });

  it('gives a use back when an order holding it expires, so that another student can have it', async () => {
    const { courseId } = await world.courseForSale();
    const couponId = await world.coupon({ code: 'ONEUSE', discountType: 'rate', value: 10, usageLimit: 1 });
    const [first, second] = [await world.student(), await world.student()];
    const held = (await order(first.cookie, courseId, 'ONEUSE')).json();
    expect((await order(second.cookie, courseId, 'ONEUSE')).statusCode).toBe(400);
    await world.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000), next_check_at: new Date(Date.now() - 1000) })
      .where('id', '=', held._id)
      .execute();
    await reconcileOpenOrders(world.deps);
    expect((await world.couponRow(couponId)).uses).toBe(0);
    expect((await order(second.cookie, courseId, 'ONEUSE')).statusCode).toBe(200);
  });

  it('holds the limit per student, also for orders made at once', async () => {
    const courses = await Promise.all(Array.from({ length: 4 }, () => world.courseForSale()));
    await world.coupon({ code: 'ONCEEACH', discountType: 'rate', value: 90, perStudentLimit: 1 });
    const buyer = await world.student();
    const answers = await Promise.all(courses.map((course) => order(buyer.cookie, course.courseId, 'ONCEEACH')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json().message === COUPON_USE_MESSAGES.studentLimit(1))).toHaveLength(3);
    // Another student still may.
    expect((await order((await world.student()).cookie, courses[0]!.courseId, 'ONCEEACH')).statusCode).toBe(200);
  });

  it('works only inside its window (India time) and only for what it names', async () => {
    const [{ courseId, cardId }, other] = [await world.courseForSale(), await world.courseForSale()];
    const buyer = await world.student();
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await world.coupon({ code: 'LATER', discountType: 'rate', value: 10, validFrom: indiaTime(soon) });
    const notYet = await quote(buyer.cookie, courseId, 'LATER');
    expect(notYet.json()).toMatchObject({ message: COUPON_USE_MESSAGES.notYet(new Date(Math.floor(soon.getTime() / 60_000) * 60_000)), field: 'couponCode' });
    await world.coupon({ code: 'ENDED', discountType: 'rate', value: 10, validFrom: '2026-01-01T00:00', validUntil: '2026-01-31T23:59' });
    expect((await quote(buyer.cookie, courseId, 'ENDED')).json().message).toBe(COUPON_USE_MESSAGES.ended(new Date('2026-01-31T18:29:00Z')));
    await world.coupon({ code: 'NOW', discountType: 'rate', value: 10, validFrom: '2026-01-01T00:00+05:30', validUntil: '2099-12-31T23:59' });
    expect((await quote(buyer.cookie, courseId, 'NOW')).statusCode).toBe(200);

    await world.coupon({ code: 'THISCOURSE', discountType: 'amount', value: 180, appliesTo: [{ type: 'course', id: courseId }] });
    expect((await quote(buyer.cookie, courseId, 'THISCOURSE')).json().discountPaise).toBe(18000);
    const elsewhere = await quote(buyer.cookie, other.courseId, 'THISCOURSE');
    expect(elsewhere.json()).toMatchObject({ message: COUPON_USE_MESSAGES.notForThis, field: 'couponCode' });
    expect((await order(buyer.cookie, other.courseId, 'THISCOURSE')).json().message).toBe(COUPON_USE_MESSAGES.notForThis);
    // Named by its rate card: the card bought directly, or a course sold under it.
    await world.coupon({ code: 'THISCARD', discountType: 'rate', value: 10, appliesTo: [{ type: 'subscription', id: cardId }] });
    expect((await quote(buyer.cookie, courseId, 'THISCARD')).statusCode).toBe(200);
    expect((await world.call(buyer.cookie, 'POST', '/api/student/checkout/quote', { subscriptionId: cardId, couponCode: 'THISCARD' })).statusCode).toBe(200);
    expect((await quote(buyer.cookie, other.courseId, 'THISCARD')).json().message).toBe(COUPON_USE_MESSAGES.notForThis);
  });

  it('checks and shows the limits, the window and the scope in the console routes, naming the field', async () => {
    const { courseId } = await world.courseForSale();
    const post = (body: Record<string, unknown>) => world.call(world.admin, 'POST', '/v2/coupons', { discountType: 'rate', value: 5, ...body });
    const cases: Refusal[] = [
      [{ code: 'BADLIMIT', usageLimit: 0 }, COUPON_MESSAGES.usageLimit, 'usageLimit'],
      [{ code: 'BADLIMIT', usageLimit: 2.5 }, COUPON_MESSAGES.usageLimit, 'usageLimit'],
      [{ code: 'BADLIMIT', perStudentLimit: 1001 }, COUPON_MESSAGES.perStudentLimit, 'perStudentLimit'],
      [{ code: 'BADWHEN', validFrom: '2026-02-30T10:00' }, COUPON_MESSAGES.dateTime, 'validFrom'],
      [{ code: 'BADWHEN', validFrom: '2026-03-01T10:00', validUntil: '2026-03-01T09:00' }, COUPON_MESSAGES.windowOrder, 'validUntil'],
      [
        { code: 'BADSCOPE', appliesTo: [{ type: 'course', id: '00000000-0000-4000-8000-000000000000' }] },
        COUPON_MESSAGES.targetMissing('course'),
        'appliesTo[0].id',
      ],
    ];
    await expectRefusals(post, cases);
    const made = await post({
      code: 'GOOD',
      usageLimit: '50',
      perStudentLimit: 2,
      validFrom: '2026-12-01T09:00',
      validUntil: '',
      appliesTo: [
        { type: 'course', id: courseId },
        { type: 'course', id: courseId },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      usageLimit: 50,
      perStudentLimit: 2,
      validFrom: '2026-12-01T03:30:00.000Z',
      validUntil: null,
      uses: 0,
      appliesTo: [{ type: 'course', id: courseId, title: expect.any(String) }],
    });
    const listed = (await world.call(world.admin, 'GET', '/v2/coupons')).json().find((coupon: { code: string }) => coupon.code === 'GOOD');
    expect(listed.appliesTo).toHaveLength(1);
  });
});

describe('guessing coupon codes', () => {
  it('stops an account after 10 codes that are not valid, counting neither real codes nor other accounts', async () => {
    const { courseId } = await world.courseForSale();
    await world.coupon({ code: 'REALCODE', discountType: 'rate', value: 10 });
    const guesser = await world.student();
    for (let i = 0; i < 10; i += 1) {
      expect((await quote(guesser.cookie, courseId, `GUESS${i}`)).json().message).toBe(COUPON_USE_MESSAGES.invalid);
      // A real code in between neither counts nor is refused.
      if (i === 5) expect((await quote(guesser.cookie, courseId, 'REALCODE')).statusCode).toBe(200);
    }
    const stopped = await quote(guesser.cookie, courseId, 'PSC50');
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toBe(COUPON_USE_MESSAGES.tooManyGuesses);
    // Once stopped, even a real code is not told apart from a wrong one.
    expect((await quote(guesser.cookie, courseId, 'REALCODE')).statusCode).toBe(429);
    expect((await order(guesser.cookie, courseId, 'REALCODE')).statusCode).toBe(429);
    expect((await quote((await world.student()).cookie, courseId, 'REALCODE')).statusCode).toBe(200);
  });

  it('counts an impression once per student, however many quotes', async () => {
    const { courseId } = await world.courseForSale();
    const couponId = await world.coupon({ code: 'SEENONCE', discountType: 'rate', value: 10 });
    const [one, two] = [await world.student(), await world.student()];
    await Promise.all(Array.from({ length: 20 }, () => quote(one.cookie, courseId, 'SEENONCE')));
    await quote(two.cookie, courseId, 'SEENONCE');
    expect((await world.couponRow(couponId)).impressions).toBe(2);
  });

  it('stops an address after 30 codes that are not valid, whichever accounts sent them (checked last: it holds the whole test address)', async () => {
    const { courseId } = await world.courseForSale();
    // The first test of this block spent 10 of the address's 30.
    for (let account = 0; account < 2; account += 1) {
      const guesser = await world.student();
      for (let i = 0; i < 10; i += 1) expect((await quote(guesser.cookie, courseId, `NOPE${account}x${i}`)).statusCode).toBe(400);
    }
    const fresh = await world.student();
    const stopped = await quote(fresh.cookie, courseId, 'ANOTHERGUESS');
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toBe(COUPON_USE_MESSAGES.tooManyGuesses);
  });
});
