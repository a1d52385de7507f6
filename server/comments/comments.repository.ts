import { sql } from 'kysely';
import { lectureEntitledSql } from '../courses/student-courses.repository.ts';
import type { Db } from '../db/database.ts';

/** Writes of comments and replies, and the student's access to a lecture's discussion; each runs on the connection it is given. */

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

export async function insertComment(trx: Db, values: { lectureId: string; userId: string | null; displayName: string; message: string; isAdministrator?: boolean; isVisible?: boolean }) {
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

export async function insertReply(trx: Db, values: { commentId: string; userId: string | null; displayName: string; message: string; isAdministrator?: boolean }) {
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
  const row = await trx.updateTable(table).set({ message, updated_at: sql<Date>`now()` }).where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}
