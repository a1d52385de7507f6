import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({
  roles: [],
  plugins: [
    async (scope) => {
      scope.get('/api/student/probe/plain', async () => ({ ok: true }));
      scope.get('/api/student/probe/signed', { config: { signedUrls: true } }, async () => ({ url: '/files/x?sig=y' }));
      scope.get('/api/student/probe/own', async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send({ ok: true }));
      scope.get('/api/student/probe/signed-own', { config: { signedUrls: true } }, async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=60').send({ ok: true }),
      );
      scope.get('/api/student/probe/signed-refused', { config: { signedUrls: true } }, async (_request, reply) => reply.code(403).send({ message: 'no' }));
      scope.get('/probe/outside', async () => ({ ok: true }));
    },
  ],
});

describe('Cache-Control of API answers', () => {
  it('marks every API answer private and revalidated', async () => {
    expect((await harness.app.inject('/api/student/probe/plain')).headers['cache-control']).toBe('private, no-cache');
  });

  it('stores nothing of an answer that carries signed addresses, whatever the handler set', async () => {
    expect((await harness.app.inject('/api/student/probe/signed')).headers['cache-control']).toBe('private, no-store');
    expect((await harness.app.inject('/api/student/probe/signed-own')).headers['cache-control']).toBe('private, no-store');
    expect((await harness.app.inject('/api/student/probe/signed-refused')).headers['cache-control']).toBe('private, no-store');
  });

  it("keeps a route's own Cache-Control and leaves paths outside the API alone", async () => {
    expect((await harness.app.inject('/api/student/probe/own')).headers['cache-control']).toBe('public, max-age=60');
    expect((await harness.app.inject('/probe/outside')).headers['cache-control']).toBeUndefined();
  });

  it('marks refusals and unknown API paths private too', async () => {
    expect((await harness.app.inject('/api/student/courses')).headers['cache-control']).toBe('private, no-cache');
    expect((await harness.app.inject('/api/student/no-such-route')).headers['cache-control']).toBe('private, no-cache');
    expect((await harness.app.inject({ method: 'POST', url: '/trpc/users.list', payload: {} })).headers['cache-control']).toBe('private, no-cache');
  });
});
