import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  ADMIN_COMMENTS_PAGE_SIZE,
  COMMENT_MESSAGES,
  INBOX_PAGE_SIZE,
  replyNotificationTitle,
  type Comment,
  type editCommentInputSchema,
  type editReplyInputSchema,
  type newCommentInputSchema,
  type newReplyInputSchema,
  type Reply,
} from '../../shared/comments/comments.schema.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { CommentRepliesTable, CommentsTable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { sendNotification } from '../push/push.service.ts';
import * as repo from './comments.repository.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';

/** What the audit log compares of a comment and of a reply (the staff-facing fields). */
const commentAudited = (row: CommentRow) => ({
  lectureId: row.lecture_id,
  displayName: row.display_name,
  message: row.message,
  isAdministrator: row.is_administrator,
  isVisible: row.is_visible,
  isPinned: row.is_pinned,
});
const replyAudited = (row: ReplyRow) => ({
  commentId: row.comment_id,
  displayName: row.display_name,
  message: row.message,
  isAdministrator: row.is_administrator,
});

export type CommentRow = Selectable<CommentsTable> & { phone_number?: string | null };
export type ReplyRow = Selectable<CommentRepliesTable>;

/** A reply as staff see it. */
export function replyOf(row: ReplyRow): Reply {
  return { _id: row.id, message: row.message, displayName: row.display_name, isAdministrator: row.is_administrator, createdAt: row.created_at.toISOString() };
}

/** What staff and students alike see of a comment, before its replies. */
export function commentFields(row: CommentRow) {
  return {
    _id: row.id,
    message: row.message,
    displayName: row.display_name,
    effectiveDisplayName: row.display_name,
    isAdministrator: row.is_administrator,
    isVisible: row.is_visible,
    isPinned: row.is_pinned,
    createdAt: row.created_at.toISOString(),
  };
}

/** A comment as staff see it: with the account that wrote it. */
function commentOf(row: CommentRow, replies: ReplyRow[]): Comment {
  return {
    ...commentFields(row),
    replies: replies.map(replyOf),
    user: row.user_id ? { _id: row.user_id, phoneNumber: row.phone_number ?? null } : null,
    resourceType: 'lecture',
    resourceId: row.lecture_id,
  };
}

export async function repliesOf(db: Db, commentIds: string[]): Promise<Map<string, ReplyRow[]>> {
  const byComment = new Map<string, ReplyRow[]>();
  if (commentIds.length === 0) return byComment;
  const rows = await repo.repliesOfComments(db, commentIds);
  for (const row of rows) byComment.set(row.comment_id, [...(byComment.get(row.comment_id) ?? []), row]);
  return byComment;
}

export async function lectureTitle(db: Db, lectureId: string): Promise<string> {
  const lecture = await repo.findLectureTitle(db, lectureId);
  if (!lecture) throw new AppError('not-found', COMMENT_MESSAGES.lectureNotFound);
  return lecture.title;
}

export async function commentRow(db: Db, id: string): Promise<CommentRow> {
  const row = UUID_PATTERN.test(id) ? await repo.findCommentWithPhone(db, id) : undefined;
  if (!row) throw new AppError('not-found', COMMENT_MESSAGES.notFound);
  return row;
}

async function fullComment(db: Db, id: string): Promise<Comment> {
  const row = await commentRow(db, id);
  return commentOf(row, (await repliesOf(db, [id])).get(id) ?? []);
}

// ---- Staff (the lecture editor's Discussions tab) ----

/**
 * Staff write as one of the educators (the author is chosen from the educators list). A comment or
 * reply being edited may keep the name it has (a student's, say); any other name must be an enabled
 * educator account's.
 */
async function requireEducatorName(db: Db, name: string, field: string, unchanged?: string): Promise<void> {
  if (unchanged !== undefined && name === unchanged) return;
  const educator = await repo.findEducatorNamed(db, name);
  if (!educator) throw new AppError('validation', COMMENT_MESSAGES.authorNotEducator(field), { field });
}

