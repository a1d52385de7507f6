import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_TYPES } from '../../../shared/http/errors.ts';
import { LAKSHYA_STUDENT_MESSAGES } from '../../../shared/lakshya-students/lakshya-students.rules.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
const asNobody = harness.injectAs('nobody');

/** An asynchronous route constraint that fails: Fastify refuses such a request before routing. */
async function failingConstraint(scope: FastifyInstance) {
  scope.addConstraintStrategy({
    name: 'probeFailing',
    storage() {
      const handlers = new Map<unknown, never>();
      return { get: (value: unknown) => handlers.get(value) ?? null, set: (value: unknown, handler: never) => void handlers.set(value, handler) };
    },
    deriveConstraint: (_request: unknown, _context: unknown, done?: (error: Error | null, value?: string) => void) =>
      done?.(new Error('the probe constraint failed')),
    mustMatchWhenDerived: false,
  });
  scope.get('/api/probe/constrained', { constraints: { probeFailing: 'yes' } }, async () => ({ ok: true }));
}

/** The one error body and the headers every API answer carries. */
function expectErrorShape(answer: LightMyRequestResponse, status: number, url = '/api/') {
  expect(answer.statusCode, `${url}: ${answer.body}`).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = answer.json();
  expect(typeof body.message).toBe('string');
  expect(ERROR_TYPES).toContain(body.type);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  // The console's own REST paths outside /api (/v2/coupons) are not marked per user.
  if (/^\/(api|trpc)\//.test(url)) expect(answer.headers['cache-control']).toBe('private, no-cache');
  return body;
}

describe('addresses refused before routing', () => {
  it('answers a bad percent-encoding 400 with the one error body, naming the address, and the usual headers', async () => {
    for (const url of ['/api/student/courses/%E0%A4%A', '/api/%', '/api/admin/users%zz?page=1']) {
      const body = expectErrorShape(await asNobody('GET', url), 400);
      expect(body, url).toEqual({ message: expect.stringContaining(`This address is not valid: ${url.split('?')[0]}`), type: 'validation' });
    }
  });

  it('answers a bad address under /trpc in tRPC’s shape', async () => {
    const answer = await asAdmin('GET', '/trpc/users.list%E0');
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.json()).toMatchObject({
      error: { message: expect.stringContaining('This address is not valid'), data: { type: 'validation', httpStatus: 400 } },
    });
  });

  it('answers a path parameter longer than the router takes 414, with the same shape', async () => {
    const url = `/api/student/courses/${'a'.repeat(6000)}`;
    const body = expectErrorShape(await asNobody('GET', url), 414);
    expect(body).toEqual({ message: `This address is too long: ${url.slice(0, 200)}… (a part of it is longer than 5000 characters)`, type: 'validation' });
  });

  it('answers a failed route constraint 500 with the generic message and the same headers', async () => {
    const probed = await harness.buildAnother({ plugins: [failingConstraint] });
    const body = expectErrorShape(await probed.inject('/api/probe/constrained'), 500);
    expect(body).toEqual({ message: 'Something went wrong. Please try again.', type: 'internal' });
  });
});

