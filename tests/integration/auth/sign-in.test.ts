import { describe, expect, it, vi } from 'vitest';
import { setDisabled, setRoles } from '../../../server/users/users.service.ts';
import { createUser, sessionCookieOf } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: [] });
const asNobody = harness.injectAs('nobody');

const me = (cookie?: string) => harness.injectWith(cookie)('GET', '/api/auth/me');

describe('POST /api/auth/login', () => {
  it('signs in and answers the current user', async () => {
    const user = await createUser(harness.db, { email: 'Anitha@Example.com', password: 'secret1', roles: ['staff'], phone: '9847012345' });
    const response = await asNobody('POST', '/api/auth/login', { emailAddress: 'anitha@example.com', password: 'secret1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: user.id,
      name: user.name,
      roles: ['staff'],
      phoneNumber: '9847012345',
      emailAddress: 'anitha@example.com',
    });
    const cookie = response.cookies.find((c) => c.name === 'psc_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.path).toBe('/');
    const who = await me(sessionCookieOf(response));
    expect(who.statusCode).toBe(200);
    expect(who.json()._id).toBe(user.id);
  });

  it('answers 401 with the server message for a wrong password or an unknown address', async () => {
    await createUser(harness.db, { email: 'wrong@example.com', password: 'secret1' });
    for (const payload of [
      { emailAddress: 'wrong@example.com', password: 'secret2' },
      { emailAddress: 'nobody@example.com', password: 'secret1' },
    ]) {
      const response = await asNobody('POST', '/api/auth/login', payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Incorrect email address or password', type: 'unauthenticated' });
      expect(response.cookies.find((c) => c.name === 'psc_session')).toBeUndefined();
    }
  });

  it('answers the specification messages for missing fields', async () => {
    const response = await asNobody('POST', '/api/auth/login', { emailAddress: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Email is Required', type: 'validation' });
    const noPassword = await asNobody('POST', '/api/auth/login', { emailAddress: 'a@b.in' });
    expect(noPassword.json().message).toBe('Password is Required');
  });

  it('refuses a disabled account', async () => {
    const user = await createUser(harness.db, { email: 'disabled@example.com' });
    await setDisabled(harness.db, user.id, true);
    const response = await asNobody('POST', '/api/auth/login', { emailAddress: 'disabled@example.com', password: 'secret1' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This account has been disabled. Please contact support.');
  });

  it('limits sign-in attempts per account, with Retry-After', async () => {
    await createUser(harness.db, { email: 'target@example.com' });
    const attempt = () => asNobody('POST', '/api/auth/login', { emailAddress: 'target@example.com', password: 'guess' });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many sign-in attempts for this account. Please try again later.', type: 'rate-limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits until the window ends.
    const right = await asNobody('POST', '/api/auth/login', { emailAddress: 'target@example.com', password: 'secret1' });
    expect(right.statusCode).toBe(429);
  });

  it('limits sign-in attempts per client address', async () => {
    const address = '203.0.113.9';
    const attempt = (i: number) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: { emailAddress: `spray${i}@example.com`, password: 'guess' },
      });
    for (let i = 0; i < 60; i += 1) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(61)).statusCode).toBe(429);
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 when signed out', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue', type: 'unauthenticated' });
  });

  it('answers 401 for a forged cookie', async () => {
    const response = await me('psc_session=not-a-real-cookie');
    expect(response.statusCode).toBe(401);
  });
});

