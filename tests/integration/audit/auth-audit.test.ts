import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { createUser } from '../../support/test-app.ts';

const CLIENT_ID = 'audit-test.apps.googleusercontent.com';
const harness = useApp({ roles: [] });
let google: FastifyInstance;
let jwks: http.Server;
let privateKey: CryptoKey;

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

const post = (app: FastifyInstance, url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, payload });

async function entriesOf(change: () => Promise<unknown>) {
  const afterSeq = await lastAuditSeq(harness.db);
  await change();
  return auditEntries(harness.db, { afterSeq });
}

describe('the audit log of staff sign-ins', () => {
  it("records a staff member's sign-in with the cookie and with a bearer token, never the password or the token", async () => {
    const staff = await createUser(harness.db, { email: 'sign-in-staff@example.com', roles: ['staff', 'marketing'], name: 'Sreeja', password: 'secret1' });
    const cookie = await entriesOf(async () =>
      expect((await post(harness.app, '/api/auth/login', { emailAddress: 'sign-in-staff@example.com', password: 'secret1' })).statusCode).toBe(200),
    );
    expect(cookie).toHaveLength(1);
    expect(cookie[0]).toMatchObject({
      actor_id: staff.id,
      actor_name: 'Sreeja',
      actor_roles: ['staff', 'marketing'],
      action: 'sign-in',
      resource_type: 'account',
      resource_id: staff.id,
      resource_title: 'Sreeja',
      ip: '127.0.0.1',
    });
    expect(cookie[0]!.changes).toEqual({ method: { from: null, to: 'password' }, session: { from: null, to: 'cookie' } });

    let token = '';
    const bearer = await entriesOf(async () => {
      const response = await post(harness.app, '/api/auth/token', { emailAddress: 'sign-in-staff@example.com', password: 'secret1' });
      expect(response.statusCode, response.body).toBe(200);
      token = response.json().accessToken;
    });
    expect(bearer.map((entry) => [entry.action, entry.resource_id, entry.changes.session])).toEqual([['sign-in', staff.id, { from: null, to: 'bearer' }]]);
    const logged = JSON.stringify([...cookie, ...bearer]);
    expect(logged).not.toContain('secret1');
    expect(logged).not.toContain(token);
  });

  it('records a staff sign-in with Google, and not a student signing in or registering', async () => {
    await createUser(harness.db, { email: 'google-staff@example.com', roles: ['admin'], name: 'Gopika' });
    const staff = await entriesOf(async () => {
      const response = await post(google, '/api/auth/social-authentication', {
        provider: 'google',
        idToken: await idToken({ sub: 'google-staff', email: 'google-staff@example.com', email_verified: true }),
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(staff.map((entry) => [entry.action, entry.resource_title, entry.changes.method])).toEqual([['sign-in', 'Gopika', { from: null, to: 'google' }]]);

    await createUser(harness.db, { email: 'student-sign-in@example.com', password: 'secret1' });
    const students = await entriesOf(async () => {
      expect((await post(harness.app, '/api/auth/login', { emailAddress: 'student-sign-in@example.com', password: 'secret1' })).statusCode).toBe(200);
      expect((await post(harness.app, '/api/auth/token', { emailAddress: 'student-sign-in@example.com', password: 'secret1' })).statusCode).toBe(200);
      const viaGoogle = await post(google, '/api/auth/token/social-authentication', {
        provider: 'google',
        idToken: await idToken({ sub: 'google-student', email: 'new-student@gmail.com', email_verified: true }),
      });
      expect(viaGoogle.statusCode, viaGoogle.body).toBe(200);
      expect((await post(harness.app, '/api/auth/register', { name: 'New', emailAddress: 'registered@example.com', password: 'secret12' })).statusCode).toBe(
        201,
      );
    });
    expect(students).toEqual([]);
  });

  it('writes no entry for a refused sign-in: a wrong password, a disabled account', async () => {
    await createUser(harness.db, { email: 'refused-staff@example.com', roles: ['manager'], password: 'secret1' });
    const disabled = await createUser(harness.db, { email: 'disabled-staff@example.com', roles: ['manager'], password: 'secret1' });
    await harness.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', disabled.id).execute();
    const entries = await entriesOf(async () => {
      expect((await post(harness.app, '/api/auth/login', { emailAddress: 'refused-staff@example.com', password: 'wrong-one' })).statusCode).toBe(401);
      expect((await post(harness.app, '/api/auth/token', { emailAddress: 'refused-staff@example.com', password: 'wrong-one' })).statusCode).toBe(401);
      expect((await post(harness.app, '/api/auth/login', { emailAddress: 'disabled-staff@example.com', password: 'secret1' })).statusCode).toBe(403);
    });
    expect(entries).toEqual([]);
  });

  it('records each of a staff member signing in twice at once', async () => {
    await createUser(harness.db, { email: 'twice-staff@example.com', roles: ['staff'], password: 'secret1' });
    const entries = await entriesOf(() =>
      Promise.all([1, 2].map(() => post(harness.app, '/api/auth/login', { emailAddress: 'twice-staff@example.com', password: 'secret1' }))),
    );
    expect(entries.map((entry) => entry.action)).toEqual(['sign-in', 'sign-in']);
    await expectUnbrokenChain(harness.db);
  });
});
