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
import type { DomainRoutes } from '../domain.ts';
import { createdSchema, deletedSchema, routeOptions } from '../http/route-options.ts';
import * as currentAffairs from './current-affairs.service.ts';

/** An id that is not a post's is answered 404 by the service. */
const idParams = z.object({ id: z.string().max(100) });
const student = routeOptions(['student current affairs']);
const admin = routeOptions(['current affairs']);

export const currentAffairsRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/current-affairs',
    admin({ summary: 'Every current-affairs post, newest date first', ok: z.array(currentAffairListEntrySchema) }),
    async (request) => currentAffairs.listCurrentAffairs(request.ctx),
  );
  app.post(
    '/api/admin/current-affairs',
    admin({
      summary: 'Add a post for a date (its title, YYYY-MM-DD)',
      description: `A second post for a date is refused with 409 and \`field: "title"\` ("${CURRENT_AFFAIR_MESSAGES.sameDate('2026-11-26')}") unless \`allowSameDate\` is true.`,
      body: createCurrentAffairInputSchema,
      ok: createdSchema,
    }),
    async (request) => currentAffairs.createCurrentAffair(request.ctx, request.body),
  );
  app.get('/api/admin/current-affairs/:id', admin({ summary: 'One post with its files', params: idParams, ok: currentAffairSchema }), async (request) =>
    currentAffairs.getCurrentAffair(request.ctx, request.params),
  );
  app.put(
    '/api/admin/current-affairs/:id',
    admin({
      summary: 'Save a post; the answer says whether it is published and what keeps it offline',
      description:
        'Send the whole item as `value` (derived fields are ignored) and `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale`. ' +
        'Moving it to a date that has a post needs `allowSameDate: true` (else 409 with `field: "value.title"`). The cover art must be a public image, the PDF a private PDF.',
      params: idParams,
      body: saveCurrentAffairInputSchema,
      ok: savedCurrentAffairSchema,
    }),
    async (request) => currentAffairs.saveCurrentAffair(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete('/api/admin/current-affairs/:id', admin({ summary: 'Delete a post', params: idParams, ok: deletedSchema }), async (request) =>
    currentAffairs.deleteCurrentAffair(request.ctx, request.params),
  );
};

/** Published posts for signed-in students (the student apps' REST layer). */
export const studentCurrentAffairsRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/current-affairs',
    student({
      config: { signedUrls: true },
      summary: 'Published current-affairs posts, newest date first, a page at a time',
      description:
        'Pages of `pageSize` posts (20 unless asked, at most 100), with `total`. Each post says whether the student may open it (`entitled`: it has no rate card, its rate card is free to them, or they hold it). ' +
        "For those, `pdfUrl` (and `pageUrls` once the PDF's pages are converted) work only with this student's session and expire at `expiresAt`, " +
        'or earlier when the post is unpublished, deleted or given another PDF; ask again for new ones. The answer is `Cache-Control: private, no-store`.',
      querystring: studentCurrentAffairsQuerySchema,
      ok: studentCurrentAffairsPageSchema,
    }),
    async (request) => currentAffairs.listStudentCurrentAffairs(request.ctx, request.query),
  );
};
