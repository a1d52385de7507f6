import { sql } from 'kysely';
import { EDUCATOR_ROLE } from '../../shared/auth/roles.ts';
import { lectureEntitledSql } from '../courses/student-courses.repository.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CommentsTable } from '../db/types.ts';

/** Queries of comments and replies, and of the lectures and educators they belong to; each runs on the connection it is given. */

/** A published lecture, and whether the student may watch it (the rule every student lecture screen uses). */
export async function lectureForStudent(db: Db, lectureId: string, userId: string) {
  const { rows } = await sql<{ id: string; title: string; can_watch: boolean }>`
    select l.id, l.title, ${lectureEntitledSql(userId)} as can_watch from lectures l where l.id = ${lectureId} and l.is_published`.execute(db);
  return rows[0];
}

/**
 * Holds the lecture until the transaction ends: a delete of it waits, so a comment written now
 * cannot lose its lecture between a check and the insert. Undefined when it is gone.
 */
export async function holdLecture(trx: Db, lectureId: string) {
  return trx.selectFrom('lectures').select('id').where('id', '=', lectureId).forKeyShare().executeTakeFirst();
}

/**
 * Holds the comment until the transaction ends, as holdLecture does the lecture: a reply written
 * now is never left without its comment. Undefined when it is gone (or, with `visibleOnly`, hidden).
 */
export async function holdComment(trx: Db, commentId: string, { visibleOnly }: { visibleOnly: boolean }) {
  let query = trx.selectFrom('comments').select(['id', 'lecture_id', 'user_id']).where('id', '=', commentId);
  if (visibleOnly) query = query.where('is_visible', '=', true);
  return query.forKeyShare().executeTakeFirst();
}

