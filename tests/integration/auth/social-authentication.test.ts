import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionCookieOf } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const CLIENT_ID = 'console-test.apps.googleusercontent.com';
const harness = useApp({ roles: [] });
let configured: FastifyInstance;
let unconfigured: FastifyInstance;
let jwks: http.Server;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  // A key-set server on 127.0.0.1 standing in for Google's.
  jwks = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  configured = await harness.buildAnother({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
  });
  unconfigured = harness.app;
});
afterAll(async () => {
  await new Promise((resolve) => jwks?.close(resolve));
});

function idToken(claims: Record<string, unknown>, options: { audience?: string; issuer?: string; expiresIn?: string } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(privateKey);
}

const socialSignIn = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/social-authentication', payload: { provider: 'google', idToken: token } });

describe('POST /api/auth/social-authentication', () => {
  it('answers a clear error when Google sign-in is not configured', async () => {
    const response = await socialSignIn(unconfigured, 'anything');
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({ message: 'Sign-in with Google is not configured on this server', type: 'unavailable' });
  });

  it('creates a student from a verified Google identity and signs in', async () => {
    const token = await idToken({ sub: 'google-1', email: 'Gopika@Gmail.com', email_verified: true, name: 'Gopika' });
    const response = await socialSignIn(configured, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Gopika', emailAddress: 'gopika@gmail.com', roles: [] });
    const me = await configured.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookieOf(response)! } });
    expect(me.json().name).toBe('Gopika');
    // The same Google account signs into the same user next time.
    const again = await socialSignIn(configured, token);
    expect(again.json()._id).toBe(response.json()._id);
  });

  it('links a Google identity to the existing account with the same verified address', async () => {
    const existing = await createUser(harness.db, { email: 'arun@gmail.com', roles: ['staff'] });
    const response = await socialSignIn(configured, await idToken({ sub: 'google-2', email: 'arun@gmail.com', email_verified: true }));
    expect(response.json()).toMatchObject({ _id: existing.id, roles: ['staff'] });
  });

  it('refuses a token for another client, from another issuer, expired, or signed by another key', async () => {
    const other = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: 'google-3' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setExpirationTime('10m')
      .sign(other.privateKey);
    const tokens = [
      await idToken({ sub: 'google-3' }, { audience: 'someone-else' }),
      await idToken({ sub: 'google-3' }, { issuer: 'https://evil.example' }),
      await idToken({ sub: 'google-3' }, { expiresIn: '-5m' }),
      forged,
      'not-a-jwt',
    ];
    for (const token of tokens) {
      const response = await socialSignIn(configured, token);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('The Google sign-in could not be verified');
    }
  });
});
