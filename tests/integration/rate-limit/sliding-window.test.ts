import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../server/auth/auth.limits.ts';
import { STUDENT_WRITE_LIMIT } from '../../../server/comments/student-comments.service.ts';
import { AppError } from '../../../server/errors.ts';
import { ORDERS_PER_STUDENT, WRONG_COUPONS_PER_ACCOUNT, WRONG_COUPONS_PER_ADDRESS } from '../../../server/orders/checkout-limits.ts';
import {
  consumeRateLimit,
  consumeRateLimits,
  deleteExpiredRateLimits,
  rateLimitReached,
  type RateLimitRule,
} from '../../../server/rate-limit/rate-limit.service.ts';
import { CONFIRM_LIMIT } from '../../../server/winners/student-winners.service.ts';
import { useDatabase } from '../../support/app-harness.ts';

const database = useDatabase({ poolSize: 12 });

let counter = 0;
const TEN_IN_TEN_MINUTES = { max: 10, windowSeconds: 600 };
const rule = (limit = TEN_IN_TEN_MINUTES, message?: string): RateLimitRule => ({ key: `test:${++counter}`, ...limit, ...(message ? { message } : {}) });

/** The call's refusal, or null when it was let through. */
async function refusalOf(call: Promise<unknown>): Promise<AppError | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof AppError && error.type === 'rate-limited') return error;
    throw error;
  }
}

/** Sets a key's hits to have been made this many seconds ago (by the database's clock). */
async function hitsAged(key: string, ages: number[]) {
  await sql`update rate_limits set hit_times = array(select clock_timestamp() - make_interval(secs => age) from unnest(${ages}::float8[]) age order by 1), hits = ${ages.length} where key = ${key}`.execute(
    database.db,
  );
}

async function storedTimes(key: string): Promise<number> {
  const row = await database.db
    .selectFrom('rate_limits')
    .select(['hits', sql<number>`cardinality(hit_times)`.as('kept')])
    .where('key', '=', key)
    .executeTakeFirst();
  expect(row?.hits ?? 0).toBe(row?.kept ?? 0);
  return row?.kept ?? 0;
}

