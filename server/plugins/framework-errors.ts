import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/http/errors.ts';
import { sendError } from './errors.ts';
import { PER_USER_CACHE_CONTROL, setCacheControl } from './cache-control.ts';
import { securityHeaderLines, securityHeadersSetter } from '../http/security-headers.ts';

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

/** What a request that never became one (Node's HTTP parser refused it) is told. */
function clientProblem(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request’s address and headers are too large (16 KB at most)' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive' };
  return { status: 400, message: 'The request is not valid HTTP' };
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (headers too large, not HTTP, too
 * slow) is answered on the connection itself with the one error body and the usual headers, then
 * the connection is closed.
 */
export function clientErrorHandler(secureCookies: boolean): (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) => void {
  const headers = [...securityHeaderLines(secureCookies), `cache-control: ${PER_USER_CACHE_CONTROL}`];
  return function (this: FastifyInstance, error, socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientProblem(error.code);
    this.log.trace({ err: error }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify({ message, type: 'validation' } satisfies ErrorBody);
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        ...headers,
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
