import { createECDH, createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/auth/auth.constants.ts';
import { buildApp } from '../../../server/app.ts';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { insertRecoveryToken } from '../../../server/auth/recovery.repository.ts';
import { hashOtpCode, hashOtpToken, newOtpToken } from '../../../server/auth/recovery.tokens.ts';
import { createLogger } from '../../../server/logger.ts';
import { setDisabled, setRoles } from '../../../server/users/users.service.ts';
import { createAsset } from '../../support/factories/asset.ts';
import { createUser, sessionCookieOf, testConfig } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin'], env: { SESSION_IDLE_TIMEOUT_MINUTES: '60' } });

let counter = 0;
const address = (name: string) => `${name}${++counter}-${Date.now()}@example.com`;

interface Issued {
  accessToken: string;
  tokenType: string;
  expiresAt: string;
  user: { _id: string; emailAddress: string | null; roles: string[] };
}

const tokenSignIn = (emailAddress: string, password = 'secret1', remoteAddress = '127.0.0.1', app = harness.app) =>
  app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress, payload: { emailAddress, password } });

async function tokenFor(emailAddress: string, password = 'secret1'): Promise<string> {
  const answer = await tokenSignIn(emailAddress, password);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as Issued).accessToken;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const withToken = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  harness.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const me = (token: string) => withToken(token, 'GET', '/api/auth/me');
const sessionRow = (token: string) =>
  harness.db.selectFrom('user_sessions').selectAll().where('token_hash', '=', createHash('sha256').update(token).digest()).executeTakeFirstOrThrow();

function expectExpired(answer: { statusCode: number; json(): unknown }) {
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toMatchObject({ message: MESSAGES.sessionExpired });
}

/** A browser push subscription's keys: a point on P-256 and a 16-byte secret. */
function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('POST /api/auth/token', () => {
  it('answers an opaque token, its expiry and the user the cookie sign-in answers, and sets no cookie', async () => {
    const email = address('token');
    await createUser(harness.db, { email, name: 'Token Student' });
    const cookieAnswer = await harness.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailAddress: email, password: 'secret1' } });
    const before = Date.now();
    const answer = await tokenSignIn(email);
    expect(answer.statusCode).toBe(200);
    expect(sessionCookieOf(answer)).toBeUndefined();
    const issued = answer.json() as Issued;
    expect(issued.tokenType).toBe('Bearer');
    expect(issued.accessToken).toMatch(/^psc_[A-Za-z0-9_-]{43}$/);
    expect(issued.user).toEqual(cookieAnswer.json());
    expect(issued.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const days = (Date.parse(issued.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect((await me(issued.accessToken)).json()).toEqual(issued.user);
  });

  it('answers the cookie sign-in messages for a wrong password, an unknown address, a disabled account and bad input', async () => {
    const email = address('messages');
    const user = await createUser(harness.db, { email });
    const wrong = await tokenSignIn(email, 'wrong-pass');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: MESSAGES.wrongCredentials });
    expect((await tokenSignIn(address('nobody'))).json()).toMatchObject({ message: MESSAGES.wrongCredentials });
    await setDisabled(harness.db, user.id, true);
    const disabled = await tokenSignIn(email);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toMatchObject({ message: MESSAGES.accountDisabled });
    const missing = await harness.app.inject({ method: 'POST', url: '/api/auth/token', payload: { emailAddress: email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: MESSAGES.passwordRequired });
  });

  it('counts failures together with the cookie sign-in: ten across both routes, then 429 with Retry-After on either', async () => {
    const email = address('limits');
    await createUser(harness.db, { email, password: 'right-pass' });
    const remoteAddress = '198.51.100.77';
    for (let i = 0; i < 10; i += 1) {
      const answer =
        i % 2 === 0
          ? await tokenSignIn(email, 'guess', remoteAddress)
          : await harness.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { emailAddress: email, password: 'guess' } });
      expect(answer.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await tokenSignIn(email, 'right-pass', remoteAddress);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const cookieBlocked = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { emailAddress: email, password: 'right-pass' },
    });
    expect(cookieBlocked.statusCode).toBe(429);
  });

  it('keeps only the SHA-256 of the token in the database', async () => {
    const email = address('hash');
    await createUser(harness.db, { email });
    const token = await tokenFor(email);
    const row = await sessionRow(token);
    expect(row.token_hash).toEqual(createHash('sha256').update(token).digest());
    const dump = await sql<{ dump: string }>`select string_agg(t::text, ' ') as dump from user_sessions t`.execute(harness.db);
    const text = dump.rows[0]!.dump;
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(4));
    expect(text).not.toContain(Buffer.from(token).toString('hex'));
  });
});

