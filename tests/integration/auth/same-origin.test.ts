import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../support/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database, { env: { PUBLIC_URL: 'https://console.psc.example' } });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('requests from other sites', () => {
  it('refuses a cross-site form post that carries the session cookie, changing nothing', async () => {
    await createUser(database.db, { email: 'victim@example.com' });
    const cookie = await signIn(app, 'victim@example.com');
    for (const headers of [
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, ...headers },
        payload: '--x--',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed', type: 'forbidden' });
    }
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a same-site form post that is not JSON or multipart', async () => {
    await createUser(database.db, { email: 'form@example.com' });
    const cookie = await signIn(app, 'form@example.com');
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, 'content-type': type },
        payload: 'a=b',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('Requests must be sent as JSON or multipart form data');
    }
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in, so nobody is signed into an attacker account', async () => {
    await createUser(database.db, { email: 'attacker@example.com' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { emailAddress: 'attacker@example.com', password: 'secret1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a cross-site GET logout but accepts the console’s own', async () => {
    await createUser(database.db, { email: 'getlogout@example.com' });
    const cookie = await signIn(app, 'getlogout@example.com');
    const crossSite = await app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
    const own = await app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('accepts JSON from the console origin and from apps that send no Origin', async () => {
    await createUser(database.db, { email: 'origin@example.com' });
    const fromConsole = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://console.psc.example', 'sec-fetch-site': 'same-origin' },
      payload: { emailAddress: 'origin@example.com', password: 'secret1' },
    });
    expect(fromConsole.statusCode).toBe(200);
    // Secure because PUBLIC_URL is https.
    expect(fromConsole.cookies.find((c) => c.name === 'psc_session')!.secure).toBe(true);
    const fromApp = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailAddress: 'origin@example.com', password: 'secret1' },
    });
    expect(fromApp.statusCode).toBe(200);
  });
});
