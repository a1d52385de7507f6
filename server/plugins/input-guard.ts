import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { findUnstorableText } from '../../shared/validation/messages.ts';
import { AppError } from '../errors.ts';

/**
 * Text that PostgreSQL cannot store (a NUL character, broken Unicode) is refused before any
 * route sees it, with the field named: every route and every field, the ones added later
 * included. tRPC calls get the same check in their middleware, inside tRPC's own answer.
 */
async function inputGuard(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/trpc/')) return;
    const found = findUnstorableText(request.params, 'params') ?? findUnstorableText(request.query, 'query') ?? findUnstorableText(request.body, '');
    if (found) throw new AppError('validation', found.message, { field: found.field, issues: [found] });
  });
}

export default fp(inputGuard, { name: 'input-guard' });
