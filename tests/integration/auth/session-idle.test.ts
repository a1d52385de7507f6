import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, sessionCookieOf, signIn } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

/**
 * The idle clock lives in the session cookie and moves with the server's clock, so these
 * tests move Date forward instead of waiting.
 */
const harness = useApp({ roles: [], env: { SESSION_IDLE_TIMEOUT_MINUTES: '1' } });
let shortTimeout: FastifyInstance;
let longTimeout: FastifyInstance;

beforeAll(async () => {
  shortTimeout = harness.app;
  longTimeout = await harness.buildAnother({ env: { SESSION_IDLE_TIMEOUT_MINUTES: '720' } });
});
afterEach(() => {
  vi.useRealTimers();
});

const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('the idle timeout', () => {
  it('keeps a user who makes a request every 50 seconds signed in under a one-minute timeout', async () => {
    await createUser(harness.db, { email: 'steady@example.com' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    let cookie = await signIn(shortTimeout, 'steady@example.com');
    for (let step = 1; step <= 40; step += 1) {
      vi.setSystemTime(start + step * 50_000);
      const answer = await me(shortTimeout, cookie);
      expect(answer.statusCode, `request ${step}, ${step * 50} s after sign-in`).toBe(200);
      cookie = sessionCookieOf(answer) ?? cookie;
    }
  });

  it('keeps a user signed in at any pace shorter than the timeout, renewing the clock as the browser sends it back', async () => {
    await createUser(harness.db, { email: 'uneven@example.com' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    let cookie = await signIn(shortTimeout, 'uneven@example.com');
    let now = start;
    // Gaps up to 58 s, some of them short enough to fall between two renewals of the clock.
    for (const gap of [2_000, 58_000, 500, 57_000, 1_000, 1_000, 58_000, 30_000, 58_000]) {
      now += gap;
      vi.setSystemTime(now);
      const answer = await me(shortTimeout, cookie);
      expect(answer.statusCode, `after a gap of ${gap} ms`).toBe(200);
      cookie = sessionCookieOf(answer) ?? cookie;
    }
  });

  it('ends a session idle for longer than the timeout', async () => {
    await createUser(harness.db, { email: 'idle-short@example.com' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    let cookie = await signIn(shortTimeout, 'idle-short@example.com');
    vi.setSystemTime(start + 45_000);
    const active = await me(shortTimeout, cookie);
    expect(active.statusCode).toBe(200);
    cookie = sessionCookieOf(active) ?? cookie;
    vi.setSystemTime(start + 45_000 + 60_001);
    const idle = await me(shortTimeout, cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('with a long timeout, renews the cookie at most once a minute rather than on every request', async () => {
    await createUser(harness.db, { email: 'long@example.com' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const cookie = await signIn(longTimeout, 'long@example.com');
    vi.setSystemTime(start + 30_000);
    const soon = await me(longTimeout, cookie);
    expect(soon.statusCode).toBe(200);
    expect(sessionCookieOf(soon)).toBeUndefined();
    vi.setSystemTime(start + 61_000);
    const later = await me(longTimeout, cookie);
    expect(later.statusCode).toBe(200);
    expect(sessionCookieOf(later)).toBeDefined();
  });
});