/**
 * GET /api/admin/comments/lecture/{id}: the lecture's comments, pinned first, newest next, with replies,
 * {@link ADMIN_COMMENTS_PAGE_SIZE} at a time; `before` (a comment's id) gives the ones after it in that
 * order. A full page means there may be more.
 */
export async function listLectureComments(ctx: AppContext, { resourceId, before }: { resourceId: string; before?: string | undefined }): Promise<Comment[]> {
  await lectureTitle(ctx.db, resourceId);
  const rows = await repo.lectureCommentsPage(ctx.db, resourceId, before, ADMIN_COMMENTS_PAGE_SIZE);
  const replies = await repliesOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => commentOf(row, replies.get(row.id) ?? []));
}

export async function createStaffComment(ctx: RequestContext, input: z.output<typeof newCommentInputSchema>): Promise<Comment> {
  await lectureTitle(ctx.db, input.resourceId);
  await requireEducatorName(ctx.db, input.displayName, 'displayName');
  const by = await auditBy(ctx);
  const id = await ctx.db.transaction().execute(async (trx) => {
    // A lecture deleted meanwhile is not found, rather than failing the insert.
    if (!(await repo.holdLecture(trx, input.resourceId))) throw new AppError('not-found', COMMENT_MESSAGES.lectureNotFound);
    const created = await repo.insertComment(trx, {
      lectureId: input.resourceId,
      userId: null,
      displayName: input.displayName,
      message: input.message,
      isAdministrator: input.isAdministrator,
      isVisible: input.isVisible,
    });
    const row = (await repo.lockComment(trx, created))!;
    await recordAudit(trx, by, {
      action: 'create',
      resourceType: 'comment',
      resourceId: created,
      title: row.message,
      changes: changedFields(null, commentAudited(row)),
    });
    return created;
  });
  return fullComment(ctx.db, id);
}

/** Staff change a comment (its text, author, visibility or pin); the entry names the fields changed. */
export async function updateStaffComment(ctx: RequestContext, { id, ...input }: { id: string } & z.output<typeof editCommentInputSchema>): Promise<Comment> {
  const current = await commentRow(ctx.db, id);
  if (input.displayName !== undefined) await requireEducatorName(ctx.db, input.displayName, 'displayName', current.display_name);
  const by = await auditBy(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.lockComment(trx, id);
    const after = before && (await repo.updateComment(trx, id, input));
    if (!before || !after) throw new AppError('not-found', COMMENT_MESSAGES.notFound);
    const changes = changedFields(commentAudited(before), commentAudited(after));
    await recordAudit(trx, by, { action: 'update', resourceType: 'comment', resourceId: id, title: after.message, changes });
  });
  return fullComment(ctx.db, id);
}

export async function deleteComment(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  await commentRow(ctx.db, id);
  const by = await auditBy(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    // Two deletes at once: the second finds it gone, and says so.
    const before = await repo.lockComment(trx, id);
    if (!before) throw new AppError('not-found', COMMENT_MESSAGES.notFound);
    await repo.deleteMessage(trx, 'comments', id);
    await recordAudit(trx, by, {
      action: 'delete',
      resourceType: 'comment',
      resourceId: id,
      title: before.message,
      changes: changedFields(commentAudited(before), null),
    });
  });
  return { status: 'deleted' };
}

/**
 * POST /api/admin/comments/reply/{commentId}: a staff reply; the student who wrote the comment gets a
 * push ("{name} - replied to you", the reply, opening the lecture). The reply stays saved when the push
 * cannot go; the answer says why.
 */
