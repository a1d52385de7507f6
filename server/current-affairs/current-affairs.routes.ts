import { z } from 'zod';
import {
  createCurrentAffairInputSchema,
  CURRENT_AFFAIR_MESSAGES,
  currentAffairListEntrySchema,
  currentAffairSchema,
  savedCurrentAffairSchema,
  saveCurrentAffairInputSchema,
  studentCurrentAffairsPageSchema,
  studentCurrentAffairsQuerySchema,
} from '../../shared/current-affairs/current-affairs.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import type { DomainRoutes } from '../domain.ts';
import * as currentAffairs from './current-affairs.service.ts';

/** An id that is not a post's is answered 404 by the service. */
const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['current affairs'];

export const currentAffairsRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/current-affairs',
    { schema: { tags, summary: 'Every current-affairs post, newest date first', response: { 200: z.array(currentAffairListEntrySchema), ...errors } } },
    async (request) => currentAffairs.listCurrentAffairs(request.ctx),
  );
  app.post(
    '/api/admin/current-affairs',
    {
      schema: {
        tags,
        summary: 'Add a post for a date (its title, YYYY-MM-DD)',
        description: `A second post for a date is refused with 409 and \`field: "title"\` ("${CURRENT_AFFAIR_MESSAGES.sameDate('2026-11-26')}") unless \`allowSameDate\` is true.`,
        body: createCurrentAffairInputSchema,
        response: { 200: z.object({ _id: z.string() }), ...errors },
      },
    },
    async (request) => currentAffairs.createCurrentAffair(request.ctx, request.body),
  );
  app.get(
    '/api/admin/current-affairs/:id',
    { schema: { tags, summary: 'One post with its files', params: idParams, response: { 200: currentAffairSchema, ...errors } } },
    async (request) => currentAffairs.getCurrentAffair(request.ctx, request.params),
  );
  app.put(
    '/api/admin/current-affairs/:id',
    {
      schema: {
        tags,
        summary: 'Save a post; the answer says whether it is published and what keeps it offline',
        description:
          'Send the whole item as `value` (derived fields are ignored) and `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale`. ' +
          'Moving it to a date that has a post needs `allowSameDate: true` (else 409 with `field: "value.title"`). The cover art must be a public image, the PDF a private PDF.',
        params: idParams,
        body: saveCurrentAffairInputSchema,
        response: { 200: savedCurrentAffairSchema, ...errors },
      },
    },
    async (request) => currentAffairs.saveCurrentAffair(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/api/admin/current-affairs/:id',
    { schema: { tags, summary: 'Delete a post', params: idParams, response: { 200: z.object({ status: z.literal('deleted') }), ...errors } } },
    async (request) => currentAffairs.deleteCurrentAffair(request.ctx, request.params),
  );
};

/** Published posts for signed-in students (the student apps' REST layer). */
export const studentCurrentAffairsRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/current-affairs',
    {
      config: { signedUrls: true },
      schema: {
        tags: ['student current affairs'],
        summary: 'Published current-affairs posts, newest date first, a page at a time',
        description:
          'Each post says whether the student may open it (`entitled`: it has no rate card, its rate card is free to them, or they hold it). ' +
          "For those, `pdfUrl` (and `pageUrls` once the PDF's pages are converted) work only with this student's session and expire at `expiresAt`, " +
          'or earlier when the post is unpublished, deleted or given another PDF; ask again for new ones. The answer is `Cache-Control: private, no-store`.',
        querystring: studentCurrentAffairsQuerySchema,
        response: { 200: studentCurrentAffairsPageSchema, ...errors },
      },
    },
    async (request) => currentAffairs.listStudentCurrentAffairs(request.ctx, request.query),
  );
};
