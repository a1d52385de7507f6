import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/auth/auth.constants.ts';
import { createLecture, PUBLISHED } from '../../support/factories/lecture.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp, type Method } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin'] });

/** Input that every student operation refuses: wrong types, a page out of range, an id that is no id. */
const BAD_QUERY = 'page=-1&pageSize=abc&limit=x&cursor=%00';
const BAD_BODY = { value: 12, message: 12, endpoint: false, keys: 'none', answers: 'x', couponCode: [], phoneNumber: {} };

interface Operation {
  method: Method;
  path: string;
  url: string;
}

let operations: Operation[] = [];
let expiredCookie: string;

beforeAll(async () => {
  const document = (await harness.app.inject('/api/openapi.json')).json();
  operations = Object.entries(document.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith('/api/student/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase() as Method,
        path,
        url: `${path.replace(/\{[^}]+\}/g, 'not-a-uuid')}?${BAD_QUERY}`,
      })),
    );
  await createUser(harness.db, { email: 'gone@example.com', phone: '9847000111' });
  expiredCookie = await harness.signIn('gone@example.com');
  expect((await harness.injectWith(expiredCookie)('GET', '/api/auth/logout')).statusCode).toBe(200);
});

function send(cookie: string | null, { method, url }: { method: Method; url: string }): Promise<LightMyRequestResponse> {
  const body = method === 'GET' || method === 'HEAD' ? undefined : BAD_BODY;
  return harness.injectWith(cookie)(method, url, body);
}

function expectRefused(answer: LightMyRequestResponse, message: string, label: string) {
  expect(answer.statusCode, `${label}: ${answer.body}`).toBe(401);
  expect(answer.json(), label).toEqual({ message, type: 'unauthenticated' });
  expect(answer.headers['cache-control'], label).toMatch(/^private, no-(cache|store)$/);
}

describe('student operations check the session before the input', () => {
  it('walks every /api/student operation of the document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(37);
  });

  it('answers 401 "sign in" to a caller without a session, whatever the body, address and query', async () => {
    for (const operation of operations) {
      expectRefused(await send(null, operation), MESSAGES.signInRequired, `${operation.method} ${operation.path}`);
    }
  });

  it('answers 401 "session expired" to a caller whose session has ended', async () => {
    for (const operation of operations) {
      expectRefused(await send(expiredCookie, operation), MESSAGES.sessionExpired, `${operation.method} ${operation.path}`);
    }
  });

  it('answers the same for a comment that exists and one that does not', async () => {
    const lectureId = await createLecture(harness.db, { title: 'Discussed', ...PUBLISHED });
    const { id } = await harness.db
      .insertInto('comments')
      .values({ lecture_id: lectureId, display_name: 'Anu', message: 'What is Article 21?' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const commentPaths = operations.filter((operation) => operation.path.includes('{commentId}'));
    expect(commentPaths.length).toBeGreaterThanOrEqual(4);
    for (const operation of commentPaths) {
      for (const cookie of [null, expiredCookie]) {
        const [existing, missing] = await Promise.all(
          [id, randomUUID()].map((commentId) =>
            send(cookie, { method: operation.method, url: operation.path.replace('{commentId}', commentId).replace(/\{[^}]+\}/g, randomUUID()) }),
          ),
        );
        const label = `${operation.method} ${operation.path} (${cookie ? 'expired' : 'signed out'})`;
        expect(existing!.statusCode, label).toBe(401);
        expect(existing!.body, label).toBe(missing!.body);
      }
    }
  });

  it('leaves the public routes of the student apps open: the VAPID key and the payment webhook', async () => {
    expect((await harness.injectWith(null)('GET', '/api/push/vapid-public-key')).statusCode).not.toBe(401);
    const webhook = await harness.injectWith(null)('POST', '/api/payments/razorpay/webhook', { event: 'payment.captured' });
    expect(webhook.statusCode).not.toBe(401);
    expect(webhook.json().type).not.toBe('unauthenticated');
  });

  it('answers a bearer token from another origin as it answers the cookie, on every operation', async () => {
    await createUser(harness.db, { email: 'app-user@example.com', phone: '9847000222' });
    const cookie = await harness.signIn('app-user@example.com');
    const signedIn = await harness.injectWith(null)('POST', '/api/auth/token', { emailAddress: 'app-user@example.com', password: 'secret1' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const bearer = { authorization: `Bearer ${signedIn.json().accessToken as string}`, origin: 'https://app.elsewhere.example' };
    // Ids that name nothing and wrong bodies: each operation answers its own refusal, never the sign-in one.
    for (const operation of operations) {
      const url = `${operation.path.replace(/\{[^}]+\}/g, randomUUID())}?${BAD_QUERY}`;
      const body = operation.method === 'GET' || operation.method === 'DELETE' ? undefined : BAD_BODY;
      const [withCookie, withToken] = [
        await harness.injectWith(cookie)(operation.method, url, body),
        await harness.injectWith(null)(operation.method, url, body, bearer),
      ];
      const label = `${operation.method} ${operation.path}`;
      expect(withToken.statusCode, `${label}: ${withToken.body}`).not.toBe(401);
      expect(withToken.statusCode, label).not.toBe(403);
      expect([withToken.statusCode, withToken.body], label).toEqual([withCookie.statusCode, withCookie.body]);
    }
  });

  it('lets a signed-in console account through to the route, which answers as before', async () => {
    const answer = await harness.injectAs('admin')('GET', '/api/student/courses');
    expect(answer.statusCode).not.toBe(401);
  });
});
