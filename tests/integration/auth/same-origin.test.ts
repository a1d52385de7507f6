import { describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: [], env: { PUBLIC_URL: 'https://console.psc.example' } });
const asNobody = harness.injectAs('nobody');

const me = (cookie: string) => harness.injectWith(cookie)('GET', '/api/auth/me');

describe('requests from other sites', () => {
  it('refuses a cross-site form post that carries the session cookie, changing nothing', async () => {
    await createUser(harness.db, { email: 'victim@example.com' });
    const cookie = await harness.signIn('victim@example.com');
    for (const headers of [
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
    ]) {
      const response = await harness.injectWith(cookie)('POST', '/api/auth/logout', '--x--', headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed', type: 'forbidden' });
    }
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a same-site form post that is not JSON or multipart', async () => {
    await createUser(harness.db, { email: 'form@example.com' });
    const cookie = await harness.signIn('form@example.com');
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await harness.injectWith(cookie)('POST', '/api/auth/logout', 'a=b', { 'content-type': type });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('Requests must be sent as JSON or multipart form data');
    }
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in, so nobody is signed into an attacker account', async () => {
    await createUser(harness.db, { email: 'attacker@example.com' });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { emailAddress: 'attacker@example.com', password: 'secret1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a cross-site GET logout but accepts the console’s own', async () => {
    await createUser(harness.db, { email: 'getlogout@example.com' });
    const cookie = await harness.signIn('getlogout@example.com');
    const crossSite = await harness.injectWith(cookie)('GET', '/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
    const own = await harness.injectWith(cookie)('GET', '/api/auth/logout', undefined, { 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('accepts JSON from the console origin and from apps that send no Origin', async () => {
    await createUser(harness.db, { email: 'origin@example.com' });
    const fromConsole = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://console.psc.example', 'sec-fetch-site': 'same-origin' },
      payload: { emailAddress: 'origin@example.com', password: 'secret1' },
    });
    expect(fromConsole.statusCode).toBe(200);
    // Secure because PUBLIC_URL is https.
    expect(fromConsole.cookies.find((c) => c.name === 'psc_session')!.secure).toBe(true);
    const fromApp = await asNobody('POST', '/api/auth/login', { emailAddress: 'origin@example.com', password: 'secret1' });
    expect(fromApp.statusCode).toBe(200);
  });
});
