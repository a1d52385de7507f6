import { z } from '../validation/zod.ts';
import { titledRefSchema } from '../editing/record-fields.ts';
import { requiredPlainTextSchema } from '../validation/fields.ts';

export const PUSH_MESSAGES = {
  endpointInvalid: 'The push endpoint is not a web address of a push service',
  endpointNotAllowed: 'This push endpoint is not one of the push services the server sends to',
  p256dhInvalid: 'The subscription key keys.p256dh is not a P-256 public key (an uncompressed point of 65 bytes, base64url)',
  authInvalid: 'The subscription key keys.auth is not an auth secret (16 bytes, base64url)',
  endpointTaken: 'This push endpoint is already registered with other keys. Unsubscribe in the app and subscribe again.',
  tooManyRegistrations: (seconds: number) => `Too many push registrations in a short time. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
  notConfigured: 'Push notifications are not configured',
  tooLarge: (bytes: number) =>
    `The notification is too long to send: ${bytes.toLocaleString('en-IN')} bytes, at most 3,993. Shorten the title, body or image address.`,
  phoneRequired: 'Enter the phone number of the student',
  noAccount: (phone: string) => `No account has the phone number ${phone}`,
  noSubscription: (phone: string) => `The student with the phone number ${phone} has not allowed notifications in the app`,
  studentNotSubscribed: 'The student has not allowed notifications in the app',
  groupRequired: 'Choose at least one group',
  titleRequired: 'Please provide a title',
  titleTooLong: 'The title can be at most 100 characters long',
  bodyRequired: 'Please provide a message',
  bodyTooLong: 'The message can be at most 255 characters long',
  courseRequired: 'Choose the course whose students it goes to',
  courseNotFound: 'Course not found',
  courseNotSubscribed: (title: string) => `No student of ${title} has allowed notifications in the app`,
  groupNotSubscribed: 'No student of the chosen groups has allowed notifications in the app',
  nobodySubscribed: 'No student has allowed notifications in the app yet',
  linkRequired: 'A notification that opens a link needs the link (linkUrl)',
  linkInvalid: 'The link must be a web address that starts with http:// or https://',
} as const;

/** The largest encrypted payload a push service must take (RFC 8030: 4,096 bytes) less the aes128gcm overhead. */
export const MAX_PUSH_PAYLOAD_BYTES = 3993;
export const COMPOSER_LIMITS = { title: 100, body: 255 } as const;
export const GROUP_TARGETS = ['lakshya-students', 'purchased-users'] as const;
/** course: the students entitled to one course (courseId), e.g. a live class's meeting link. */
export const TARGET_TYPES = ['specific-user', 'everyone', 'group', 'course'] as const;
/** How the console names each kind of target. */
export const TARGET_LABELS: Record<(typeof TARGET_TYPES)[number], string> = {
  'specific-user': 'Specific user',
  everyone: 'Everyone',
  group: 'Group',
  course: 'Students of a course',
};
export const CLICK_ACTIONS = ['open_link', 'open_learn_tab', 'open_lecture', 'open_course', 'open_exam', 'open_rank_file', 'open_winner'] as const;

/** What the app sends to register its push subscription (the browser's PushSubscription.toJSON()). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ error: PUSH_MESSAGES.endpointInvalid, protocol: /^https?$/ }).max(2048, { error: PUSH_MESSAGES.endpointInvalid }),
  keys: z.object({
    // 65 bytes that start with 0x04 (an uncompressed point) are 87 base64url characters starting with
    // "B"; the server also checks that the point is on the curve.
    p256dh: z.string({ error: PUSH_MESSAGES.p256dhInvalid }).regex(/^B[A-Za-z0-9_-]{86}$/, { error: PUSH_MESSAGES.p256dhInvalid }),
    auth: z.string({ error: PUSH_MESSAGES.authInvalid }).regex(/^[A-Za-z0-9_-]{22}$/, { error: PUSH_MESSAGES.authInvalid }),
  }),
});
export const removePushSubscriptionInputSchema = z.object({ endpoint: z.string().max(2048) });

/** The composer's request (POST /api/admin/notifications/send). */
export const sendNotificationInputSchema = z
  .object({
    // Plain text on a phone's lock screen: control characters and direction overrides are dropped.
    title: requiredPlainTextSchema(PUSH_MESSAGES.titleRequired, COMPOSER_LIMITS.title, PUSH_MESSAGES.titleTooLong),
    body: requiredPlainTextSchema(PUSH_MESSAGES.bodyRequired, COMPOSER_LIMITS.body, PUSH_MESSAGES.bodyTooLong),
    imageUrl: z.string().trim().max(2048).optional().nullable(),
    resourceID: z.string().trim().max(100).optional().nullable(),
    resourceType: z.string().trim().max(50).optional().nullable(),
    clickAction: z.string().trim().max(50).optional().nullable(),
    targetType: z.enum(TARGET_TYPES, { error: 'targetType is specific-user, everyone, group or course' }).default('specific-user'),
    targetPhoneNumber: z.string().trim().max(40).optional().nullable(),
    groupTargets: z
      .array(z.enum(GROUP_TARGETS, { error: 'A group target is lakshya-students or purchased-users' }))
      .max(2)
      .default([...GROUP_TARGETS]),
    lectureId: z.string().trim().max(100).optional().nullable(),
    subjectId: z.string().trim().max(100).optional().nullable(),
    /** The course whose students it goes to (targetType course). */
    courseId: z.uuid({ error: PUSH_MESSAGES.courseNotFound }).optional().nullable(),
    /** The web address an open_link notification opens; the app finds it in the payload's data.url. */
    linkUrl: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string()
        .trim()
        .max(2048, { error: PUSH_MESSAGES.linkInvalid })
        .regex(/^https?:\/\/[^\s/?#]+\S*$/i, { error: PUSH_MESSAGES.linkInvalid })
        .optional()
        .nullable(),
    ),
  })
  .passthrough()
  .superRefine((input, context) => {
    if (input.clickAction === 'open_link' && !input.linkUrl) context.addIssue({ code: 'custom', path: ['linkUrl'], message: PUSH_MESSAGES.linkRequired });
  });
export type SendNotificationInput = z.input<typeof sendNotificationInputSchema>;

export const sentNotificationSchema = titledRefSchema.extend({
  body: z.string(),
  targetType: z.enum(TARGET_TYPES),
  targetPhoneNumber: z.string().nullable(),
  groupTargets: z.array(z.string()),
  /** The course of a course target, while it exists. */
  targetCourse: titledRefSchema.nullable(),
  resourceType: z.string().nullable(),
  resourceID: z.string().nullable(),
  targeted: z.number(),
  delivered: z.number(),
  gone: z.number(),
  failed: z.number(),
  /** Still being delivered. */
  pending: z.number(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;

/** The most sent notifications the list answers at once. */
export const MAX_SENT_LIST = 200;
const sentLimitSchema = z.coerce
  .number({ error: `limit is a whole number from 1 to ${MAX_SENT_LIST}` })
  .int({ error: `limit is a whole number from 1 to ${MAX_SENT_LIST}` })
  .min(1, { error: `limit is a whole number from 1 to ${MAX_SENT_LIST}` })
  .max(MAX_SENT_LIST, { error: `limit is a whole number from 1 to ${MAX_SENT_LIST}` });
/** The sent notifications list: the latest `limit`, newest first. */
export const sentNotificationsQuerySchema = z.object({ limit: sentLimitSchema.default(50) });
/** The sent notifications export: the latest `limit` like the list, or without it every notification sent. */
export const sentNotificationsExportQuerySchema = z.object({ limit: sentLimitSchema.optional() });

/** The payload the app's service worker receives, as JSON. */
export interface PushPayload {
  notificationId: string;
  title: string;
  body: string;
  image: string | null;
  clickAction: string | null;
  resourceType: string | null;
  resourceId: string | null;
  data: Record<string, string>;
}

/** The payload as it will be encrypted, and whether it fits in one push message. */
export function payloadBytes(payload: PushPayload): { text: string; bytes: number; fits: boolean } {
  const text = JSON.stringify(payload);
  const bytes = new TextEncoder().encode(text).length;
  return { text, bytes, fits: bytes <= MAX_PUSH_PAYLOAD_BYTES };
}
