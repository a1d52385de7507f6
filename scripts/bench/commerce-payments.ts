import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import { percentile } from './bench-database.ts';
import type { RazorpayStandIn } from '../../tests/support/razorpay-stand-in.ts';

/** Parts of the commerce benchmark about money under load: a slow Razorpay, and a coupon's limit under a rush. */

const ms = (value: number) => value.toFixed(1);
const READER_PAUSE_MS = 50;
const post = (base: string, cookie: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function saleCourse(db: Db, title: string, cardId: string): Promise<string> {
  return (
    await db
      .insertInto('courses')
      .values({ title, is_published: true, is_visible: true, course_rate_card_id: cardId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/**
 * While Razorpay takes `latencyMs` to answer 50 students' checkouts at once, 20 other students read
 * their profile and their orders over and over (50 ms apart): their reads must not wait for Razorpay (target p95
 * under 50 ms), which they do when a checkout holds a connection while Razorpay answers.
 */
export async function slowRazorpayReads(input: {
  base: string;
  db: Db;
  razorpay: RazorpayStandIn;
  cardId: string;
  buyers: string[];
  readers: string[];
  latencyMs: number;
}): Promise<boolean> {
  const courseId = await saleCourse(input.db, 'Bench slow Razorpay', input.cardId);
  input.razorpay.setLatency(input.latencyMs);
  const readTimes: number[] = [];
  let readErrors = 0;
  let checkoutsDone = false;
  const started = performance.now();
  try {
    const checkouts = Promise.all(
      input.buyers.map((cookie) =>
        post(input.base, cookie, '/api/student/orders', { resourceType: 'course', resourceId: courseId }).then(async (answer) => ({
          status: answer.status,
          body: await answer.text(),
        })),
      ),
    );
    const readers = input.readers.map(async (cookie, index) => {
      const paths = ['/api/student/profile', '/api/student/orders'];
      for (let round = 0; !checkoutsDone; round += 1) {
        const at = performance.now();
        const answer = await fetch(`${input.base}${paths[(round + index) % 2]}`, { headers: { cookie } });
        await answer.arrayBuffer();
        readTimes.push(performance.now() - at);
        if (answer.status !== 200) readErrors += 1;
        // A student's pace between two screens, short: the reads measure waiting, not a saturated machine.
        await new Promise((resolve) => setTimeout(resolve, READER_PAUSE_MS));
      }
    });
    const results = await checkouts;
    checkoutsDone = true;
    await Promise.all(readers);
    const seconds = (performance.now() - started) / 1000;
    const failed = results.filter((result) => result.status !== 200);
    readTimes.sort((a, b) => a - b);
    const p95 = percentile(readTimes, 95);
    console.log(
      `Slow Razorpay (${input.latencyMs / 1000} s per call), ${input.buyers.length} checkouts at once: done in ${seconds.toFixed(1)} s (${failed.length} failed${failed[0] ? `: ${failed[0].status} ${failed[0].body.slice(0, 120)}` : ''}); ` +
        `meanwhile ${readTimes.length} reads by ${input.readers.length} other students (each pausing ${READER_PAUSE_MS} ms between reads): p50 ${ms(percentile(readTimes, 50))} ms, p95 ${ms(p95)} ms, max ${ms(readTimes.at(-1) ?? 0)} ms (target p95 < 50 ms), errors ${readErrors}`,
    );
    return failed.length === 0 && readErrors === 0 && p95 < 50;
  } finally {
    input.razorpay.setLatency(0);
  }
}

/**
 * Every student checks out at once with a coupon limited to `limit` uses: exactly `limit` orders
 * may hold it, the rest are refused with the coupon's message, and the coupon counts `limit` uses.
 */
export async function couponLimitRush(input: { base: string; db: Db; cardId: string; cookies: string[]; limit: number }): Promise<boolean> {
  const courseId = await saleCourse(input.db, 'Bench coupon rush', input.cardId);
  const coupon = await input.db
    .insertInto('coupons')
    .values({ code: 'RUSH50', discount_type: 'rate', value_hundredths: 2000, is_active: true, usage_limit: input.limit })
    .returning('id')
    .executeTakeFirstOrThrow();
  const started = performance.now();
  const answers = await Promise.all(
    input.cookies.map(async (cookie) => {
      const answer = await post(input.base, cookie, '/api/student/orders', { resourceType: 'course', resourceId: courseId, couponCode: 'RUSH50' });
      return { status: answer.status, body: (await answer.json()) as { message?: string } };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const made = answers.filter((answer) => answer.status === 200).length;
  const usedUp = answers.filter((answer) => answer.status === 400 && answer.body.message === 'This coupon has been used as many times as it may be').length;
  const { rows } = await sql<{ orders: number; uses: number }>`
    select (select count(*) from orders where coupon_id = ${coupon.id}) as orders, (select uses from coupons where id = ${coupon.id}) as uses`.execute(
    input.db,
  );
  const { orders, uses } = rows[0]!;
  console.log(
    `Coupon limited to ${input.limit}, ${input.cookies.length} checkouts at once in ${seconds.toFixed(1)} s: ${made} orders made, ${usedUp} refused as used up, ` +
      `${input.cookies.length - made - usedUp} other answers; ${orders} orders hold the coupon, its uses ${uses} (target: exactly ${input.limit})`,
  );
  return made === input.limit && Number(orders) === input.limit && Number(uses) === input.limit && made + usedUp === input.cookies.length;
}

/** Waits until every stored webhook event is applied and `paid` orders are paid; answers the seconds it took (NaN when `limitSeconds` passed). */
export async function eventsApplied(db: Db, paid: number, limitSeconds: number): Promise<number> {
  const started = performance.now();
  while ((performance.now() - started) / 1000 < limitSeconds) {
    const { rows } = await sql<{ queued: number; paid: number }>`
      select (select count(*) from payment_events where processed_at is null) as queued, (select count(*) from orders where status = 'paid') as paid`.execute(
      db,
    );
    if (Number(rows[0]!.queued) === 0 && Number(rows[0]!.paid) >= paid) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Number.NaN;
}
