import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer carries addresses signed for the caller (playback, PDFs, page images): it is
     * `Cache-Control: no-store`, so that no cache keeps a key to paid content after it expires
     * or is revoked.
     */
    signedUrls?: boolean;
  }
}

/** Paths whose answers depend on who asks (the session decides what they hold). */
const PER_USER_PATH = /^\/(api|trpc|v2)(\/|$)/;

export const PER_USER_CACHE_CONTROL = 'private, no-cache';
export const SIGNED_URLS_CACHE_CONTROL = 'private, no-store';

/**
 * Every answer of the API is for one caller: `private` (no shared cache keeps it), revalidated on
 * each use, and not stored at all when it carries signed addresses. A route that sets its own
 * Cache-Control (stored files, downloads) keeps it.
 */
export function setCacheControl(request: FastifyRequest, reply: FastifyReply): void {
  if (request.routeOptions.config.signedUrls) void reply.header('cache-control', SIGNED_URLS_CACHE_CONTROL);
  else if (reply.getHeader('cache-control') === undefined && PER_USER_PATH.test(request.url)) void reply.header('cache-control', PER_USER_CACHE_CONTROL);
}

async function cacheControl(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply) => setCacheControl(request, reply));
}

export default fp(cacheControl, { name: 'cache-control' });
