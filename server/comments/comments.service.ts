import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import {
  ADMIN_COMMENTS_PAGE_SIZE,
  COMMENT_MESSAGES,
  INBOX_PAGE_SIZE,
  replyNotificationTitle,
  STUDENT_COMMENTS_PAGE_SIZE,
  type Comment,
  type editCommentInputSchema,
  type editReplyInputSchema,
  type newCommentInputSchema,
  type newReplyInputSchema,
  type Reply,
} from '../../shared/comments/comments.schema.ts';
import { EDUCATOR_ROLE } from '../../shared/auth/roles.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import { requireActor } from '../auth/access.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { lectureEntitledSql } from '../courses/student-courses.repository.ts';
import type { Db } from '../db/database.ts';
import type { CommentRepliesTable, CommentsTable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { sendNotification } from '../push/push.service.ts';
import { consumeRateLimit } from '../rate-limit/rate-limit.service.ts';

type CommentRow = Selectable<CommentsTable> & { phone_number?: string | null };
type ReplyRow = Selectable<CommentRepliesTable>;

/** Messages a student may write: this many in this window. */
export const STUDENT_WRITE_LIMIT = { max: 10, windowSeconds: 10 * 60 };

function replyOf(row: ReplyRow, me?: string): Reply {
  return { _id: row.id, message: row.message, displayName: row.display_name, isAdministrator: row.is_administrator, createdAt: row.created_at.toISOString(), ...(me ? { isMine: row.user_id === me } : {}) };
}

function commentOf(row: CommentRow, replies: ReplyRow[], me?: string): Comment {
  return {
    _id: row.id,
    message: row.message,
    displayName: row.display_name,
    effectiveDisplayName: row.display_name,
    isAdministrator: row.is_administrator,
    isVisible: row.is_visible,
    isPinned: row.is_pinned,
    createdAt: row.created_at.toISOString(),
    replies: replies.map((reply) => replyOf(reply, me)),
    user: row.user_id ? { _id: row.user_id, phoneNumber: row.phone_number ?? null } : null,
    resourceType: 'lecture',
    resourceId: row.lecture_id,
    ...(me ? { isMine: row.user_id === me } : {}),
  };
}

async function repliesOf(db: Db, commentIds: string[]): Promise<Map<string, ReplyRow[]>> {
  const byComment = new Map<string, ReplyRow[]>();
  if (commentIds.length === 0) return byComment;
  const rows = await db.selectFrom('comment_replies').selectAll().where('comment_id', 'in', commentIds).orderBy('created_at').orderBy('id').execute();
  for (const row of rows) byComment.set(row.comment_id, [...(byComment.get(row.comment_id) ?? []), row]);
  return byComment;
}

async function lectureTitle(db: Db, lectureId: string): Promise<string> {
  const lecture = await db.selectFrom('lectures').select('title').where('id', '=', lectureId).executeTakeFirst();
  if (!lecture) throw new AppError('not-found', COMMENT_MESSAGES.lectureNotFound);
  return lecture.title;
}

async function commentRow(db: Db, id: string): Promise<CommentRow> {
  const row = UUID_PATTERN.test(id)
    ? await db.selectFrom('comments as c').leftJoin('users as u', 'u.id', 'c.user_id').selectAll('c').select('u.phone_number').where('c.id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('not-found', COMMENT_MESSAGES.notFound);
  return row;
}

async function fullComment(db: Db, id: string, me?: string): Promise<Comment> {
  const row = await commentRow(db, id);
  return commentOf(row, (await repliesOf(db, [id])).get(id) ?? [], me);
}

// ---- Staff (the lecture editor's Discussions tab) ----

/**
 * Staff write as one of the educators (the author is chosen from the educators list). A comment or
 * reply being edited may keep the name it has (a student's, say); any other name must be an enabled
 * educator account's.
 */
async function requireEducatorName(db: Db, name: string, field: string, unchanged?: string): Promise<void> {
  if (unchanged !== undefined && name === unchanged) return;
  const educator = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', name)
    .where(sql<boolean>`${EDUCATOR_ROLE} = any(roles)`)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!educator) throw new AppError('validation', COMMENT_MESSAGES.authorNotEducator(field), { field });
}

/**
 * GET /api/admin/comments/lecture/{id}: the lecture's comments, pinned first, newest next, with replies,
 * {@link ADMIN_COMMENTS_PAGE_SIZE} at a time; `before` (a comment's id) gives the ones after it in that
 * order. A full page means there may be more.
 */
export async function listLectureComments(ctx: AppContext, { resourceId, before }: { resourceId: string; before?: string | undefined }): Promise<Comment[]> {
  await lectureTitle(ctx.db, resourceId);
  let query = ctx.db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.phone_number')
    .where('c.lecture_id', '=', resourceId);
  if (before !== undefined) {
    // Row comparison in the list's own order (false sorts before true, so "after" in a descending list is "less than").
    query = query.where(sql<boolean>`(c.is_pinned, c.created_at, c.id) < (select b.is_pinned, b.created_at, b.id from comments b where b.id = ${before} and b.lecture_id = ${resourceId})`);
  }
  const rows = await query.orderBy('c.is_pinned', 'desc').orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(ADMIN_COMMENTS_PAGE_SIZE).execute();
  const replies = await repliesOf(ctx.db, rows.map((row) => row.id));
  return rows.map((row) => commentOf(row, replies.get(row.id) ?? []));
}

export async function createStaffComment(ctx: AppContext, input: z.output<typeof newCommentInputSchema>): Promise<Comment> {
  await lectureTitle(ctx.db, input.resourceId);
  await requireEducatorName(ctx.db, input.displayName, 'displayName');
  const { id } = await ctx.db
    .insertInto('comments')
    .values({ lecture_id: input.resourceId, display_name: input.displayName, message: input.message, is_administrator: input.isAdministrator, is_visible: input.isVisible })
    .returning('id')
    .executeTakeFirstOrThrow();
  return fullComment(ctx.db, id);
}

export async function updateStaffComment(ctx: AppContext, { id, ...input }: { id: string } & z.output<typeof editCommentInputSchema>): Promise<Comment> {
  const current = await commentRow(ctx.db, id);
  if (input.displayName !== undefined) await requireEducatorName(ctx.db, input.displayName, 'displayName', current.display_name);
  await ctx.db
    .updateTable('comments')
    .set({
      ...(input.displayName === undefined ? {} : { display_name: input.displayName }),
      ...(input.message === undefined ? {} : { message: input.message }),
      ...(input.isAdministrator === undefined ? {} : { is_administrator: input.isAdministrator }),
      ...(input.isVisible === undefined ? {} : { is_visible: input.isVisible }),
      ...(input.isPinned === undefined ? {} : { is_pinned: input.isPinned }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
  return fullComment(ctx.db, id);
}

export async function deleteComment(ctx: AppContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  await commentRow(ctx.db, id);
  await ctx.db.deleteFrom('comments').where('id', '=', id).execute();
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
  const reply = await ctx.db
    .insertInto('comment_replies')
    .values({ comment_id: comment.id, display_name: input.name, message: input.message, is_administrator: input.isAdministrator })
    .returningAll()
    .executeTakeFirstOrThrow();
  let notification: { sent: boolean; message: string | null } = { sent: false, message: null };
  if (comment.user_id) {
    const actor = await ctx.actor();
    try {
      await sendNotification(ctx, {
        title: replyNotificationTitle(input.name),
        // sendNotification cuts it to what a push holds, between two characters.
        body: input.message,
        clickAction: 'open_lecture',
        resourceType: 'lecture',
        resourceId: comment.lecture_id,
        data: { lectureId: comment.lecture_id, commentId: comment.id },
        targetType: 'specific-user',
        targetUserId: comment.user_id,
        createdBy: actor?.id ?? null,
      });
      notification = { sent: true, message: null };
    } catch (error) {
      notification = { sent: false, message: error instanceof AppError ? error.message : 'Something went wrong' };
    }
  }
  return { reply: replyOf(reply), notification };
}

async function replyRow(db: Db, commentId: string, replyId: string): Promise<ReplyRow> {
  const row = UUID_PATTERN.test(commentId) && UUID_PATTERN.test(replyId) ? await db.selectFrom('comment_replies').selectAll().where('id', '=', replyId).where('comment_id', '=', commentId).executeTakeFirst() : undefined;
  if (!row) throw new AppError('not-found', COMMENT_MESSAGES.replyNotFound);
  return row;
}

export async function updateStaffReply(ctx: AppContext, { commentId, replyId, ...input }: { commentId: string; replyId: string } & z.output<typeof editReplyInputSchema>): Promise<Reply> {
  const current = await replyRow(ctx.db, commentId, replyId);
  await requireEducatorName(ctx.db, input.displayName, 'displayName', current.display_name);
  const row = await ctx.db
    .updateTable('comment_replies')
    .set({ message: input.message, display_name: input.displayName, is_administrator: input.isAdministrator, updated_at: sql<Date>`now()` })
    .where('id', '=', replyId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return replyOf(row);
}

export async function deleteReply(ctx: AppContext, { commentId, replyId }: { commentId: string; replyId: string }): Promise<{ status: 'deleted' }> {
  await replyRow(ctx.db, commentId, replyId);
  await ctx.db.deleteFrom('comment_replies').where('id', '=', replyId).execute();
  return { status: 'deleted' };
}

// ---- Students ----

/** One of a student's messages in the window: a new comment, a reply, or an edit that changes the text. */
async function countStudentWrite(db: Db, userId: string): Promise<void> {
  await consumeRateLimit(db, { key: `comments:${userId}`, ...STUDENT_WRITE_LIMIT, message: COMMENT_MESSAGES.tooMany });
}

async function mayWrite(ctx: RequestContext, lectureId: string): Promise<{ userId: string; name: string }> {
  const actor = await requireActor(ctx);
  const lecture = UUID_PATTERN.test(lectureId)
    ? await sql<{ id: string; can_watch: boolean }>`select l.id, ${lectureEntitledSql(actor.id)} as can_watch from lectures l where l.id = ${lectureId} and l.is_published`.execute(ctx.db)
    : undefined;
  const row = lecture?.rows[0];
  if (!row) throw new AppError('not-found', COMMENT_MESSAGES.lectureNotFound);
  if (!row.can_watch) throw new AppError('forbidden', COMMENT_MESSAGES.notEntitled);
  await countStudentWrite(ctx.db, actor.id);
  return { userId: actor.id, name: actor.name || 'Student' };
}

/** GET /api/student/lectures/{id}/comments: visible comments, pinned first, newest next, a page at a time. */
export async function studentLectureComments(ctx: RequestContext, { lectureId, page }: { lectureId: string; page: number }) {
  const actor = await requireActor(ctx);
  const published = UUID_PATTERN.test(lectureId) ? await ctx.db.selectFrom('lectures').select('id').where('id', '=', lectureId).where('is_published', '=', true).executeTakeFirst() : undefined;
  if (!published) throw new AppError('not-found', COMMENT_MESSAGES.lectureNotFound);
  const base = ctx.db.selectFrom('comments as c').where('c.lecture_id', '=', lectureId).where('c.is_visible', '=', true);
  const [rows, count] = await Promise.all([
    base
      .selectAll('c')
      .select(sql<string | null>`null`.as('phone_number'))
      .orderBy('c.is_pinned', 'desc')
      .orderBy('c.created_at', 'desc')
      .limit(STUDENT_COMMENTS_PAGE_SIZE)
      .offset((page - 1) * STUDENT_COMMENTS_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const replies = await repliesOf(ctx.db, rows.map((row) => row.id));
  return { comments: rows.map((row) => commentOf(row, replies.get(row.id) ?? [], actor.id)), total: Number(count.total), page, pageSize: STUDENT_COMMENTS_PAGE_SIZE };
}

/** POST /api/student/lectures/{id}/comments: staff get an alert. */
export async function studentComment(ctx: RequestContext, { lectureId, message }: { lectureId: string; message: string }): Promise<Comment> {
  const writer = await mayWrite(ctx, lectureId);
  const title = await lectureTitle(ctx.db, lectureId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('comments').values({ lecture_id: lectureId, user_id: writer.userId, display_name: writer.name, message }).returning('id').executeTakeFirstOrThrow();
    await raiseAlert(trx, { message: `${writer.name} commented on “${title}”: ${message.slice(0, 200)}`, resourceType: 'lecture', resourceId: lectureId });
    return row.id;
  });
  return fullComment(ctx.db, id, writer.userId);
}

/** POST /api/student/comments/{id}/replies: on a visible comment of a lecture the student may watch; staff get an alert. */
export async function studentReply(ctx: RequestContext, { commentId, message }: { commentId: string; message: string }): Promise<Reply> {
  const comment = await commentRow(ctx.db, commentId);
  if (!comment.is_visible) throw new AppError('not-found', COMMENT_MESSAGES.notFound);
  const writer = await mayWrite(ctx, comment.lecture_id);
  const title = await lectureTitle(ctx.db, comment.lecture_id);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('comment_replies').values({ comment_id: comment.id, user_id: writer.userId, display_name: writer.name, message }).returningAll().executeTakeFirstOrThrow();
    await raiseAlert(trx, { message: `${writer.name} replied on “${title}”: ${message.slice(0, 200)}`, resourceType: 'lecture', resourceId: comment.lecture_id });
    return replyOf(row, writer.userId);
  });
}

/**
 * PUT and DELETE of the student's own comment or reply. A changed message counts against the same
 * per-student limit as a new one and raises an alert for staff, so text staff have already looked at
 * cannot be swapped for something else unseen; a message saved unchanged changes nothing.
 */
export async function studentEdit(ctx: RequestContext, target: { commentId: string; replyId?: string }, change: { message: string } | 'delete'): Promise<{ status: 'saved' | 'deleted' }> {
  const actor = await requireActor(ctx);
  const table = target.replyId ? 'comment_replies' : 'comments';
  const id = target.replyId ?? target.commentId;
  const row = target.replyId ? await replyRow(ctx.db, target.commentId, target.replyId) : await commentRow(ctx.db, target.commentId);
  if (row.user_id !== actor.id) throw new AppError('forbidden', COMMENT_MESSAGES.notYours);
  if (change === 'delete') {
    await ctx.db.deleteFrom(table).where('id', '=', id).execute();
    return { status: 'deleted' };
  }
  if (row.message === change.message) return { status: 'saved' };
  await countStudentWrite(ctx.db, actor.id);
  const lectureId = 'lecture_id' in row ? row.lecture_id : (await commentRow(ctx.db, target.commentId)).lecture_id;
  const title = await lectureTitle(ctx.db, lectureId);
  const name = actor.name || 'Student';
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable(table).set({ message: change.message, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
    await raiseAlert(trx, { message: `${name} edited their ${target.replyId ? 'reply' : 'comment'} on “${title}”: ${change.message.slice(0, 200)}`, resourceType: 'lecture', resourceId: lectureId });
  });
  return { status: 'saved' };
}

/** GET /api/admin/discussions: the latest student comments across all lectures (or only those no staff answered). */
export async function discussionsInbox(ctx: AppContext, query: { page: number; unanswered?: 'yes' | 'no' | undefined }) {
  const staffReplied = sql<boolean>`exists (select 1 from comment_replies r where r.comment_id = c.id and r.user_id is null)`;
  let base = ctx.db.selectFrom('comments as c').innerJoin('lectures as l', 'l.id', 'c.lecture_id').where('c.user_id', 'is not', null);
  if (query.unanswered === 'yes') base = base.where(sql<boolean>`not ${staffReplied}`);
  if (query.unanswered === 'no') base = base.where(staffReplied);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select(['u.phone_number', 'l.title as lecture_title'])
      .select(staffReplied.as('has_staff_reply'))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(INBOX_PAGE_SIZE)
      .offset((query.page - 1) * INBOX_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const replies = await repliesOf(ctx.db, rows.map((row) => row.id));
  return {
    comments: rows.map((row) => ({ ...commentOf(row, replies.get(row.id) ?? []), lectureTitle: row.lecture_title, hasStaffReply: row.has_staff_reply })),
    total: Number(count.total),
    page: query.page,
    pageSize: INBOX_PAGE_SIZE,
  };
}
