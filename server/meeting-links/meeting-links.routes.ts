import { z } from 'zod';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { createMeetingLinkInputSchema, meetingLinkIdSchema, meetingLinkSchema, studentMeetingLinkSchema } from '../../shared/meeting-links/meeting-links.schema.ts';
import type { DomainRoutes } from '../domain.ts';
import * as meetingLinks from './meeting-links.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['meeting links'];

/** The Meeting links screen (administrators only). */
export const meetingLinksRoutes: DomainRoutes = async (app) => {
  app.get('/api/admin/meeting-links', { schema: { tags, summary: 'Every meeting link, the latest meeting first', response: { 200: z.array(meetingLinkSchema), ...errors } } }, async (request) =>
    meetingLinks.listMeetingLinks(request.ctx),
  );
  app.post(
    '/api/admin/meeting-links',
    {
      schema: {
        tags,
        summary: 'Add a meeting link (active from the start)',
        description:
          'url must be an http:// or https:// web address. startDate and endDate are ISO 8601 date-times with their zone (e.g. 2026-11-26T19:30:00+05:30) or milliseconds since 1970; the end must be after the start and not already passed.',
        body: createMeetingLinkInputSchema,
        response: { 200: meetingLinkSchema, ...errors },
      },
    },
    async (request) => meetingLinks.createMeetingLink(request.ctx, request.body),
  );
  app.put(
    '/api/admin/update/meeting-link',
    { schema: { tags, summary: 'Switch a meeting link on or off (it flips)', body: meetingLinkIdSchema, response: { 200: meetingLinkSchema, ...errors } } },
    async (request) => meetingLinks.toggleMeetingLink(request.ctx, request.body),
  );
  app.delete(
    '/api/admin/meeting-link/:id',
    { schema: { tags, summary: 'Remove a meeting link', params: meetingLinkIdSchema, response: { 200: z.object({ status: z.literal('deleted') }), ...errors } } },
    async (request) => meetingLinks.deleteMeetingLink(request.ctx, request.params),
  );
};

/** The links students may join now, for the student apps. */
export const studentMeetingLinksRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/meeting-links',
    {
      schema: {
        tags: ['student meeting links'],
        summary: 'The meeting links a student may join now: switched on, started and not ended, the soonest to end first',
        response: { 200: z.array(studentMeetingLinkSchema), 401: errorBodySchema },
      },
    },
    async (request) => meetingLinks.listLiveMeetingLinks(request.ctx),
  );
};
