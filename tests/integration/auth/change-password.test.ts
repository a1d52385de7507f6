import { describe, expect, it } from 'vitest';
import { createUser, sessionCookieOf } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: [], poolSize: 8 });
const asNobody = harness.injectAs('nobody');

const me = (cookie: string) => harness.injectWith(cookie)('GET', '/api/auth/me');
const login = (emailAddress: string, password: string) => asNobody('POST', '/api/auth/login', { emailAddress, password });
const changePassword = (cookie: string | undefined, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  harness.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: cookie ? { cookie } : {}, payload, remoteAddress });

async function passwordHashOf(email: string): Promise<string | null> {
  const row = await harness.db.selectFrom('users').select('password_hash').where('email_address', '=', email).executeTakeFirstOrThrow();
  return row.password_hash;
}

describe('POST /api/auth/change-password', () => {
  it('sets the new password, keeps this session and ends every other one', async () => {
    await createUser(harness.db, { email: 'changer@example.com', password: 'old-pass', roles: ['admin'] });
    const here = await harness.signIn('changer@example.com', 'old-pass');
    const phone = await harness.signIn('changer@example.com', 'old-pass');
    const response = await changePassword(here, { currentPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });

    // This browser stays signed in, with the cookie the answer set.
    const current = sessionCookieOf(response) ?? here;
    const stillIn = await me(current);
    expect(stillIn.statusCode).toBe(200);
    expect(stillIn.json().emailAddress).toBe('changer@example.com');
    // The other device is signed out, and so is any copy of the old cookie.
    expect((await me(phone)).statusCode).toBe(401);
    if (current !== here) expect((await me(here)).statusCode).toBe(401);

    expect((await login('changer@example.com', 'old-pass')).statusCode).toBe(401);
    expect((await login('changer@example.com', 'new-pass')).statusCode).toBe(200);
    expect(await passwordHashOf('changer@example.com')).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong current password, changing nothing', async () => {
    await createUser(harness.db, { email: 'wrong-current@example.com', password: 'old-pass' });
    const cookie = await harness.signIn('wrong-current@example.com', 'old-pass');
    const other = await harness.signIn('wrong-current@example.com', 'old-pass');
    const hashBefore = await passwordHashOf('wrong-current@example.com');
    const response = await changePassword(cookie, { currentPassword: 'not-it', newPassword: 'new-pass', confirmPassword: 'new-pass' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The current password is not correct', type: 'validation' });
    expect(await passwordHashOf('wrong-current@example.com')).toBe(hashBefore);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('answers the password rules by field: required, too short, not confirmed', async () => {
    await createUser(harness.db, { email: 'rules@example.com', password: 'old-pass' });
    const cookie = await harness.signIn('rules@example.com', 'old-pass');
    const hashBefore = await passwordHashOf('rules@example.com');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ newPassword: 'new-pass', confirmPassword: 'new-pass' }, 'Current Password is Required'],
      [{ currentPassword: 'old-pass', newPassword: '', confirmPassword: '' }, 'Password is Required'],
      [{ currentPassword: 'old-pass', newPassword: 'abcd', confirmPassword: 'abcd' }, 'Password must be at least 5 characters'],
      [{ currentPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pasS' }, 'The passwords do not match'],
      [{ currentPassword: 'old-pass', newPassword: 'new-pass' }, 'The passwords do not match'],
      [{ currentPassword: 'old-pass', newPassword: 'x'.repeat(257), confirmPassword: 'x'.repeat(257) }, 'Password must be at most 256 characters'],
    ];
    for (const [payload, message] of cases) {
      const response = await changePassword(cookie, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ message, type: 'validation' });
    }
    expect(await passwordHashOf('rules@example.com')).toBe(hashBefore);
  });

  it('needs a signed-in session', async () => {
    const response = await changePassword(undefined, { currentPassword: 'a-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue', type: 'unauthenticated' });
  });

  it('limits guesses of the current password', async () => {
    await createUser(harness.db, { email: 'stolen-session@example.com', password: 'old-pass' });
    const cookie = await harness.signIn('stolen-session@example.com', 'old-pass');
    const guess = () => changePassword(cookie, { currentPassword: 'guess', newPassword: 'new-pass', confirmPassword: 'new-pass' });
    for (let i = 0; i < 5; i += 1) expect((await guess()).statusCode).toBe(400);
    const blocked = await guess();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many wrong passwords. Please try again later.', type: 'rate-limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right current password waits: the guesses could have found it.
    const right = await changePassword(cookie, { currentPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' });
    expect(right.statusCode).toBe(429);
    expect((await login('stolen-session@example.com', 'old-pass')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous changes with the same current password through', async () => {
    await createUser(harness.db, { email: 'two-tabs@example.com', password: 'old-pass' });
    const cookie = await harness.signIn('two-tabs@example.com', 'old-pass');
    const answers = await Promise.all([
      changePassword(cookie, { currentPassword: 'old-pass', newPassword: 'first-pass', confirmPassword: 'first-pass' }),
      changePassword(cookie, { currentPassword: 'old-pass', newPassword: 'second-pass', confirmPassword: 'second-pass' }),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).not.toBe(200);
    const winner = answers.find((a) => a.statusCode === 200)!;
    const winningPassword = winner === answers[0] ? 'first-pass' : 'second-pass';
    const losingPassword = winner === answers[0] ? 'second-pass' : 'first-pass';
    expect((await login('two-tabs@example.com', winningPassword)).statusCode).toBe(200);
    expect((await login('two-tabs@example.com', losingPassword)).statusCode).toBe(401);
  });

  it('tells an account without a password (Google sign-in) how to set one', async () => {
    const user = await createUser(harness.db, { email: 'google-only@example.com', password: 'temp-pass' });
    const cookie = await harness.signIn('google-only@example.com', 'temp-pass');
    await harness.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
    const response = await changePassword(cookie, { currentPassword: 'anything', newPassword: 'new-pass', confirmPassword: 'new-pass' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This account has no password yet. Sign out and use "Forgot password?" to set one.');
    expect(await passwordHashOf('google-only@example.com')).toBeNull();
  });
});

describe('auth.changePassword (tRPC)', () => {
  it('answers with the same service and messages as REST', async () => {
    await createUser(harness.db, { email: 'trpc-changer@example.com', password: 'old-pass' });
    const cookie = await harness.signIn('trpc-changer@example.com', 'old-pass');
    const wrong = await harness.injectWith(cookie)('POST', '/trpc/auth.changePassword', {
      currentPassword: 'nope',
      newPassword: 'new-pass',
      confirmPassword: 'new-pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('The current password is not correct');
    const right = await harness.injectWith(cookie)('POST', '/trpc/auth.changePassword', {
      currentPassword: 'old-pass',
      newPassword: 'new-pass',
      confirmPassword: 'new-pass',
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().result.data).toEqual({ status: 'success' });
    expect((await me(sessionCookieOf(right) ?? cookie)).statusCode).toBe(200);
    expect((await login('trpc-changer@example.com', 'new-pass')).statusCode).toBe(200);
  });

  it('is listed in the OpenAPI document', async () => {
    const document = (await asNobody('GET', '/api/openapi.json')).json();
    expect(document.paths['/api/auth/change-password'].post.requestBody).toBeDefined();
  });
});
