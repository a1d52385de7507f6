import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LIMITS, signInKeys } from '../../../server/auth/auth.limits.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: [], poolSize: 12 });

const ACCOUNT_LIMIT_MESSAGE = 'Too many sign-in attempts for this account. Please try again later.';

const login = (emailAddress: string, password: string, remoteAddress: string) =>
  harness.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { emailAddress, password } });

describe('sign-in limits', () => {
  it('does not let a stranger failing from other addresses lock the owner out', async () => {
    await createUser(harness.db, { email: 'owner@example.com', password: 'right-pass' });
    for (const stranger of ['198.51.100.1', '198.51.100.2']) {
      for (let i = 0; i < 10; i += 1) expect((await login('owner@example.com', 'guess', stranger)).statusCode).toBe(401);
      const blocked = await login('owner@example.com', 'guess', stranger);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: ACCOUNT_LIMIT_MESSAGE, type: 'rate-limited' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The stranger's address stays throttled even with the right password.
      expect((await login('owner@example.com', 'right-pass', stranger)).statusCode).toBe(429);
    }
    const owner = await login('owner@example.com', 'right-pass', '198.51.100.50');
    expect(owner.statusCode).toBe(200);
  });

  it('counts only failures: many sign-ins from one address (a school behind one router) are not limited', async () => {
    await createUser(harness.db, { email: 'classroom@example.com', password: 'right-pass' });
    const address = '198.51.100.60';
    for (let i = 0; i < 61; i += 1) expect((await login('classroom@example.com', 'right-pass', address)).statusCode).toBe(200);
    // The failure budget of the address and of the pair is untouched.
    for (let i = 0; i < 10; i += 1) expect((await login('classroom@example.com', 'typo', address)).statusCode).toBe(401);
    expect((await login('classroom@example.com', 'typo', address)).statusCode).toBe(429);
  });

  it('treats the addresses of one IPv6 /64 network as one address', async () => {
    await createUser(harness.db, { email: 'six@example.com', password: 'right-pass' });
    for (let i = 1; i <= 10; i += 1) {
      expect((await login('six@example.com', 'guess', `2001:db8:0:7::${i.toString(16)}`)).statusCode).toBe(401);
    }
    expect((await login('six@example.com', 'guess', '2001:db8:0:7:ffff::1')).statusCode).toBe(429);
    expect((await login('six@example.com', 'right-pass', '2001:db8:0:8::1')).statusCode).toBe(200);
  });

  it("stops distributed guessing with the account's daily budget, counted exactly under concurrency", async () => {
    await createUser(harness.db, { email: 'distributed@example.com', password: 'right-pass' });
    const { account } = signInKeys('distributed@example.com', '0.0.0.0');
    const budget = LIMITS.signInFailuresPerAccount;
    // As if guesses from many addresses had used all but three of the day's failures.
    await harness.db
      .insertInto('rate_limits')
      .values({
        key: account,
        hits: budget.max - 3,
        hit_times: sql<Date[]>`array_fill(now(), array[${budget.max - 3}::int])`,
        reset_at: sql<Date>`now() + interval '1 day'`,
      })
      .execute();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login('distributed@example.com', 'guess', `203.0.113.${100 + i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    const row = await harness.db.selectFrom('rate_limits').select('hits').where('key', '=', account).executeTakeFirstOrThrow();
    expect(row.hits).toBe(budget.max);
    const owner = await login('distributed@example.com', 'right-pass', '203.0.113.200');
    expect(owner.statusCode).toBe(429);
    expect(owner.json().message).toBe(ACCOUNT_LIMIT_MESSAGE);
  });

  it('lets exactly the allowed number of simultaneous wrong guesses from one address through', async () => {
    await createUser(harness.db, { email: 'burst@example.com', password: 'right-pass' });
    const answers = await Promise.all(Array.from({ length: 16 }, () => login('burst@example.com', 'guess', '203.0.113.50')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(6);
  });

  it('a successful sign-in gives its own address a fresh start, but not the daily budget of the account', async () => {
    await createUser(harness.db, { email: 'typist@example.com', password: 'right-pass' });
    const address = '198.51.100.70';
    for (let i = 0; i < 9; i += 1) expect((await login('typist@example.com', 'typo', address)).statusCode).toBe(401);
    expect((await login('typist@example.com', 'right-pass', address)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await login('typist@example.com', 'typo', address)).statusCode).toBe(401);
    const { account } = signInKeys('typist@example.com', address);
    const row = await harness.db.selectFrom('rate_limits').select('hits').where('key', '=', account).executeTakeFirstOrThrow();
    expect(row.hits).toBe(19);
  });

  it('counts exactly the wrong passwords among simultaneous right and wrong ones, and never fails', async () => {
    await createUser(harness.db, { email: 'mixed@example.com', password: 'right-pass' });
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login('mixed@example.com', i % 2 === 0 ? 'right-pass' : 'guess', `203.0.113.${20 + (i % 3)}`)),
      );
      for (const answer of answers) expect([200, 401, 429], answer.body).toContain(answer.statusCode);
    }
    const { account } = signInKeys('mixed@example.com', '0.0.0.0');
    const row = await harness.db.selectFrom('rate_limits').select('hits').where('key', '=', account).executeTakeFirstOrThrow();
    const failures = await harness.db
      .selectFrom('rate_limits')
      .select((eb) => eb.fn.sum<number>('hits').as('total'))
      .where('key', 'like', 'login:pair-day:mixed@example.com:%')
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(18);
    expect(Number(failures.total)).toBe(18);
  });
});