describe('student operations with a bearer token', () => {
  it('reads the profile, the courses and the orders, and registers a push subscription from another site', async () => {
    const email = address('student');
    const user = await createUser(harness.db, { email, name: 'Bearer Student' });
    const token = await tokenFor(email);
    const profile = await withToken(token, 'GET', '/api/student/profile');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ name: 'Bearer Student' });
    const courses = await withToken(token, 'GET', '/api/student/courses');
    expect(courses.statusCode, courses.body).toBe(200);
    const orders = await withToken(token, 'GET', '/api/student/orders');
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json()).toEqual({ items: [], page: 1, pageSize: 20, hasMore: false });
    const device = pushSubscription();
    const registered = await withToken(token, 'POST', '/api/student/push-subscriptions', device, {
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const stored = await harness.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', device.endpoint).executeTakeFirstOrThrow();
    expect(stored.user_id).toBe(user.id);
  });

  it('keeps every same-origin check for a request that carries the session cookie, with a bearer token or not', async () => {
    const email = address('both');
    await createUser(harness.db, { email });
    const token = await tokenFor(email);
    const cookie = await harness.signIn(email);
    const crossSite = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const withCookie = await harness.app.inject({
      method: 'POST',
      url: '/api/student/push-subscriptions',
      headers: { cookie, ...bearer(token), ...crossSite },
      payload: pushSubscription(),
    });
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json()).toMatchObject({ message: MESSAGES.crossSiteRefused });
    const form = await harness.app.inject({
      method: 'POST',
      url: '/api/student/push-subscriptions',
      headers: { cookie, ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'endpoint=x',
    });
    expect(form.statusCode).toBe(415);
    // A bearer token that does not sign in lends no exemption: the request is judged as a browser's.
    const unknown = await withToken(`psc_${'A'.repeat(43)}`, 'POST', '/api/student/push-subscriptions', pushSubscription(), crossSite);
    expect(unknown.statusCode).toBe(403);
  });

  it('judges a request that carries both by its bearer token and leaves the cookie alone', async () => {
    const tokenEmail = address('bearer-wins');
    const cookieEmail = address('cookie-ignored');
    await createUser(harness.db, { email: tokenEmail });
    await createUser(harness.db, { email: cookieEmail });
    const token = await tokenFor(tokenEmail);
    const cookie = await harness.signIn(cookieEmail);
    const both = await harness.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, ...bearer(token) } });
    expect(both.json()).toMatchObject({ emailAddress: tokenEmail });
    const stale = await harness.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, authorization: 'Bearer not-a-token' } });
    expectExpired(stale);
    expect(stale.cookies).toEqual([]);
    // Signing the token out neither clears nor ends the cookie.
    const out = await harness.app.inject({ method: 'DELETE', url: '/api/auth/token', headers: { cookie, ...bearer(token) } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies).toEqual([]);
    expect((await harness.injectWith(cookie)('GET', '/api/auth/me')).json()).toMatchObject({ emailAddress: cookieEmail });
  });

  it('answers a malformed, unknown or wrong-scheme credential like an expired session, and leaves other schemes to the cookie', async () => {
    const email = address('scheme');
    await createUser(harness.db, { email });
    const token = await tokenFor(email);
    for (const authorization of ['Bearer', 'Bearer abc', `Bearer ${token}x`, `Bearer psc_${'A'.repeat(43)}`, `Bearer ${token} extra`]) {
      expectExpired(await harness.app.inject({ method: 'GET', url: '/api/student/profile', headers: { authorization } }));
    }
    expect((await harness.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `bearer ${token}` } })).statusCode).toBe(200);
    const cookie = await harness.signIn(email);
    const basic = await harness.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.statusCode).toBe(200);
  });
});