describe('rate limits hold in any span of their window', () => {
  it('refuses hits made just after a fixed window would have ended, until the hits before it are a window old', async () => {
    // Three in two seconds: one hit opens the span, two come just before two seconds pass.
    const limit = rule({ max: 3, windowSeconds: 2 });
    await consumeRateLimit(database.db, limit);
    const opened = Date.now();
    await sleep(1200);
    await consumeRateLimit(database.db, limit);
    await consumeRateLimit(database.db, limit);
    await sleep(Math.max(0, opened + 2100 - Date.now()));
    // The first hit is two seconds old: one place is free, and only one (a fixed window would give three).
    expect(await refusalOf(consumeRateLimit(database.db, limit))).toBeNull();
    const refused = await refusalOf(consumeRateLimit(database.db, limit));
    expect(refused?.type).toBe('rate-limited');
    // The wait is until the second hit is two seconds old: a second or a little more.
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(2);
  });

  it('lets N through at a window’s edge and more only as the earliest of them turn a window old, telling the wait exactly', async () => {
    const limit = rule(TEN_IN_TEN_MINUTES, 'Slow down');
    await consumeRateLimit(database.db, limit);
    // Ten hits between 9 minutes and 8 minutes 51 seconds ago: the span is full for another minute.
    await hitsAged(limit.key, [540, 539, 538, 537, 536, 535, 534, 533, 532, 531]);
    const refused = await refusalOf(consumeRateLimit(database.db, limit));
    expect(refused?.message).toBe('Slow down');
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(61);
    expect(await storedTimes(limit.key)).toBe(10);

    // Half a second past the oldest one's tenth minute: exactly one place is free.
    await hitsAged(limit.key, [600.5, 599.5, 598.5, 597.5, 596.5, 595.5, 594.5, 593.5, 592.5, 591.5]);
    expect(await refusalOf(consumeRateLimit(database.db, limit))).toBeNull();
    const next = await refusalOf(consumeRateLimit(database.db, limit));
    expect(next?.retryAfterSeconds).toBe(1);
    expect(await storedTimes(limit.key)).toBe(10);
  });

  it('never tells a wait longer than the window', async () => {
    const limit = rule({ max: 2, windowSeconds: 60 });
    await consumeRateLimit(database.db, limit);
    await consumeRateLimit(database.db, limit);
    const refused = await refusalOf(consumeRateLimit(database.db, limit));
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(59);
  });

  it('lets exactly the places left through when many hits arrive at once, over and over', async () => {
    for (let round = 0; round < 5; round += 1) {
      const limit = rule();
      await consumeRateLimit(database.db, limit);
      await hitsAged(limit.key, [500, 400, 300]);
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => refusalOf(consumeRateLimit(database.db, limit))));
      expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(7);
      expect(await storedTimes(limit.key)).toBe(10);
    }
  });

  it('counts nothing on any rule of a refused call, and a release takes back only its own hit', async () => {
    const [roomy, full] = [rule(), rule({ max: 1, windowSeconds: 600 })];
    await consumeRateLimit(database.db, full);
    expect(await refusalOf(consumeRateLimits(database.db, [roomy, full]))).not.toBeNull();
    expect(await storedTimes(roomy.key)).toBe(0);

    const kept = await consumeRateLimit(database.db, roomy);
    const released = await consumeRateLimit(database.db, roomy);
    await released.release();
    await released.release();
    expect(await storedTimes(roomy.key)).toBe(1);
    await kept.release();
    expect(await storedTimes(roomy.key)).toBe(0);
  });

  it('peeks without counting, with the same rule for the span and the wait', async () => {
    const limit = rule({ max: 2, windowSeconds: 600 });
    expect(await rateLimitReached(database.db, limit)).toBeNull();
    await consumeRateLimit(database.db, limit);
    await consumeRateLimit(database.db, limit);
    await hitsAged(limit.key, [590, 100]);
    const reached = await rateLimitReached(database.db, limit);
    expect(reached?.retryAfterSeconds).toBeGreaterThanOrEqual(9);
    expect(reached?.retryAfterSeconds).toBeLessThanOrEqual(11);
    expect(await storedTimes(limit.key)).toBe(2);
    await hitsAged(limit.key, [601, 100]);
    expect(await rateLimitReached(database.db, limit)).toBeNull();
  });

  it('keeps no more times than the maximum, and the cleanup removes keys whose hits are all a window old', async () => {
    const [old, recent] = [rule({ max: 3, windowSeconds: 60 }), rule({ max: 3, windowSeconds: 60 })];
    for (let i = 0; i < 8; i += 1) await refusalOf(consumeRateLimit(database.db, old));
    expect(await storedTimes(old.key)).toBe(3);
    await consumeRateLimit(database.db, recent);
    // The whole row as it will be a minute and a second from now.
    await sql`update rate_limits set hit_times = array(select t - interval '61 seconds' from unnest(hit_times) t), reset_at = reset_at - interval '61 seconds' where key = ${old.key}`.execute(
      database.db,
    );
    expect(await deleteExpiredRateLimits(database.db)).toBeGreaterThanOrEqual(1);
    expect(await storedTimes(old.key)).toBe(0);
    expect(await storedTimes(recent.key)).toBe(1);
    // A hit older than the window makes room, and goes when the room is taken.
    await hitsAged(recent.key, [61, 30]);
    await consumeRateLimit(database.db, recent);
    await consumeRateLimit(database.db, recent);
    expect(await storedTimes(recent.key)).toBe(3);
    expect(await refusalOf(consumeRateLimit(database.db, recent))).not.toBeNull();
  });
});

describe('every stated limit', () => {
  const stated: Record<string, { max: number; windowSeconds: number }> = {
    ...LIMITS,
    discussionMessages: STUDENT_WRITE_LIMIT,
    winnerConfirmations: CONFIRM_LIMIT,
    orders: ORDERS_PER_STUDENT,
    wrongCouponsPerAccount: WRONG_COUPONS_PER_ACCOUNT,
    wrongCouponsPerAddress: WRONG_COUPONS_PER_ADDRESS,
  };

  it.each(Object.entries(stated))('%s holds in any span of its window', async (_, limit) => {
    const { key } = rule(limit);
    await consumeRateLimit(database.db, { key, ...limit });
    // The maximum, made a second ago; the window a fixed count would have used ended just now.
    await sql`update rate_limits set hit_times = array_fill(clock_timestamp() - interval '1 second', array[${limit.max}::int]), hits = ${limit.max}, reset_at = now() - interval '1 millisecond' where key = ${key}`.execute(
      database.db,
    );
    const refused = await refusalOf(consumeRateLimit(database.db, { key, ...limit }));
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(limit.windowSeconds - 2);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(limit.windowSeconds);
    // The oldest turns a window old: one place, and only one.
    await sql`update rate_limits set hit_times[1] = clock_timestamp() - make_interval(secs => ${limit.windowSeconds + 1}) where key = ${key}`.execute(
      database.db,
    );
    expect(await refusalOf(consumeRateLimit(database.db, { key, ...limit }))).toBeNull();
    expect(await refusalOf(consumeRateLimit(database.db, { key, ...limit }))).not.toBeNull();
  });
});
