import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: [] });
const cookies: Record<string, string> = {};
let subscriptionId: string;

const ROLES = ['admin', 'manager', 'staff', 'marketing', 'student'] as const;
type Role = (typeof ROLES)[number];

beforeAll(async () => {
  for (const role of ROLES) {
    await createUser(harness.db, { email: `${role}@example.com`, roles: role === 'student' ? [] : [role] });
    cookies[role] = await harness.signIn(`${role}@example.com`);
  }
  const created = await harness.injectWith(cookies.admin!)('POST', '/api/admin/subscriptions', { title: 'Role check' });
  subscriptionId = created.json()._id;
});

const SCREEN_FORBIDDEN = { message: 'Your role does not allow access to this screen', type: 'forbidden' };
const NOT_CONSOLE = { message: 'This account cannot use the admin console', type: 'forbidden' };

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, role?: Role, payload?: Record<string, unknown>) {
  return harness.app.inject({
    method,
    url,
    headers: role ? { cookie: cookies[role]! } : {},
    ...(payload ? { payload } : {}),
  });
}

/** The rate-card screen's routes, each with a body that would be accepted. */
const screenRoutes = () => [
  { method: 'POST' as const, url: '/api/admin/subscriptions', payload: { title: 'New card' } },
  { method: 'GET' as const, url: `/api/admin/subscriptions/${subscriptionId}` },
  { method: 'PUT' as const, url: `/api/admin/subscriptions/${subscriptionId}`, payload: { value: { title: 'Role check' } } },
];

describe('the rate-card screen (POST, GET one, PUT, DELETE)', () => {
  it('is open to administrators and managers', async () => {
    for (const role of ['admin', 'manager'] as const) {
      for (const route of screenRoutes()) {
        const answer = await call(route.method, route.url, role, route.payload);
        expect(answer.statusCode, `${route.method} ${route.url} as ${role}`).toBe(200);
      }
    }
    const throwaway = (await call('POST', '/api/admin/subscriptions', 'manager', { title: 'Manager deletes' })).json()._id;
    expect((await call('DELETE', `/api/admin/subscriptions/${throwaway}`, 'manager')).statusCode).toBe(200);
  });

  it('answers 403 to staff and marketing, whose side bar hides it, and changes nothing', async () => {
    const before = (await call('GET', '/api/v2/admin/subscriptions', 'admin')).json().length;
    for (const role of ['staff', 'marketing'] as const) {
      for (const route of [...screenRoutes(), { method: 'DELETE' as const, url: `/api/admin/subscriptions/${subscriptionId}` }]) {
        const answer = await call(route.method, route.url, role, 'payload' in route ? route.payload : undefined);
        expect(answer.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
        expect(answer.json()).toEqual(SCREEN_FORBIDDEN);
      }
    }
    expect((await call('GET', '/api/v2/admin/subscriptions', 'admin')).json()).toHaveLength(before);
    expect((await call('GET', `/api/admin/subscriptions/${subscriptionId}`, 'admin')).statusCode).toBe(200);
  });

  it('answers 403 to a student and 401 with no session', async () => {
    for (const route of [...screenRoutes(), { method: 'DELETE' as const, url: `/api/admin/subscriptions/${subscriptionId}` }]) {
      const payload = 'payload' in route ? route.payload : undefined;
      const student = await call(route.method, route.url, 'student', payload);
      expect(student.statusCode, `${route.method} ${route.url} as student`).toBe(403);
      expect(student.json()).toEqual(NOT_CONSOLE);
      const anonymous = await call(route.method, route.url, undefined, payload);
      expect(anonymous.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
      expect(anonymous.json().type).toBe('unauthenticated');
    }
  });
});

describe('the master list GET /api/v2/admin/subscriptions', () => {
  it('is open to every console role, staff and marketing included, since other editors pick a rate card from it', async () => {
    for (const role of ['admin', 'manager', 'staff', 'marketing'] as const) {
      const answer = await call('GET', '/api/v2/admin/subscriptions', role);
      expect(answer.statusCode, role).toBe(200);
      expect(
        answer.json().some((card: { _id: string }) => card._id === subscriptionId),
        role,
      ).toBe(true);
    }
  });

  it('answers 403 to a student and 401 with no session', async () => {
    const student = await call('GET', '/api/v2/admin/subscriptions', 'student');
    expect(student.statusCode).toBe(403);
    expect(student.json()).toEqual(NOT_CONSOLE);
    expect((await call('GET', '/api/v2/admin/subscriptions')).statusCode).toBe(401);
  });
});

describe('tRPC subscriptions procedures', () => {
  const trpc = (method: 'GET' | 'POST', path: string, role: Role | undefined, input?: Record<string, unknown>) =>
    harness.app.inject({
      method,
      url: method === 'GET' && input ? `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `/trpc/${path}`,
      headers: role ? { cookie: cookies[role]! } : {},
      ...(method === 'POST' ? { payload: input ?? {} } : {}),
    });

  it('let staff and marketing read the master list but nothing else', async () => {
    for (const role of ['staff', 'marketing'] as const) {
      expect((await trpc('GET', 'subscriptions.list', role)).statusCode, role).toBe(200);
      const calls = [
        trpc('GET', 'subscriptions.get', role, { id: subscriptionId }),
        trpc('POST', 'subscriptions.create', role, { title: 'Nope' }),
        trpc('POST', 'subscriptions.save', role, { id: subscriptionId, value: { title: 'Nope' } }),
        trpc('POST', 'subscriptions.delete', role, { id: subscriptionId }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.statusCode, role).toBe(403);
        expect(answer.json().error.message).toBe(SCREEN_FORBIDDEN.message);
      }
    }
    expect((await call('GET', `/api/admin/subscriptions/${subscriptionId}`, 'admin')).json().title).toBe('Role check');
  });

  it('refuse students and signed-out callers, the list included', async () => {
    expect((await trpc('GET', 'subscriptions.list', 'student')).statusCode).toBe(403);
    expect((await trpc('GET', 'subscriptions.list', undefined)).statusCode).toBe(401);
    expect((await trpc('GET', 'subscriptions.get', 'student', { id: subscriptionId })).statusCode).toBe(403);
    expect((await trpc('POST', 'subscriptions.create', undefined, { title: 'x' })).statusCode).toBe(401);
  });

  it('let managers use the whole screen', async () => {
    expect((await trpc('GET', 'subscriptions.get', 'manager', { id: subscriptionId })).statusCode).toBe(200);
    expect((await trpc('POST', 'subscriptions.create', 'manager', { title: 'Manager card' })).statusCode).toBe(200);
  });
});
