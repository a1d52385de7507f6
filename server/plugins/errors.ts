import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorTypeOfStatus, type ErrorBody } from '../../shared/http/errors.ts';
import { describeIssues } from '../../shared/validation/messages.ts';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { trpcCodeOfStatus } from '../trpc/error-codes.ts';
import { AppError } from '../errors.ts';
import { isQueryCanceled, timedOutError } from '../db/statement-timeout.ts';
import { DEFAULT_BODY_LIMIT, tooLarge, trpcProcedures } from './body-limits.ts';
import { ROUTER_OPTIONS } from '../http/router-options.ts';

const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

const CONTEXT_PREFIX: Record<string, string> = { body: '', querystring: 'query', params: 'params', headers: 'headers' };

/** "/value/questionGroups/0/resId" → ['value', 'questionGroups', 0, 'resId'] */
function pathOf(instancePath: string): Array<string | number> {
  return instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const SHOWN_ADDRESS_LENGTH = 200;

/** The request's path as a message shows it: without the query, and cut short when long. */
function shownAddress(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.length > SHOWN_ADDRESS_LENGTH ? `${path.slice(0, SHOWN_ADDRESS_LENGTH)}…` : path;
}

/** Fastify's own refusals of a request (its address, its size, its type), in plain words. */
function requestProblem(error: FastifyError, request: FastifyRequest): string | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge(request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT).message;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `This call does not take ${String(request.headers['content-type'] ?? 'a body without a Content-Type').split(';')[0]}: send JSON (Content-Type: application/json)`;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The Content-Length header does not match the body';
    case 'FST_ERR_BAD_URL':
      return `This address is not valid: ${shownAddress(request)} (each % must start a percent-encoded UTF-8 character, such as %20)`;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return `This address is too long: ${shownAddress(request)} (a part of it is longer than ${ROUTER_OPTIONS.maxParamLength} characters)`;
    default:
      break;
  }
  return null;
}

/**
 * A call to /trpc refused before tRPC saw it (its body too large or not JSON): answered in
 * tRPC's own shape, one entry per call of a batch, so the console reads it like any other.
 */
function trpcShaped(request: FastifyRequest, status: number, body: ErrorBody) {
  const code = trpcCodeOfStatus(status);
  const { message, ...data } = body;
  const procedures = trpcProcedures(request.url);
  const entry = (path: string | undefined) => ({ error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { ...data, code, httpStatus: status, path } } });
  return (request.query as { batch?: string } | undefined)?.batch ? procedures.map(entry) : entry(procedures[0]);
}

/**
 * The one answer to a failure: `{ message, type, ... }` with a fitting status (in tRPC's shape on
 * /trpc). The error handler sends it, and so does the answer to an address refused before routing.
 */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: ErrorBody) => reply.code(status).send(request.url.startsWith('/trpc/') ? trpcShaped(request, status, body) : body);
  if (isQueryCanceled(error)) {
    // A statement ran out of time (or its client left, and nobody reads this answer).
    if (request.raw.destroyed) request.log.info('request closed by its client: its statements were cancelled');
    else request.log.warn({ err: error }, 'a statement ran out of time');
    const timedOut = timedOutError();
    void reply.header('retry-after', String(timedOut.retryAfterSeconds));
    return send(timedOut.statusCode, timedOut.toBody());
  }
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
    return send(error.statusCode, error.toBody());
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const prefix = CONTEXT_PREFIX[error.validationContext ?? 'body'] ?? '';
    const issues = describeIssues(
      error.validation.map((issue) => ({ path: pathOf(issue.instancePath), message: issue.message ?? 'is not valid', code: issue.keyword })),
      prefix,
    );
    return send(400, AppError.fromIssues(issues).toBody());
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
    return send(500, { message: INTERNAL_MESSAGE, type: 'internal' });
  }
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return send(status, { message: INTERNAL_MESSAGE, type: 'internal' });
  }
  const message = requestProblem(error, request) ?? error.message;
  return send(status, { message, type: errorTypeOfStatus(status) });
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(sendError);
}

export default fp(errorsPlugin, { name: 'errors' });
