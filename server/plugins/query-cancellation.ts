import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { QueryScope, runInQueryScope } from '../db/query-scope.ts';

/** Runs a callback in the async context the request's scope was entered in. */
const resumeInScope = new WeakMap<object, (run: () => void) => void>();

/**
 * A request whose client disconnects before the answer stops its statements: they would otherwise
 * run on (for minutes, for a heavy list) holding a pool connection nobody waits for. Every request
 * runs in a scope that knows the pooled connections it has checked out; when the response closes
 * unfinished, the scope cancels their statements and refuses new ones.
 */
async function queryCancellation(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    const scope = new QueryScope();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) scope.abort();
    });
    runInQueryScope(scope, () => {
      resumeInScope.set(request, AsyncLocalStorage.snapshot());
      done();
    });
  });
  // The body is read in the socket's own async context; the hooks and the handler after it
  // continue in the request's scope again.
  app.addHook('preValidation', (request, _reply, done) => {
    const resume = resumeInScope.get(request);
    if (resume) resume(done);
    else done();
  });
}

export default fp(queryCancellation, { name: 'query-cancellation' });
