import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActor } from '../access/access.ts';
import { isPublicRoute } from '../http/public-routes.ts';

/**
 * A caller of a student route without a live session (none, or one that has ended) answers 401
 * before its body is read or its address and query are checked: a signed-out app learns nothing
 * about its input or about what exists. Roles are checked by each service, as before. Routes marked
 * `config.public` answer anyone.
 */
async function signedInFirst(request: FastifyRequest): Promise<void> {
  if (isPublicRoute(request)) return;
  await requireActor(request);
}

/** Marks a plugin scope as the student apps': every route registered in it needs a session first. */
export function studentScope(scope: FastifyInstance): void {
  scope.addHook('onRequest', signedInFirst);
}
