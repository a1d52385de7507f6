import { z } from '../validation/zod.ts';
import { pagedListSchema, studentPageQuerySchema, studentPageSchema } from '../validation/paging.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';
import { withoutControlCharacters } from '../validation/plain-text.ts';
import { COMPOSER_LIMITS } from '../push/push.schema.ts';
import { fitPushText } from '../push/push-text.rules.ts';

export const COMMENT_MESSAGES = {
  messageRequired: 'Please write a message',
  messageTooLong: 'A message can be at most 2,000 characters long',
  authorRequired: 'Choose who the comment is from',
  /** Staff write as an educator (the author is chosen from the educators); `field` is the request's name for the author. */
  authorNotEducator: (field: string) => `${field} must be the name of an educator account`,
  notFound: 'Comment not found',
  replyNotFound: 'Reply not found',
  lectureNotFound: 'Lecture not found',
  notEntitled: 'Only students who may watch this lecture can read or write under it',
  notYours: 'You can change only what you wrote',
  tooMany: 'You are writing too fast. Please wait a few minutes and try again.',
} as const;

/** Replies shown before "See more replies". */
export const REPLIES_SHOWN = 3;
export const MAX_MESSAGE_LENGTH = 2000;
export const STUDENT_COMMENTS_PAGE_SIZE = 20;
/** Comments of a lecture in one answer of the staff list; "Load older comments" asks for the next ones. */
export const ADMIN_COMMENTS_PAGE_SIZE = 200;
/** GET /api/admin/comments/lecture/{id}?before={commentId}: the page after that comment (none: the first page). */
export const lectureCommentsQuerySchema = z.object({ before: z.uuid({ error: 'before is the id of a comment' }).optional() });

/**
 * A message's length as the server counts it against {@link MAX_MESSAGE_LENGTH}: in characters (code
 * points), after dropping control characters and trimming, so an emoji counts once, not twice.
 */
export function messageLength(text: string): number {
  return [...withoutControlCharacters(text).trim()].length;
}

/** What the modal says before sending: the problem the server would find with the message's length, or none. */
export function messageProblem(text: string): { message?: string } {
  const length = messageLength(text);
  if (length === 0) return { message: COMMENT_MESSAGES.messageRequired };
  if (length > MAX_MESSAGE_LENGTH) return { message: COMMENT_MESSAGES.messageTooLong };
  return {};
}

/** Plain text: trimmed, 1 to 2,000 characters; control characters other than line breaks and tabs go. */
export const messageSchema = z
  .string({ error: COMMENT_MESSAGES.messageRequired })
  .transform((text) => withoutControlCharacters(text).trim())
  .pipe(z.string().min(1, { error: COMMENT_MESSAGES.messageRequired }).max(MAX_MESSAGE_LENGTH, { error: COMMENT_MESSAGES.messageTooLong }));

const displayName = z.string({ error: COMMENT_MESSAGES.authorRequired }).trim().min(1, { error: COMMENT_MESSAGES.authorRequired }).max(200);

export const newCommentInputSchema = z.object({
  displayName,
  message: messageSchema,
  isAdministrator: z.boolean().default(true),
  resourceType: z.literal('lecture', { error: 'resourceType is lecture' }).default('lecture'),
  resourceId: z.uuid({ error: COMMENT_MESSAGES.lectureNotFound }),
  isVisible: z.boolean().default(true),
});
export const editCommentInputSchema = newCommentInputSchema.extend({ isPinned: z.boolean().default(false) }).partial({ resourceId: true });
export const newReplyInputSchema = z.object({
  resourceType: z.literal('lecture').default('lecture'),
  resourceId: z.uuid({ error: COMMENT_MESSAGES.lectureNotFound }).optional(),
  message: messageSchema,
  name: displayName,
  isAdministrator: z.boolean().default(true),
});
export const editReplyInputSchema = z.object({ message: messageSchema, displayName, isAdministrator: z.boolean().default(true) });
export const studentMessageInputSchema = z.object({ message: messageSchema });

export const replySchema = z.object({
  _id: z.string(),
  message: z.string(),
  displayName: z.string(),
  isAdministrator: z.boolean(),
  createdAt: z.string(),
});
export const commentSchema = z.object({
  _id: z.string(),
  message: z.string(),
  displayName: z.string(),
  effectiveDisplayName: z.string(),
  isAdministrator: z.boolean(),
  isVisible: z.boolean(),
  isPinned: z.boolean(),
  createdAt: z.string(),
  replies: z.array(replySchema),
  user: z.object({ _id: z.string(), phoneNumber: z.string().nullable() }).nullable(),
  resourceType: z.literal('lecture'),
  resourceId: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
export type Reply = z.infer<typeof replySchema>;

/** A reply as students get it: no account of anyone, and whether the signed-in student wrote it. */
export const studentReplySchema = replySchema.extend({ createdAt: utcDateTimeSchema, isMine: z.boolean() });
/** A comment as students get it: no account of anyone (staff answers name it), and whether the signed-in student wrote it. */
export const studentCommentSchema = commentSchema
  .omit({ user: true })
  .extend({ createdAt: utcDateTimeSchema, replies: z.array(studentReplySchema), isMine: z.boolean() });
export type StudentComment = z.infer<typeof studentCommentSchema>;
export type StudentReply = z.infer<typeof studentReplySchema>;

/** What a staff reply answers: the reply, and whether the push to the student went out. */
export const replyResultSchema = z.object({ reply: replySchema, notification: z.object({ sent: z.boolean(), message: z.string().nullable() }) });

/** GET /api/student/lectures/{id}/comments: `page` and `pageSize` (20 unless asked). */
export const studentCommentsQuerySchema = studentPageQuerySchema(STUDENT_COMMENTS_PAGE_SIZE);
export const studentCommentsPageSchema = studentPageSchema(studentCommentSchema, { withTotal: true });

/** The reply list's display: the first three, then "See more replies" or "Hide replies". */
export function visibleReplies<T>(replies: readonly T[], expanded: boolean): { shown: readonly T[]; toggle: 'See more replies' | 'Hide replies' | null } {
  if (replies.length <= REPLIES_SHOWN) return { shown: replies, toggle: null };
  return expanded ? { shown: replies, toggle: 'Hide replies' } : { shown: replies.slice(0, REPLIES_SHOWN), toggle: 'See more replies' };
}

/** The push to a student someone replied to: "{name} - replied to you". */
export function replyNotificationTitle(name: string): string {
  return fitPushText(`${name} - replied to you`, COMPOSER_LIMITS.title);
}

export const INBOX_PAGE_SIZE = 50;

export const inboxQuerySchema = z.object({
  page: z.coerce.number({ error: 'page is a whole number from 1' }).int().min(1).max(100_000).default(1),
  /** Only comments no member of staff has replied to. */
  unanswered: z.enum(['yes', 'no'], { error: 'unanswered is yes or no' }).optional(),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxEntrySchema = commentSchema.extend({ lectureTitle: z.string(), hasStaffReply: z.boolean() });
export type InboxEntry = z.infer<typeof inboxEntrySchema>;
export const inboxPageSchema = pagedListSchema('comments', inboxEntrySchema);