describe('ending sessions', () => {
  it('logout makes every copy of the old cookie fail', async () => {
    await createUser(harness.db, { email: 'logout@example.com' });
    const cookie = await harness.signIn('logout@example.com');
    const other = await harness.signIn('logout@example.com');
    const response = await harness.injectWith(cookie)('GET', '/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    const cleared = response.cookies.find((c) => c.name === 'psc_session');
    expect(cleared?.value).toBe('');
    const reused = await me(cookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('Your session has expired. Please sign in again.');
    // The user's other device stays signed in.
    expect((await me(other)).statusCode).toBe(200);
  });

  it('a role change ends the sessions of that user', async () => {
    const user = await createUser(harness.db, { email: 'demoted@example.com', roles: ['admin'] });
    const cookie = await harness.signIn('demoted@example.com');
    await setRoles(harness.db, user.id, ['staff']);
    expect((await me(cookie)).statusCode).toBe(401);
    const fresh = await harness.signIn('demoted@example.com');
    expect((await me(fresh)).json().roles).toEqual(['staff']);
  });

  it('disabling an account ends its sessions', async () => {
    const user = await createUser(harness.db, { email: 'later-disabled@example.com' });
    const cookie = await harness.signIn('later-disabled@example.com');
    await setDisabled(harness.db, user.id, true);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('an idle session expires after the idle timeout, an active one after the absolute lifetime', async () => {
    await createUser(harness.db, { email: 'idle@example.com' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      const cookie = await harness.signIn('idle@example.com');
      vi.setSystemTime(start + 11 * 60 * 60_000);
      const stillIn = await me(cookie);
      expect(stillIn.statusCode).toBe(200);
      // The answer renewed the idle clock in a new cookie.
      const renewed = sessionCookieOf(stillIn);
      expect(renewed).toBeDefined();
      vi.setSystemTime(start + 13 * 60 * 60_000);
      expect((await me(cookie)).statusCode).toBe(401);
      expect((await me(renewed)).statusCode).toBe(200);

      // Kept active, the session still ends after SESSION_MAX_AGE_DAYS (30).
      let current = renewed!;
      for (let hours = 20; hours <= 30 * 24; hours += 10) {
        vi.setSystemTime(start + hours * 60 * 60_000);
        const answer = await me(current);
        if (answer.statusCode !== 200) break;
        const next = sessionCookieOf(answer);
        if (next) current = next;
      }
      vi.setSystemTime(start + 30 * 24 * 60 * 60_000 + 60_000);
      expect((await me(current)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('POST /api/auth/register', () => {
  it('creates a student account and signs in', async () => {
    const response = await asNobody('POST', '/api/auth/register', { name: 'Meera', emailAddress: 'Meera@Example.com', password: 'abcde' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Meera', emailAddress: 'meera@example.com', roles: [] });
    expect((await me(sessionCookieOf(response))).json().name).toBe('Meera');
  });

  it('refuses a short password and an address already in use, saving nothing', async () => {
    const short = await asNobody('POST', '/api/auth/register', { name: 'Short', emailAddress: 'short@example.com', password: '1234' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 5 characters');
    const stored = await harness.db.selectFrom('users').select('id').where('email_address', '=', 'short@example.com').execute();
    expect(stored).toHaveLength(0);

    await createUser(harness.db, { email: 'taken@example.com' });
    const taken = await asNobody('POST', '/api/auth/register', { name: 'Again', emailAddress: 'TAKEN@example.com', password: 'abcde' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'An account with this email address already exists', type: 'conflict' });
  });

  it('creates one account when the same address registers twice at once', async () => {
    const register = () => asNobody('POST', '/api/auth/register', { name: 'Twice', emailAddress: 'twice@example.com', password: 'abcde' });
    const answers = await Promise.all([register(), register(), register()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe('tRPC auth procedures', () => {
  it('answer with the same messages as REST', async () => {
    const response = await asNobody('POST', '/trpc/auth.login', { emailAddress: 'nobody@example.com', password: 'x' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Incorrect email address or password');
    expect(response.json().error.data.type).toBe('unauthenticated');

    const invalid = await asNobody('POST', '/trpc/auth.login', { emailAddress: '', password: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Email is Required');
  });

  it('auth.me answers null when signed out and the user when signed in', async () => {
    const signedOut = await asNobody('GET', '/trpc/auth.me');
    expect(signedOut.json().result.data).toBeNull();
    await createUser(harness.db, { email: 'trpc@example.com', name: 'Trpc User' });
    const cookie = await harness.signIn('trpc@example.com');
    const signedIn = await harness.injectWith(cookie)('GET', '/trpc/auth.me');
    expect(signedIn.json().result.data.name).toBe('Trpc User');
  });
});