describe('console routes', () => {
  it('refuse a bearer token, whatever roles its account holds, while the cookie of the same account works', async () => {
    const token = await tokenFor('admin@example.com');
    const users = await withToken(token, 'GET', '/api/admin/users');
    expect(users.statusCode).toBe(403);
    expect(users.json()).toMatchObject({ message: MESSAGES.consoleNeedsCookie });
    const trpc = await withToken(token, 'GET', '/trpc/users.list');
    expect(trpc.statusCode).toBe(403);
    expect((await harness.injectAs('admin')('GET', '/api/admin/users')).statusCode).toBe(200);
    // Its own account is the apps' to use.
    expect((await me(token)).json()).toMatchObject({ roles: ['admin'] });
  });

  it("do not open every file to a staff account's bearer token, as the console's cookie does", async () => {
    const token = await tokenFor('admin@example.com');
    const assetId = await createAsset(harness.db, { file_name: 'bearer-private.mp4' });
    const withBearer = await withToken(token, 'GET', `/api/assets/${assetId}`);
    expect(withBearer.statusCode).toBe(403);
    expect(withBearer.json()).toMatchObject({ message: 'You cannot open this file' });
    const withCookie = await harness.injectAs('admin')('GET', `/api/assets/${assetId}`);
    expect(withCookie.statusCode, withCookie.body).not.toBe(403);
  });
});

describe('ending a token', () => {
  it('DELETE /api/auth/token ends the token it carries, and only that one', async () => {
    const email = address('delete');
    await createUser(harness.db, { email });
    const token = await tokenFor(email);
    const other = await tokenFor(email);
    const out = await withToken(token, 'DELETE', '/api/auth/token');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'success' });
    expectExpired(await me(token));
    expectExpired(await withToken(token, 'DELETE', '/api/auth/token'));
    expect((await me(other)).statusCode).toBe(200);
  });

  it('DELETE /api/auth/token with the cookie only names the missing header and ends nothing', async () => {
    const email = address('no-bearer');
    await createUser(harness.db, { email });
    const cookie = await harness.signIn(email);
    const answer = await harness.injectWith(cookie)('DELETE', '/api/auth/token');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: MESSAGES.bearerTokenRequired, field: 'authorization' });
    expect((await harness.injectWith(cookie)('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('GET and POST /api/auth/logout end the bearer token, from an app or another site', async () => {
    const email = address('logout');
    await createUser(harness.db, { email });
    const first = await tokenFor(email);
    const out = await withToken(first, 'GET', '/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site', origin: 'https://app.example' });
    expect(out.statusCode).toBe(200);
    expect(out.cookies).toEqual([]);
    expectExpired(await me(first));
    const second = await tokenFor(email);
    expect((await withToken(second, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expectExpired(await me(second));
  });

  it('a password change through the console ends every token; one through a token ends that token too and sets no cookie', async () => {
    const email = address('change');
    await createUser(harness.db, { email, password: 'old-pass' });
    const token = await tokenFor(email, 'old-pass');
    const cookie = await harness.signIn(email, 'old-pass');
    const change = (credentials: Record<string, string>, from: string, to: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: credentials,
        payload: { currentPassword: from, newPassword: to, confirmPassword: to },
      });
    expect((await change({ cookie }, 'old-pass', 'new-pass')).statusCode).toBe(200);
    expectExpired(await me(token));

    const next = await tokenFor(email, 'new-pass');
    const byToken = await change(bearer(next), 'new-pass', 'third-pass');
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(sessionCookieOf(byToken)).toBeUndefined();
    expectExpired(await me(next));
    expect((await tokenSignIn(email, 'third-pass')).statusCode).toBe(200);
  });

  it('a password reset through recovery ends every token', async () => {
    const email = address('reset');
    const user = await createUser(harness.db, { email });
    const token = await tokenFor(email);
    const otpToken = newOtpToken();
    const tokenHash = hashOtpToken(otpToken);
    await insertRecoveryToken(harness.db, {
      userId: user.id,
      tokenHash,
      codeHash: hashOtpCode(testConfig().SESSION_SECRET, tokenHash, '123456'),
      channel: 'email',
      requestedFrom: '127.0.0.1',
      ttlMinutes: 10,
    });
    const reset = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/recovery/execute',
      payload: { newPassword: 'after-reset', otp: '123456', otpToken },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expectExpired(await me(token));
  });

  it('disabling the account in the console ends every token', async () => {
    const email = address('disabled');
    const user = await createUser(harness.db, { email });
    const token = await tokenFor(email);
    const asAdmin = harness.injectAs('admin');
    const version = (await asAdmin('GET', `/api/admin/users/${user.id}`)).json().version as number;
    expect((await asAdmin('PUT', `/api/admin/users/${user.id}/disabled`, { disabled: true, version })).statusCode).toBe(200);
    expectExpired(await me(token));
  });

  it('disabling the account from the command line ends every token (the user row is checked on each request)', async () => {
    const email = address('disabled-cli');
    const user = await createUser(harness.db, { email });
    const token = await tokenFor(email);
    await setDisabled(harness.db, user.id, true);
    expectExpired(await me(token));
  });

  it('a role change from the command line ends every token; one in the Users screen applies on the next request', async () => {
    const email = address('roles');
    const user = await createUser(harness.db, { email, roles: ['staff'] });
    const token = await tokenFor(email);
    const asAdmin = harness.injectAs('admin');
    const version = (await asAdmin('GET', `/api/admin/users/${user.id}`)).json().version as number;
    expect((await asAdmin('PUT', `/api/admin/users/${user.id}/roles`, { roles: ['marketing'], version })).statusCode).toBe(200);
    expect((await me(token)).json()).toMatchObject({ roles: ['marketing'] });
    await setRoles(harness.db, user.id, ['educator']);
    expectExpired(await me(token));
  });

  it('a first password set through an invitation ends tokens of the account made before it (its session version moves)', async () => {
    const email = address('version');
    const user = await createUser(harness.db, { email });
    const token = await tokenFor(email);
    await harness.db
      .updateTable('users')
      .set({ session_version: sql<number>`session_version + 1` })
      .where('id', '=', user.id)
      .execute();
    expectExpired(await me(token));
  });
});

