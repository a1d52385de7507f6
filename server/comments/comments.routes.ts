import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import {
  ADMIN_COMMENTS_PAGE_SIZE,
  COMMENT_MESSAGES,
  commentSchema,
  editCommentInputSchema,
  editReplyInputSchema,
  inboxPageSchema,
  inboxQuerySchema,
  lectureCommentsQuerySchema,
  newCommentInputSchema,
  newReplyInputSchema,
  replyResultSchema,
  replySchema,
  studentCommentSchema,
  studentCommentsPageSchema,
  studentCommentsQuerySchema,
  studentMessageInputSchema,
  studentReplySchema,
} from '../../shared/comments/comments.schema.ts';
import * as comments from './comments.service.ts';
import * as studentComments from './student-comments.service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const id = z.uuid({ error: COMMENT_MESSAGES.notFound });
const deleted = z.object({ status: z.literal('deleted') });

/** The lecture editor's Discussions tab (the lecture screen's roles). */
export const commentsAdminRoutes: DomainRoutes = async (app) => {
  const admin = routeOptions(['comments'], errors);
  app.get(
    '/api/admin/comments/:resourceType/:resourceId',
    admin({
      summary: `A lecture's comments with their replies, pinned first, newest next, ${ADMIN_COMMENTS_PAGE_SIZE} at a time`,
      description:
        'Without `before`, the first page. `before` (the id of the last comment received) gives the next page; a page shorter than the page size is the last.',
      params: z.object({
        resourceType: z.literal('lecture', { error: 'resourceType is lecture' }),
        resourceId: z.uuid({ error: COMMENT_MESSAGES.lectureNotFound }),
      }),
      querystring: lectureCommentsQuerySchema,
      ok: z.array(commentSchema),
    }),
    async (request) => comments.listLectureComments(request.ctx, { resourceId: request.params.resourceId, before: request.query.before }),
  );
  app.get(
    '/api/admin/discussions',
    admin({
      summary: 'The moderation inbox: the latest student comments across all lectures, 50 a page (unanswered=yes: those no staff replied to)',
      querystring: inboxQuerySchema,
      ok: inboxPageSchema,
    }),
    async (request) => comments.discussionsInbox(request.ctx, request.query),
  );
  app.post(
    '/api/admin/comments',
    admin({ summary: 'Write a comment as staff (author chosen from the educators)', body: newCommentInputSchema, ok: commentSchema }),
    async (request) => comments.createStaffComment(request.ctx, request.body),
  );
  app.put(
    '/api/admin/comments/:id',
    admin({ summary: 'Change a comment, its visibility or whether it is pinned', params: z.object({ id }), body: editCommentInputSchema, ok: commentSchema }),
    async (request) => comments.updateStaffComment(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete('/api/admin/comments/:id', admin({ summary: 'Delete a comment and its replies', params: z.object({ id }), ok: deleted }), async (request) =>
    comments.deleteComment(request.ctx, request.params),
  );
  app.post(
    '/api/admin/comments/reply/:commentId',
    admin({
      summary: 'Reply as staff; the student who wrote the comment gets a push ("{name} - replied to you")',
      description: 'The reply is saved even when the push cannot go (the student has not allowed notifications): `notification` says so.',
      params: z.object({ commentId: id }),
      body: newReplyInputSchema,
      ok: replyResultSchema,
    }),
    async (request) => comments.createStaffReply(request.ctx, { commentId: request.params.commentId, ...request.body }),
  );
  app.put(
    '/api/admin/comments/reply/:commentId/:replyId',
    admin({
      summary: 'Change a reply',
      params: z.object({ commentId: id, replyId: z.uuid({ error: COMMENT_MESSAGES.replyNotFound }) }),
      body: editReplyInputSchema,
      ok: replySchema,
    }),
    async (request) => comments.updateStaffReply(request.ctx, { ...request.params, ...request.body }),
  );
  app.delete(
    '/api/admin/comments/reply/:commentId/:replyId',
    admin({ summary: 'Delete a reply', params: z.object({ commentId: id, replyId: z.uuid({ error: COMMENT_MESSAGES.replyNotFound }) }), ok: deleted }),
    async (request) => comments.deleteReply(request.ctx, request.params),
  );
};

/** Students: read a lecture's discussion, write (when they may watch it), change or delete their own. */
export const commentsStudentRoutes: DomainRoutes = async (app) => {
  const student = routeOptions(['student discussions'], errors);
  const saved = z.object({ status: z.enum(['saved', 'deleted']) });
  app.get(
    '/api/student/lectures/:lectureId/comments',
    student({
      summary: "A published lecture's visible comments, pinned first, newest next, a page at a time",
      description:
        'Pages of `pageSize` comments (20 unless asked, at most 100), with `total`; each comment carries its replies. Only a student who may watch the lecture may read its discussion (403 otherwise, as for writing). No answer carries an account id: `isMine` marks what the student wrote.',
      params: z.object({ lectureId: z.string().max(100) }),
      querystring: studentCommentsQuerySchema,
      ok: studentCommentsPageSchema,
    }),
    async (request) => studentComments.studentLectureComments(request.ctx, { lectureId: request.params.lectureId, ...request.query }),
  );
  app.post(
    '/api/student/lectures/:lectureId/comments',
    student({
      summary: 'Write a comment (plain text, at most 2,000 characters; 10 messages in 10 minutes)',
      description: 'Only a student who may watch the lecture may write (403 otherwise).',
      params: z.object({ lectureId: z.string().max(100) }),
      body: studentMessageInputSchema,
      ok: studentCommentSchema,
    }),
    async (request) => studentComments.studentComment(request.ctx, { lectureId: request.params.lectureId, message: request.body.message }),
  );
  app.post(
    '/api/student/comments/:commentId/replies',
    student({
      summary: 'Reply to a comment',
      description: 'A comment deleted or hidden meanwhile answers 404 "Comment not found", and the reply does not count against the limit.',
      params: z.object({ commentId: z.string().max(100) }),
      body: studentMessageInputSchema,
      ok: studentReplySchema,
    }),
    async (request) => studentComments.studentReply(request.ctx, { commentId: request.params.commentId, message: request.body.message }),
  );
  app.put(
    '/api/student/comments/:commentId',
    student({ summary: 'Change your comment', params: z.object({ commentId: z.string().max(100) }), body: studentMessageInputSchema, ok: saved }),
    async (request) => studentComments.studentEdit(request.ctx, { commentId: request.params.commentId }, { message: request.body.message }),
  );
  app.delete(
    '/api/student/comments/:commentId',
    student({ summary: 'Delete your comment', params: z.object({ commentId: z.string().max(100) }), ok: saved }),
    async (request) => studentComments.studentEdit(request.ctx, { commentId: request.params.commentId }, 'delete'),
  );
  app.put(
    '/api/student/comments/:commentId/replies/:replyId',
    student({
      summary: 'Change your reply',
      params: z.object({ commentId: z.string().max(100), replyId: z.string().max(100) }),
      body: studentMessageInputSchema,
      ok: saved,
    }),
    async (request) => studentComments.studentEdit(request.ctx, request.params, { message: request.body.message }),
  );
  app.delete(
    '/api/student/comments/:commentId/replies/:replyId',
    student({ summary: 'Delete your reply', params: z.object({ commentId: z.string().max(100), replyId: z.string().max(100) }), ok: saved }),
    async (request) => studentComments.studentEdit(request.ctx, request.params, 'delete'),
  );
};
