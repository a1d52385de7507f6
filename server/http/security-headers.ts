import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The security headers of every answer (@fastify/helmet adds them to each request that reaches
 * the router; `applySecurityHeaders` adds them to the answers sent before routing).
 */
export function securityHeaderOptions(secureCookies: boolean) {
  return {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
      },
    },
    // The Swagger UI sets its own policy on its pages.
    hsts: secureCookies,
  };
}

/** Sets the security headers on an answer that no hook will see (an address refused before routing). */
export function securityHeadersSetter(secureCookies: boolean): (request: FastifyRequest, reply: FastifyReply) => void {
  const middleware = helmet(securityHeaderOptions(secureCookies));
  return (request, reply) =>
    middleware(request.raw, reply.raw, (error?: unknown) => {
      if (error) throw error;
    });
}

/** The security headers as name and value, for an answer written straight to the connection (a request that is not valid HTTP). */
export function securityHeaderLines(secureCookies: boolean): string[] {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(securityHeaderOptions(secureCookies))(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.entries(response.getHeaders()).map(([name, value]) => `${name}: ${String(value)}`);
}
