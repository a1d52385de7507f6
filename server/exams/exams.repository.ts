import type { Insertable, Updateable } from 'kysely';
import type { TemplateId } from '../../shared/exams/exam.constants.ts';
import type { Db } from '../db/database.ts';
import type { ExamRow, ExamsTable } from '../db/types.ts';
import { EXAM_LIST_COLUMNS } from './exam-mapping.ts';
import { updateAtVersion } from '../editing/versions.repository.ts';

/** The exams' queries; each runs on the connection (or transaction) it is given. */

export function findExamRow(db: Db, id: string): Promise<ExamRow | undefined> {
  return db.selectFrom('exams').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The exam list's columns, newest first (one template's exams when given). */
export function listExamRows(db: Db, templateId?: TemplateId) {
  let query = db.selectFrom('exams').select(EXAM_LIST_COLUMNS).orderBy('created_at', 'desc').orderBy('id');
  if (templateId) query = query.where('template_id', '=', templateId);
  return query.execute();
}

export async function insertExam(db: Db, values: Insertable<ExamsTable>): Promise<string> {
  return (await db.insertInto('exams').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Writes an exam and moves its version on, only while its version is still `version` (when
 * given): the new version, or undefined when the exam is gone or was saved meanwhile.
 */
export async function updateExamAtVersion(db: Db, id: string, values: Updateable<ExamsTable>, version: number | undefined): Promise<number | undefined> {
  return (await updateAtVersion(db, 'exams', id, version, values).returning('version').executeTakeFirst())?.version;
}

/**
 * Deletes the exam only if no student has attempted it, in one statement (the foreign key from
 * attempts refuses it when an attempt starts meanwhile): whether it was deleted.
 */
/**
 * The exam, locked against other saves until the transaction ends. The lock is the one an update
 * takes (no key update): a student's attempt starting meanwhile is not held up by it.
 */
export function lockExamRow(db: Db, id: string): Promise<ExamRow | undefined> {
  return db.selectFrom('exams').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

export async function deleteExamWithoutAttempts(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('exams')
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('exam_attempts').select('id').where('exam_id', '=', id))))
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

export async function countAttempts(db: Db, examId: string): Promise<number> {
  const row = await db
    .selectFrom('exam_attempts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Submitted attempts of the exam, and those in progress. */
export async function attemptCounts(db: Db, examId: string): Promise<{ submitted: number; in_progress: number }> {
  const row = await db
    .selectFrom('exam_attempts')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('status', '=', 'submitted').as('submitted'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'in-progress').as('in_progress'),
    ])
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  return { submitted: Number(row.submitted), in_progress: Number(row.in_progress) };
}

export async function rateCardExists(db: Db, subscriptionId: string): Promise<boolean> {
  return (await db.selectFrom('subscriptions').select('id').where('id', '=', subscriptionId).executeTakeFirst()) !== undefined;
}

export function imagesById(db: Db, ids: string[]) {
  return db.selectFrom('assets').select(['id', 'kind', 'size_in_bytes']).where('id', 'in', ids).execute();
}

/** The id and title of each of these exams that exists. */
export function examTitles(db: Db, ids: readonly string[]): Promise<Array<{ id: string; title: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('exams').select(['id', 'title']).where('id', 'in', ids).execute();
}