describe('token lifetime', () => {
  it('ends at its maximum age', async () => {
    const email = address('max-age');
    await createUser(harness.db, { email });
    const token = await tokenFor(email);
    const { id } = await sessionRow(token);
    await harness.db
      .updateTable('user_sessions')
      .set({ expires_at: sql<Date>`now() + interval '1 second'` })
      .where('id', '=', id)
      .execute();
    expect((await me(token)).statusCode).toBe(200);
    await harness.db
      .updateTable('user_sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    expectExpired(await me(token));
  });

  it('ends after the idle timeout without a request, and a request moves the idle clock at most once per step', async () => {
    const email = address('idle');
    await createUser(harness.db, { email });
    const token = await tokenFor(email);
    const { id } = await sessionRow(token);
    const setSeen = (ago: string) =>
      harness.db
        .updateTable('user_sessions')
        .set({ last_seen_at: sql<Date>`now() - ${ago}::interval` })
        .where('id', '=', id)
        .execute();
    const seen = async () => (await harness.db.selectFrom('user_sessions').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow()).last_seen_at!;

    // Seen 30 s ago, under a step of one minute (a sixtieth of an hour): the request writes nothing.
    await setSeen('30 seconds');
    const before = await seen();
    expect((await me(token)).statusCode).toBe(200);
    expect(await seen()).toEqual(before);

    // Seen 59 minutes ago: still live, and the request moves the clock to now.
    await setSeen('59 minutes');
    expect((await me(token)).statusCode).toBe(200);
    expect(Date.now() - (await seen()).getTime()).toBeLessThan(5_000);
    expect((await me(token)).statusCode).toBe(200);

    await setSeen('60 minutes 1 second');
    expectExpired(await me(token));
  });

  it('costs a request one prepared statement, and a second only when the idle clock moves', async () => {
    const email = address('queries');
    await createUser(harness.db, { email });
    const token = await tokenFor(email);
    const { id } = await sessionRow(token);
    const spy = vi.spyOn(harness.database.pool, 'query');
    const sessionQueries = async () => {
      spy.mockClear();
      expect((await me(token)).statusCode).toBe(200);
      return spy.mock.calls.map(([config]) => (config as { name?: string }).name).filter((name) => name?.startsWith('auth-'));
    };
    try {
      expect(await sessionQueries()).toEqual(['auth-live-token-sessions']);
      await harness.db
        .updateTable('user_sessions')
        .set({ last_seen_at: sql<Date>`now() - interval '2 minutes'` })
        .where('id', '=', id)
        .execute();
      expect(await sessionQueries()).toEqual(['auth-live-token-sessions', 'auth-touch-token-session']);
      expect(await sessionQueries()).toEqual(['auth-live-token-sessions']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('Google sign-in for a token', () => {
  const CLIENT_ID = 'apps-test.apps.googleusercontent.com';
  let jwks: http.Server;
  let privateKey: CryptoKey;
  let google: FastifyInstance;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    jwks = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;
    google = await harness.buildAnother({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` } });
  });
  afterAll(async () => {
    await new Promise((resolve) => jwks?.close(resolve));
  });

  const idToken = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
  const googleToken = (app: FastifyInstance, token: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/auth/token/social-authentication', remoteAddress, payload: { provider: 'google', idToken: token } });

  it('signs in the linked account and answers a bearer token that works', async () => {
    const email = address('google');
    const user = await createUser(harness.db, { email });
    const answer = await googleToken(google, await idToken({ sub: `g-${user.id}`, email, email_verified: true }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(sessionCookieOf(answer)).toBeUndefined();
    const issued = answer.json() as Issued;
    expect(issued.user._id).toBe(user.id);
    expect((await google.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(issued.accessToken) })).json()).toMatchObject({ _id: user.id });
  });

  it('answers as the cookie route does when Google is not configured, for a forged token, and for a disabled account', async () => {
    expect((await googleToken(harness.app, 'anything')).json()).toEqual({ message: MESSAGES.socialNotConfigured, type: 'unavailable' });
    const forged = await googleToken(google, 'not-a-jwt');
    const cookieForged = await google.inject({ method: 'POST', url: '/api/auth/social-authentication', payload: { provider: 'google', idToken: 'not-a-jwt' } });
    expect(forged.statusCode).toBe(cookieForged.statusCode);
    expect(forged.json()).toEqual(cookieForged.json());
    const email = address('google-disabled');
    const user = await createUser(harness.db, { email });
    await setDisabled(harness.db, user.id, true);
    const disabled = await googleToken(google, await idToken({ sub: `g-${user.id}`, email, email_verified: true }));
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toMatchObject({ message: MESSAGES.accountDisabled });
  });

  it("counts against the address's sign-in limit shared with the cookie routes", async () => {
    const remoteAddress = '198.51.100.99';
    // Sixty wrong passwords for sixty accounts, half on each password route: the address's budget across all accounts.
    const guesses = Array.from({ length: 60 }, (_, i) => ({ emailAddress: `nobody-${i}@example.com`, password: 'guess' }));
    for (const [i, payload] of guesses.entries()) {
      const answer = await google.inject({ method: 'POST', url: i % 2 ? '/api/auth/login' : '/api/auth/token', remoteAddress, payload });
      expect(answer.statusCode, `guess ${i + 1}`).toBe(401);
    }
    const limited = await googleToken(google, await idToken({ sub: 'g-limited', email: address('limited'), email_verified: true }), remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('logs', () => {
  it("redact the Authorization header wherever the server's logger is given a request's headers", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger(testConfig({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }), 'server', sink);
    log.info({ req: { headers: { authorization: `Bearer psc_${'B'.repeat(43)}` } } }, 'a request');
    expect(lines.join('')).toContain('"authorization":"[Redacted]"');
    expect(lines.join('')).not.toContain('B'.repeat(43));
  });

  it('never hold a bearer token: not from sign-in, use, refusal, a failure or sign-out', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = testConfig({ LOG_LEVEL: 'trace', LOG_FORMAT: 'json' });
    const app = await buildApp({
      config,
      storage: createStorage(config),
      db: harness.db,
      pool: harness.database.pool,
      loggerInstance: createLogger(config, 'server', sink),
      consoleDir: null,
      plugins: [
        async (probe) => {
          probe.get('/probe/failure', async () => {
            throw new Error('probe failure');
          });
        },
      ],
    });
    try {
      const email = address('logs');
      await createUser(harness.db, { email });
      const signIn = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { emailAddress: email, password: 'secret1' } });
      const token = (signIn.json() as Issued).accessToken;
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      await app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(token) });
      await app.inject({ method: 'POST', url: '/api/student/push-subscriptions', headers: bearer(token), payload: { endpoint: 'x' } });
      expect((await app.inject({ method: 'GET', url: '/probe/failure', headers: bearer(token) })).statusCode).toBe(500);
      await app.inject({ method: 'DELETE', url: '/api/auth/token', headers: bearer(token) });
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      const log = lines.join('');
      expect(log).toContain('probe failure');
      expect(log).toContain('"url":"/api/auth/token"');
      expect(log).not.toContain(token.slice(4));
    } finally {
      await app.close();
    }
  });
});