/** Writes a raw request to a listening app and reads its whole answer (the server closes the connection). */
async function rawRequest(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  socket.write(request);
  await once(socket, 'close');
  const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('requests Node cannot parse', () => {
  it('answers an address and headers too large 431, and a request that is not HTTP 400, with the one error body and the usual headers', async () => {
    const listening = await harness.buildAnother();
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const { port } = listening.server.address() as AddressInfo;
    const tooLarge = await rawRequest(port, `GET /api/student/courses?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const notHttp = await rawRequest(port, 'HELLO\r\n\r\n');
    for (const [answer, status] of [
      [tooLarge, 431],
      [notHttp, 400],
    ] as const) {
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String), type: 'validation' });
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['cache-control']).toBe('private, no-cache');
    }
    expect(JSON.parse(tooLarge.body).message).toBe('The request’s address and headers are too large (16 KB at most)');
  });
});

const SAMPLE_PARAM = 'sample-1';
const TRIED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `/api/x/{id}` → a pattern matching the concrete addresses of that path. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

describe('a method an address does not take', () => {
  it('answers 405 with Allow listing the methods of every documented path, and 404 on unknown paths', async () => {
    const document = (await asNobody('GET', '/api/openapi.json')).json();
    const paths = Object.entries(document.paths as Record<string, Record<string, unknown>>).map(([path, operations]) => ({
      path,
      pattern: pathPattern(path),
      methods: Object.keys(operations).map((method) => method.toUpperCase()),
    }));
    let checked = 0;
    for (const { path, methods } of paths) {
      const url = path.replace(/\{[^}]+\}/g, SAMPLE_PARAM);
      // Each method has its own routes: every path matching this address adds the methods it takes.
      const taken = new Set(paths.filter((other) => other.pattern.test(url)).flatMap((other) => other.methods));
      const expected = [...taken].sort();
      for (const method of TRIED_METHODS.filter((tried) => !methods.includes(tried))) {
        // Another documented path may take this method at the same address (`/x/export` and DELETE `/x/{id}`).
        if (paths.some((other) => other.path !== path && other.methods.includes(method) && other.pattern.test(url))) continue;
        const answer = await asNobody(method as 'GET', url);
        const label = `${method} ${url}`;
        const body = expectErrorShape(answer, 405, url);
        expect(body, label).toEqual({ message: `This address does not take ${method}: it takes ${answer.headers.allow}`, type: 'validation' });
        // The document leaves HEAD out: GET routes take it, and so do a few routes of their own (resumable uploads).
        const allow = String(answer.headers.allow).split(', ');
        expect(allow.filter((name) => name !== 'HEAD').sort(), label).toEqual(expected);
        if (taken.has('GET')) expect(allow, label).toContain('HEAD');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('names the methods in the usual order', async () => {
    const login = await asNobody('DELETE', '/api/auth/login');
    expect(login.headers.allow).toBe('POST');
    expect(login.json()).toEqual({ message: 'This address does not take DELETE: it takes POST', type: 'validation' });
    expect((await asAdmin('PUT', '/api/student/courses')).headers.allow).toBe('GET, HEAD');
    expect((await asAdmin('POST', '/api/student/push-subscriptions')).statusCode).not.toBe(405);
    expect((await asAdmin('PATCH', '/api/student/push-subscriptions')).headers.allow).toBe('POST, DELETE');
  });

  it('keeps 404 for paths no route has, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['DELETE', '/api/student/courses/x/nothing'],
      ['POST', '/no-such-page'],
    ] as const) {
      const answer = await asNobody(method, url);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.headers.allow).toBeUndefined();
      if (url.startsWith('/api/')) expect(expectErrorShape(answer, 404)).toEqual({ message: 'Not found', type: 'not-found' });
    }
  });

  it('leaves tRPC its own answer to a wrong method', async () => {
    const answer = await asAdmin('GET', '/trpc/lakshyaStudents.create');
    expect(answer.statusCode).toBe(405);
    expect(answer.json()).toMatchObject({ error: { data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 } } });
  });
});

describe('validation errors and warnings', () => {
  it('lists every refused field under issues, and no warnings', async () => {
    const answer = await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: ' ', phoneNumber: '12345', expiryDate: 'tomorrow' } });
    const body = expectErrorShape(answer, 400);
    expect(body.type).toBe('validation');
    expect(body.issues.map((issue: { field: string }) => issue.field)).toEqual(['value.name', 'value.phoneNumber', 'value.expiryDate']);
    expect(body).not.toHaveProperty('warnings');
  });

  it('lists them the same way through tRPC', async () => {
    const answer = await asAdmin('POST', '/trpc/lakshyaStudents.create', { value: { name: ' ', phoneNumber: '12345' } });
    expect(answer.statusCode).toBe(400);
    const { data } = answer.json().error;
    expect(data.issues).toHaveLength(2);
    expect(data).not.toHaveProperty('warnings');
  });

  it('keeps warnings on a has-warnings refusal', async () => {
    const value = { name: 'Anjali', phoneNumber: '9847012399' };
    expect((await asAdmin('POST', '/api/admin/lakshya-students', { value })).statusCode).toBe(200);
    const taken = await asAdmin('POST', '/api/admin/lakshya-students', { value });
    expect(expectErrorShape(taken, 409)).toMatchObject({
      message: LAKSHYA_STUDENT_MESSAGES.processFailed,
      type: 'has-warnings',
      warnings: ['9847012399 is already on the list'],
    });
  });
});
