import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorType } from '../../shared/http/errors.ts';
import { AppError } from '../errors.ts';

const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

function typeForStatus(status: number): ErrorType {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'unavailable';
  return status >= 500 ? 'internal' : 'validation';
}

/** One error handler: every failure answers `{ message, type, warnings? }` with a fitting status. */
async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((issue) => issue.message ?? 'Invalid request');
      const body: ErrorBody = { message: messages[0] ?? 'Invalid request', type: 'validation', warnings: messages };
      return reply.code(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return reply.code(500).send({ message: INTERNAL_MESSAGE, type: 'internal' } satisfies ErrorBody);
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: INTERNAL_MESSAGE, type: 'internal' } satisfies ErrorBody);
    }
    return reply.code(status).send({ message: error.message, type: typeForStatus(status) } satisfies ErrorBody);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
