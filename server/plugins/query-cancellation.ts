import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { QueryScope, runInQueryScope } from '../db/query-scope.ts';

/** The scope of each request in flight. */
const scopes = new WeakMap<object, QueryScope>();

/**
 * A request whose client disconnects before the answer stops its statements: they would otherwise
 * run on (for minutes, for a heavy list) holding a pool connection nobody waits for. Every request
 * runs in a scope that knows the pooled connections it has checked out; when the response closes
 * unfinished, the scope cancels their statements and refuses new ones.
 */
async function queryCancellation(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    const scope = new QueryScope();
    scopes.set(request, scope);
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) scope.abort();
    });
    runInQueryScope(scope, done);
  });
  // The body is read in the socket's own async context; the hooks and the handler after it
  // continue in the request's scope again.
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) runInQueryScope(scope, done);
    else done();
  });
}

export default fp(queryCancellation, { name: 'query-cancellation' });
