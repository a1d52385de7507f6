import { pageOfTotal, type StudentPageQuery } from '../../shared/validation/paging.ts';
import { COMMENT_MESSAGES, type StudentComment, type StudentReply } from '../../shared/comments/comments.schema.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import type { Actor } from '../access/actor.ts';
import { requireActor } from '../access/access.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { consumeRateLimit } from '../rate-limit/rate-limit.service.ts';
import { commentFields, commentRow, lectureTitle, repliesOf, replyRow, type CommentRow, type ReplyRow } from './comments.service.ts';
import * as repo from './comments.repository.ts';

/** Messages a student may write: at most this many in any span of this many seconds. */
export const STUDENT_WRITE_LIMIT = { max: 10, windowSeconds: 10 * 60 };

/** A reply as students get it: who wrote it by name only, and whether it is theirs. */
function studentReplyOf(row: ReplyRow, me: string): StudentReply {
  return {
    _id: row.id,
    message: row.message,
    displayName: row.display_name,
    isAdministrator: row.is_administrator,
    createdAt: row.created_at.toISOString(),
    isMine: row.user_id === me,
  };
}

/** A comment as students get it: no account id of anyone, only whether it is theirs. */
function studentCommentOf(row: CommentRow, replies: ReplyRow[], me: string): StudentComment {
  return {
    ...commentFields(row),
    replies: replies.map((reply) => studentReplyOf(reply, me)),
    resourceType: 'lecture',
    resourceId: row.lecture_id,
    isMine: row.user_id === me,
  };
}

/**
 * One of a student's messages: a new comment, a reply, or an edit that changes the text. Counted in
 * the transaction that writes it, after what it is written under is held, so a write that fails
 * (its comment deleted meanwhile, say) counts for nothing.
 */
async function countStudentWrite(trx: Db, userId: string): Promise<void> {
  await consumeRateLimit(trx, { key: `comments:${userId}`, ...STUDENT_WRITE_LIMIT, message: COMMENT_MESSAGES.tooMany });
}

/**
 * The lecture's discussion is the student's to read and write when the lecture is published (404
 * otherwise) and they may watch it (403 otherwise): one rule for reading and writing.
 */
async function openDiscussion(ctx: RequestContext, actor: Actor, lectureId: string): Promise<{ id: string; title: string }> {
  const lecture = UUID_PATTERN.test(lectureId) ? await repo.lectureForStudent(ctx.db, lectureId, actor.id) : undefined;
  if (!lecture) throw new AppError('not-found', COMMENT_MESSAGES.lectureNotFound);
  if (!lecture.can_watch) throw new AppError('forbidden', COMMENT_MESSAGES.notEntitled);
  return lecture;
}

const nameOf = (actor: Actor) => actor.name || 'Student';

/** GET /api/student/lectures/{id}/comments: visible comments, pinned first, newest next, a page at a time. */
export async function studentLectureComments(ctx: RequestContext, { lectureId, ...query }: { lectureId: string } & StudentPageQuery) {
  const actor = await requireActor(ctx);
  await openDiscussion(ctx, actor, lectureId);
  const { rows, total } = await repo.visibleCommentsPage(ctx.db, lectureId, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  const replies = await repliesOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return pageOfTotal(
    rows.map((row) => studentCommentOf(row, replies.get(row.id) ?? [], actor.id)),
    query,
    total,
  );
}

/** POST /api/student/lectures/{id}/comments: staff get an alert. */
export async function studentComment(ctx: RequestContext, { lectureId, message }: { lectureId: string; message: string }): Promise<StudentComment> {
  const actor = await requireActor(ctx);
  const lecture = await openDiscussion(ctx, actor, lectureId);
  const name = nameOf(actor);
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.holdLecture(trx, lecture.id))) throw new AppError('not-found', COMMENT_MESSAGES.lectureNotFound);
    await countStudentWrite(trx, actor.id);
    const commentId = await repo.insertComment(trx, { lectureId: lecture.id, userId: actor.id, displayName: name, message });
    await raiseAlert(trx, { message: `${name} commented on “${lecture.title}”: ${message.slice(0, 200)}`, resourceType: 'lecture', resourceId: lecture.id });
    return commentId;
  });
  return studentCommentOf(await commentRow(ctx.db, id), [], actor.id);
}

/**
 * POST /api/student/comments/{id}/replies: on a visible comment of a lecture the student may watch;
 * staff get an alert. A comment deleted or hidden while the reply is written is not found (404), and
 * the reply is not counted.
 */
export async function studentReply(ctx: RequestContext, { commentId, message }: { commentId: string; message: string }): Promise<StudentReply> {
  const actor = await requireActor(ctx);
  const comment = await commentRow(ctx.db, commentId);
  if (!comment.is_visible) throw new AppError('not-found', COMMENT_MESSAGES.notFound);
  const lecture = await openDiscussion(ctx, actor, comment.lecture_id);
  const name = nameOf(actor);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.holdComment(trx, comment.id, { visibleOnly: true }))) throw new AppError('not-found', COMMENT_MESSAGES.notFound);
    await countStudentWrite(trx, actor.id);
    const row = await repo.insertReply(trx, { commentId: comment.id, userId: actor.id, displayName: name, message });
    await raiseAlert(trx, { message: `${name} replied on “${lecture.title}”: ${message.slice(0, 200)}`, resourceType: 'lecture', resourceId: lecture.id });
    return studentReplyOf(row, actor.id);
  });
}

/**
 * PUT and DELETE of the student's own comment or reply. A changed message counts against the same
 * per-student limit as a new one and raises an alert for staff, so text staff have already looked at
 * cannot be swapped for something else unseen; a message saved unchanged changes nothing. What was
 * deleted meanwhile is not found (404), and the edit is not counted.
 */
export async function studentEdit(
  ctx: RequestContext,
  target: { commentId: string; replyId?: string },
  change: { message: string } | 'delete',
): Promise<{ status: 'saved' | 'deleted' }> {
  const actor = await requireActor(ctx);
  const table = target.replyId ? 'comment_replies' : 'comments';
  const id = target.replyId ?? target.commentId;
  const row = target.replyId ? await replyRow(ctx.db, target.commentId, target.replyId) : await commentRow(ctx.db, target.commentId);
  if (row.user_id !== actor.id) throw new AppError('forbidden', COMMENT_MESSAGES.notYours);
  if (change === 'delete') {
    await repo.deleteMessage(ctx.db, table, id);
    return { status: 'deleted' };
  }
  if (row.message === change.message) return { status: 'saved' };
  const lectureId = 'lecture_id' in row ? row.lecture_id : (await commentRow(ctx.db, target.commentId)).lecture_id;
  const title = await lectureTitle(ctx.db, lectureId);
  const name = nameOf(actor);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.updateMessage(trx, table, id, change.message)))
      throw new AppError('not-found', target.replyId ? COMMENT_MESSAGES.replyNotFound : COMMENT_MESSAGES.notFound);
    await countStudentWrite(trx, actor.id);
    await raiseAlert(trx, {
      message: `${name} edited their ${target.replyId ? 'reply' : 'comment'} on “${title}”: ${change.message.slice(0, 200)}`,
      resourceType: 'lecture',
      resourceId: lectureId,
    });
  });
  return { status: 'saved' };
}
