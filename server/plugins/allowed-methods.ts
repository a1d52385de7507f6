import fp from 'fastify-plugin';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods the routes at this address take (`Allow`), in the usual order; empty when no route has it. */
    allowedMethods(url: string): string[];
  }
}

const USUAL_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function rank(method: string): number {
  const found = USUAL_ORDER.indexOf(method);
  return found === -1 ? USUAL_ORDER.length : found;
}

/**
 * The methods any route uses, so that an address no route of the request's method has can tell
 * which methods it does take (405 and `Allow` instead of 404): Fastify's own router is asked once
 * per method, so the answer matches routing exactly.
 */
async function allowedMethods(app: FastifyInstance): Promise<void> {
  const methods: HTTPMethods[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat().map((name) => name.toUpperCase() as HTTPMethods)) {
      if (methods.includes(method)) continue;
      methods.push(method);
      methods.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    }
  });
  app.decorate('allowedMethods', (url: string) => methods.filter((method) => app.findRoute({ method, url }) !== null));
}

export default fp(allowedMethods, { name: 'allowed-methods' });
