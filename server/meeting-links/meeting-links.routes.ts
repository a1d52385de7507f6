import { studentPageQuerySchema, studentPageSchema } from '../../shared/validation/paging.ts';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import {
  createMeetingLinkInputSchema,
  meetingLinkIdSchema,
  meetingLinkSchema,
  studentMeetingLinkSchema,
  updateMeetingLinkBodySchema,
} from '../../shared/meeting-links/meeting-links.schema.ts';
import type { DomainRoutes } from '../domain.ts';
import { deletedSchema, errorResponses, routeOptions } from '../http/route-options.ts';
import * as meetingLinks from './meeting-links.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const timeFormats = 'startDate and endDate are ISO 8601 date-times with their zone (e.g. 2026-11-26T19:30:00+05:30) or milliseconds since 1970.';
const coursesRule = `courseIds: at most 20 ids of existing courses (GET /api/admin/course-title); only the students who may open one of them see the link, and a link without courses is for staff only.`;
const tags = ['meeting links'];
const admin = routeOptions(tags, errors);

/** The Meeting links screen (administrators only). */
export const meetingLinksRoutes: DomainRoutes = async (app) => {
  app.get('/api/admin/meeting-links', admin({ summary: 'Every meeting link, the latest meeting first', ok: z.array(meetingLinkSchema) }), async (request) =>
    meetingLinks.listMeetingLinks(request.ctx),
  );
  app.post(
    '/api/admin/meeting-links',
    admin({
      summary: 'Add a meeting link (active from the start)',
      description: `url must be an http:// or https:// web address. ${timeFormats} The end must be after the start and not already passed. ${coursesRule} requestId (a UUID made when the form opens) makes a second submit of the same form answer the first one's link.`,
      body: createMeetingLinkInputSchema,
      ok: meetingLinkSchema,
    }),
    async (request) => meetingLinks.createMeetingLink(request.ctx, request.body),
  );
  app.put(
    '/api/admin/meeting-links/:id',
    {
      schema: {
        tags,
        summary: 'Edit a meeting link: name, URL, window and courses (the courses replace the stored ones)',
        description: `Every field as on create. ${timeFormats} A changed window must not have ended; one left as it was may have. ${coursesRule} version: the one loaded; a save from an older copy is refused with 409 and \`stale\`.`,
        params: meetingLinkIdSchema,
        body: updateMeetingLinkBodySchema,
        response: { 200: meetingLinkSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => meetingLinks.updateMeetingLink(request.ctx, { ...request.body, id: request.params.id }),
  );
  app.put(
    '/api/admin/update/meeting-link',
    admin({ summary: 'Switch a meeting link on or off (it flips)', body: meetingLinkIdSchema, ok: meetingLinkSchema }),
    async (request) => meetingLinks.toggleMeetingLink(request.ctx, request.body),
  );
  app.delete('/api/admin/meeting-link/:id', admin({ summary: 'Remove a meeting link', params: meetingLinkIdSchema, ok: deletedSchema }), async (request) =>
    meetingLinks.deleteMeetingLink(request.ctx, request.params),
  );
};

/** The links students may join now, for the student apps. */
export const studentMeetingLinksRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/meeting-links',
    {
      schema: {
        tags: ['student meeting links'],
        summary: 'The meeting links a student may join now, the soonest to end first',
        description:
          'Switched on, started and not ended, and belonging to a published course the student may open now (no rate card, a rate card free to them, or an active grant of the course or its rate cards) or to a course they hold that a publish warning keeps offline (not one staff hide); courses lists those of its courses. A link without a course is never listed. Pages of `pageSize` links (20 unless asked, at most 100), with `total`.',
        querystring: studentPageQuerySchema(),
        response: { 200: studentPageSchema(studentMeetingLinkSchema, { withTotal: true }), ...errorResponses(400, 401) },
      },
    },
    async (request) => meetingLinks.listLiveMeetingLinks(request.ctx, request.query),
  );
};
