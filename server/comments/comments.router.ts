import { z } from 'zod';
import {
  COMMENT_MESSAGES,
  editCommentInputSchema,
  inboxQuerySchema,
  lectureCommentsQuerySchema,
  editReplyInputSchema,
  newCommentInputSchema,
  newReplyInputSchema,
} from '../../shared/comments/comments.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import * as comments from './comments.service.ts';

const id = z.uuid({ error: COMMENT_MESSAGES.notFound });
const replyIds = z.object({ commentId: id, replyId: z.uuid({ error: COMMENT_MESSAGES.replyNotFound }) });

export const commentsRouter = ({ procedure }: ScreenProcedures) =>
  router({
    inbox: procedure.input(inboxQuerySchema).query(({ ctx, input }) => comments.discussionsInbox(ctx, input)),
    // `cursor` (the last comment's id) is the name tRPC's infinite queries give the page parameter.
    list: procedure
      .input(z.object({ resourceId: z.uuid({ error: COMMENT_MESSAGES.lectureNotFound }), cursor: lectureCommentsQuerySchema.shape.before.nullish() }))
      .query(({ ctx, input }) => comments.listLectureComments(ctx, { resourceId: input.resourceId, before: input.cursor ?? undefined })),
    create: procedure.input(newCommentInputSchema).mutation(({ ctx, input }) => comments.createStaffComment(ctx, input)),
    update: procedure.input(editCommentInputSchema.extend({ id })).mutation(({ ctx, input }) => comments.updateStaffComment(ctx, input)),
    delete: procedure.input(z.object({ id })).mutation(({ ctx, input }) => comments.deleteComment(ctx, input)),
    reply: procedure.input(newReplyInputSchema.extend({ commentId: id })).mutation(({ ctx, input }) => comments.createStaffReply(ctx, input)),
    updateReply: procedure.input(editReplyInputSchema.extend(replyIds.shape)).mutation(({ ctx, input }) => comments.updateStaffReply(ctx, input)),
    deleteReply: procedure.input(replyIds).mutation(({ ctx, input }) => comments.deleteReply(ctx, input)),
  });
