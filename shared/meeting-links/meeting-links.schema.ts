import { z } from '../validation/zod.ts';
import { requiredTextSchema } from '../validation/fields.ts';
import { MEETING_LINK_LIMITS, MEETING_LINK_MESSAGES, meetingUrlProblem, parseMeetingTime } from './meeting-links.rules.ts';

export { MEETING_LINK_MESSAGES } from './meeting-links.rules.ts';

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

/** POST /api/admin/meeting-links: {url, title, startDate, endDate}. */
export const createMeetingLinkInputSchema = z
  .object({
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
  })
  .superRefine((link, context) => {
    if (link.endDate.getTime() <= link.startDate.getTime()) context.addIssue({ code: 'custom', path: ['endDate'], message: MEETING_LINK_MESSAGES.endNotAfterStart });
  });
export type CreateMeetingLinkInput = z.input<typeof createMeetingLinkInputSchema>;

/** A meeting link's id, as PUT /api/admin/update/meeting-link {id} and the delete route take it. */
export const meetingLinkIdSchema = z.object({ id: z.uuid({ error: MEETING_LINK_MESSAGES.notFound }) });

export const meetingLinkSchema = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string(),
  /** ISO 8601 times. */
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type MeetingLink = z.infer<typeof meetingLinkSchema>;

/** What the student apps get: the links they may join now. */
export const studentMeetingLinkSchema = meetingLinkSchema.pick({ _id: true, title: true, url: true, startDate: true, endDate: true });
export type StudentMeetingLink = z.infer<typeof studentMeetingLinkSchema>;
