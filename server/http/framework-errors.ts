import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../plugins/errors.ts';
import { setCacheControl } from '../plugins/cache-control.ts';
import { securityHeadersSetter } from './security-headers.ts';

/**
 * Fastify's `frameworkErrors`: an address refused before routing (bad percent-encoding, a path
 * parameter too long) reaches no hook and no error handler, so this gives its answer what every
 * other answer has: the security headers, the Cache-Control of the API and the one error body.
 */
export function frameworkErrorHandler(secureCookies: boolean): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  const setSecurityHeaders = securityHeadersSetter(secureCookies);
  return (error, request, reply) => {
    setSecurityHeaders(request, reply);
    setCacheControl(request, reply);
    sendError(error, request, reply);
  };
}