export async function insertComment(
  trx: Db,
  values: { lectureId: string; userId: string | null; displayName: string; message: string; isAdministrator?: boolean; isVisible?: boolean },
) {
  const row = await trx
    .insertInto('comments')
    .values({
      lecture_id: values.lectureId,
      user_id: values.userId,
      display_name: values.displayName,
      message: values.message,
      ...(values.isAdministrator === undefined ? {} : { is_administrator: values.isAdministrator }),
      ...(values.isVisible === undefined ? {} : { is_visible: values.isVisible }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertReply(
  trx: Db,
  values: { commentId: string; userId: string | null; displayName: string; message: string; isAdministrator?: boolean },
) {
  return trx
    .insertInto('comment_replies')
    .values({
      comment_id: values.commentId,
      user_id: values.userId,
      display_name: values.displayName,
      message: values.message,
      ...(values.isAdministrator === undefined ? {} : { is_administrator: values.isAdministrator }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes a comment's or reply's message; false when it is gone. */
export async function updateMessage(trx: Db, table: 'comments' | 'comment_replies', id: string, message: string): Promise<boolean> {
  const row = await trx
    .updateTable(table)
    .set({ message, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Replies of the given comments, oldest first. */
export async function repliesOfComments(db: Db, commentIds: string[]) {
  return db.selectFrom('comment_replies').selectAll().where('comment_id', 'in', commentIds).orderBy('created_at').orderBy('id').execute();
}

export async function findLectureTitle(db: Db, lectureId: string) {
  return db.selectFrom('lectures').select('title').where('id', '=', lectureId).executeTakeFirst();
}

/** A comment with the phone number of the account that wrote it. */
export async function findCommentWithPhone(db: Db, id: string) {
  return db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.phone_number')
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** An enabled educator account of that name. */
export async function findEducatorNamed(db: Db, name: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('name', '=', name)
    .where(sql<boolean>`${EDUCATOR_ROLE} = any(roles)`)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** A page of a lecture's comments, pinned first, newest next; `before` (a comment's id) starts after that comment. */
export async function lectureCommentsPage(db: Db, lectureId: string, before: string | undefined, limit: number) {
  let query = db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.phone_number')
    .where('c.lecture_id', '=', lectureId);
  if (before !== undefined) {
    // Row comparison in the list's own order (false sorts before true, so "after" in a descending list is "less than").
    query = query.where(
      sql<boolean>`(c.is_pinned, c.created_at, c.id) < (select b.is_pinned, b.created_at, b.id from comments b where b.id = ${before} and b.lecture_id = ${lectureId})`,
    );
  }
  return query.orderBy('c.is_pinned', 'desc').orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
}

/** A page of a lecture's visible comments, pinned first, newest next, and how many there are in all. */
export async function visibleCommentsPage(db: Db, lectureId: string, { limit, offset }: { limit: number; offset: number }) {
  const base = db.selectFrom('comments as c').where('c.lecture_id', '=', lectureId).where('c.is_visible', '=', true);
  const [rows, count] = await Promise.all([
    base.selectAll('c').orderBy('c.is_pinned', 'desc').orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A comment (aliased `c`) has a reply written by staff. */
const staffReplied = sql<boolean>`exists (select 1 from comment_replies r where r.comment_id = c.id and r.user_id is null)`;

/** How many student comments no staff member replied to (the inbox's "Only without a staff reply"). */
export async function countUnansweredStudentComments(db: Db): Promise<number> {
  const row = await db
    .selectFrom('comments as c')
    .innerJoin('lectures as l', 'l.id', 'c.lecture_id')
    .where('c.user_id', 'is not', null)
    .where(sql<boolean>`not ${staffReplied}`)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * A page of student comments across all lectures, newest first, with whether staff replied, and how
 * many there are in all; `unanswered` keeps only those staff did not (yes) or did (no) reply to.
 */
export async function studentCommentsPage(db: Db, { unanswered, limit, offset }: { unanswered?: 'yes' | 'no' | undefined; limit: number; offset: number }) {
  let base = db.selectFrom('comments as c').innerJoin('lectures as l', 'l.id', 'c.lecture_id').where('c.user_id', 'is not', null);
  if (unanswered === 'yes') base = base.where(sql<boolean>`not ${staffReplied}`);
  if (unanswered === 'no') base = base.where(staffReplied);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select(['u.phone_number', 'l.title as lecture_title'])
      .select(staffReplied.as('has_staff_reply'))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function updateComment(
  db: Db,
  id: string,
  changes: {
    displayName?: string | undefined;
    message?: string | undefined;
    isAdministrator?: boolean | undefined;
    isVisible?: boolean | undefined;
    isPinned?: boolean | undefined;
  },
): Promise<Selectable<CommentsTable> | undefined> {
  return db
    .updateTable('comments')
    .set({
      ...(changes.displayName === undefined ? {} : { display_name: changes.displayName }),
      ...(changes.message === undefined ? {} : { message: changes.message }),
      ...(changes.isAdministrator === undefined ? {} : { is_administrator: changes.isAdministrator }),
      ...(changes.isVisible === undefined ? {} : { is_visible: changes.isVisible }),
      ...(changes.isPinned === undefined ? {} : { is_pinned: changes.isPinned }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A comment locked until the transaction ends (a staff change reads what it changes); undefined when it is gone. */
export async function lockComment(trx: Db, id: string) {
  return trx.selectFrom('comments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A reply of that comment locked until the transaction ends; undefined when it is gone. */
export async function lockReply(trx: Db, commentId: string, replyId: string) {
  return trx.selectFrom('comment_replies').selectAll().where('id', '=', replyId).where('comment_id', '=', commentId).forUpdate().executeTakeFirst();
}

export async function findReply(db: Db, commentId: string, replyId: string) {
  return db.selectFrom('comment_replies').selectAll().where('id', '=', replyId).where('comment_id', '=', commentId).executeTakeFirst();
}

/** The reply as changed; undefined when it is gone. */
export async function updateReply(db: Db, replyId: string, values: { message: string; displayName: string; isAdministrator: boolean }) {
  return db
    .updateTable('comment_replies')
    .set({ message: values.message, display_name: values.displayName, is_administrator: values.isAdministrator, updated_at: sql<Date>`now()` })
    .where('id', '=', replyId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a comment (its replies go with it) or a reply. */
export async function deleteMessage(db: Db, table: 'comments' | 'comment_replies', id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