export async function createStaffReply(ctx: RequestContext, { commentId, ...input }: { commentId: string } & z.output<typeof newReplyInputSchema>) {
  const comment = await commentRow(ctx.db, commentId);
  await requireEducatorName(ctx.db, input.name, 'name');
  const by = await auditBy(ctx);
  const reply = await ctx.db.transaction().execute(async (trx) => {
    // A comment deleted meanwhile is not found, rather than failing the insert.
    if (!(await repo.holdComment(trx, comment.id, { visibleOnly: false }))) throw new AppError('not-found', COMMENT_MESSAGES.notFound);
    const row = await repo.insertReply(trx, {
      commentId: comment.id,
      userId: null,
      displayName: input.name,
      message: input.message,
      isAdministrator: input.isAdministrator,
    });
    await recordAudit(trx, by, {
      action: 'reply',
      resourceType: 'comment',
      resourceId: row.id,
      title: row.message,
      changes: changedFields(null, replyAudited(row)),
    });
    return row;
  });
  let notification: { sent: boolean; message: string | null } = { sent: false, message: null };
  if (comment.user_id) {
    try {
      await sendNotification(
        ctx,
        {
          title: replyNotificationTitle(input.name),
          // sendNotification cuts it to what a push holds, between two characters.
          body: input.message,
          clickAction: 'open_lecture',
          resourceType: 'lecture',
          resourceId: comment.lecture_id,
          data: { lectureId: comment.lecture_id, commentId: comment.id },
          targetType: 'specific-user',
          targetUserId: comment.user_id,
          createdBy: by.actor?.id ?? null,
        },
        by,
      );
      notification = { sent: true, message: null };
    } catch (error) {
      notification = { sent: false, message: error instanceof AppError ? error.message : 'Something went wrong' };
    }
  }
  return { reply: replyOf(reply), notification };
}

export async function replyRow(db: Db, commentId: string, replyId: string): Promise<ReplyRow> {
  const row = UUID_PATTERN.test(commentId) && UUID_PATTERN.test(replyId) ? await repo.findReply(db, commentId, replyId) : undefined;
  if (!row) throw new AppError('not-found', COMMENT_MESSAGES.replyNotFound);
  return row;
}

export async function updateStaffReply(
  ctx: RequestContext,
  { commentId, replyId, ...input }: { commentId: string; replyId: string } & z.output<typeof editReplyInputSchema>,
): Promise<Reply> {
  const current = await replyRow(ctx.db, commentId, replyId);
  await requireEducatorName(ctx.db, input.displayName, 'displayName', current.display_name);
  const by = await auditBy(ctx);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.lockReply(trx, commentId, replyId);
    const after = before && (await repo.updateReply(trx, replyId, input));
    if (!before || !after) throw new AppError('not-found', COMMENT_MESSAGES.replyNotFound);
    const changes = changedFields(replyAudited(before), replyAudited(after));
    await recordAudit(trx, by, { action: 'update', resourceType: 'comment', resourceId: replyId, title: after.message, changes });
    return after;
  });
  return replyOf(row);
}

export async function deleteReply(ctx: RequestContext, { commentId, replyId }: { commentId: string; replyId: string }): Promise<{ status: 'deleted' }> {
  await replyRow(ctx.db, commentId, replyId);
  const by = await auditBy(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.lockReply(trx, commentId, replyId);
    if (!before) throw new AppError('not-found', COMMENT_MESSAGES.replyNotFound);
    await repo.deleteMessage(trx, 'comment_replies', replyId);
    await recordAudit(trx, by, {
      action: 'delete',
      resourceType: 'comment',
      resourceId: replyId,
      title: before.message,
      changes: changedFields(replyAudited(before), null),
    });
  });
  return { status: 'deleted' };
}

/** GET /api/admin/discussions: the latest student comments across all lectures (or only those no staff answered). */
export async function discussionsInbox(ctx: AppContext, query: { page: number; unanswered?: 'yes' | 'no' | undefined }) {
  const { rows, total } = await repo.studentCommentsPage(ctx.db, {
    unanswered: query.unanswered,
    limit: INBOX_PAGE_SIZE,
    offset: (query.page - 1) * INBOX_PAGE_SIZE,
  });
  const replies = await repliesOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    comments: rows.map((row) => ({ ...commentOf(row, replies.get(row.id) ?? []), lectureTitle: row.lecture_title, hasStaffReply: row.has_staff_reply })),
    total,
    page: query.page,
    pageSize: INBOX_PAGE_SIZE,
  };
}
