import { z } from '../validation/zod.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';
import { titledRefSchema } from '../editing/record-fields.ts';
import { versionSchema } from '../editing/versions.ts';
import { requiredTextSchema } from '../validation/fields.ts';
import { distinctCourseIds, MEETING_LINK_LIMITS, MEETING_LINK_MESSAGES, meetingUrlProblem, parseMeetingTime } from './meeting-links.rules.ts';

export { MEETING_LINK_LIMITS, MEETING_LINK_MESSAGES } from './meeting-links.rules.ts';

/** The resource type and click action of a notification announcing a meeting link, as the apps know them. */
export const MEETING_LINK_NOTIFICATION = { resourceType: 'Meeting links', clickAction: 'open_link' } as const;

function meetingTimeSchema(required: string, invalid: string) {
  return z
    .union([z.string().max(64, { error: invalid }), z.number()], { error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) })
    .transform((value, context) => {
      const at = parseMeetingTime(value);
      if (at instanceof Date) return at;
      context.addIssue({ code: 'custom', message: at === 'missing' ? required : invalid });
      return z.NEVER;
    });
}

/** The courses a link belongs to: at most 20 course ids, each once; none (or null) keeps it for staff only. */
const courseIdsSchema = z
  .array(z.uuid({ error: MEETING_LINK_MESSAGES.courseNotFound }), { error: MEETING_LINK_MESSAGES.coursesNotList })
  .max(MEETING_LINK_LIMITS.courses, { error: MEETING_LINK_MESSAGES.tooManyCourses })
  .nullish()
  .transform((ids) => distinctCourseIds(ids ?? []))
  .describe('The ids of the courses whose students see the link (GET /api/admin/course-title). Without any, only staff see it.');

/** What staff fill in on the Add Url form (and its edit). */
const meetingLinkFields = z.object({
  title: requiredTextSchema(MEETING_LINK_MESSAGES.titleRequired, MEETING_LINK_LIMITS.title, MEETING_LINK_MESSAGES.titleTooLong),
  url: z
    .string({ error: MEETING_LINK_MESSAGES.urlRequired })
    .max(MEETING_LINK_LIMITS.url + 100, { error: MEETING_LINK_MESSAGES.urlTooLong })
    .trim()
    .superRefine((url, context) => {
      const problem = meetingUrlProblem(url);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  startDate: meetingTimeSchema(MEETING_LINK_MESSAGES.startRequired, MEETING_LINK_MESSAGES.startInvalid),
  endDate: meetingTimeSchema(MEETING_LINK_MESSAGES.endRequired, MEETING_LINK_MESSAGES.endInvalid),
  courseIds: courseIdsSchema,
});

function endsAfterStart<T extends z.ZodType<{ startDate: Date; endDate: Date }>>(schema: T) {
  return schema.superRefine((link, context) => {
    if (link.endDate.getTime() <= link.startDate.getTime())
      context.addIssue({ code: 'custom', path: ['endDate'], message: MEETING_LINK_MESSAGES.endNotAfterStart });
  });
}

/** POST /api/admin/meeting-links: {url, title, startDate, endDate, courseIds?, requestId?}. */
export const createMeetingLinkInputSchema = endsAfterStart(
  meetingLinkFields.extend({
    requestId: z
      .uuid({ error: MEETING_LINK_MESSAGES.requestIdInvalid })
      .optional()
      .describe('A UUID made when the form opens: sending the same form twice (a double click) answers the link made the first time.'),
  }),
);
export type CreateMeetingLinkInput = z.input<typeof createMeetingLinkInputSchema>;

/** PUT /api/admin/meeting-links/{id}: every field again, the courses replacing the stored ones. */
export const updateMeetingLinkBodySchema = endsAfterStart(meetingLinkFields.extend({ version: versionSchema }));
/** The tRPC `meetingLinks.update` input: the body with the link's id. */
export const updateMeetingLinkInputSchema = endsAfterStart(
  meetingLinkFields.extend({ version: versionSchema, id: z.uuid({ error: MEETING_LINK_MESSAGES.notFound }) }),
);
export type UpdateMeetingLinkInput = z.input<typeof updateMeetingLinkInputSchema>;

/** A meeting link's id, as PUT /api/admin/update/meeting-link {id} and the delete route take it. */
export const meetingLinkIdSchema = z.object({ id: z.uuid({ error: MEETING_LINK_MESSAGES.notFound }) });

/** A course of a link, with its title for the table and the apps. */
export const meetingLinkCourseSchema = titledRefSchema;

export const meetingLinkSchema = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string(),
  /** ISO 8601 times. */
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** The courses whose students see it, by title; none: staff only. */
  courseIds: z.array(z.string()),
  courses: z.array(meetingLinkCourseSchema),
  /** Sent back with an edit: a save from an older copy is refused (409). */
  version: z.number(),
});
export type MeetingLink = z.infer<typeof meetingLinkSchema>;

/** What the student apps get: the links they may join now, with the courses (of this link) they may open. */
export const studentMeetingLinkSchema = meetingLinkSchema
  .pick({ _id: true, title: true, url: true, courses: true })
  .extend({ startDate: utcDateTimeSchema.describe('When it opens'), endDate: utcDateTimeSchema.describe('When it closes') });
export type StudentMeetingLink = z.infer<typeof studentMeetingLinkSchema>;
