import { sql, type Insertable, type Updateable } from 'kysely';
import { EDUCATOR_ROLE } from '../../shared/auth/roles.ts';
import type { Db } from '../db/database.ts';
import type { AssetRow, LectureRow, LecturesTable } from '../db/types.ts';
import { updateAtVersion } from '../editing/versions.repository.ts';

/** The lecture catalogue's queries; each runs on the connection (or transaction) it is given. */

export function listLectureRows(db: Db): Promise<LectureRow[]> {
  return db.selectFrom('lectures').selectAll().orderBy('created_at', 'desc').execute();
}

export function findLectureRow(db: Db, id: string): Promise<LectureRow | undefined> {
  return db.selectFrom('lectures').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The lecture, locked until the transaction ends. */
export function lockLectureRow(db: Db, id: string): Promise<LectureRow | undefined> {
  return db.selectFrom('lectures').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertLecture(db: Db, values: Insertable<LecturesTable>): Promise<string> {
  return (await db.insertInto('lectures').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Writes a lecture's fields and moves its version on, only while its version is still `version`
 * (when given): answers the new version, or undefined when the lecture is gone or was saved meanwhile.
 */
export async function updateLectureAtVersion(db: Db, id: string, values: Updateable<LecturesTable>, version: number | undefined): Promise<number | undefined> {
  return (await updateAtVersion(db, 'lectures', id, version, values).returning('version').executeTakeFirst())?.version;
}

export async function deleteLectureRow(db: Db, id: string): Promise<boolean> {
  return (await db.deleteFrom('lectures').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
}

/**
 * The lectures showing a video, locked until the transaction ends, read in the same statement
 * that locks them (so it sees the saves that committed while it waited).
 */
export function lockLecturesShowingVideo(trx: Db, assetId: string): Promise<LectureRow[]> {
  return trx.selectFrom('lectures').selectAll().where('video_resource_id', '=', assetId).orderBy('id').forUpdate().execute();
}

export async function updateLectureFromVideo(db: Db, id: string, values: Updateable<LecturesTable>): Promise<void> {
  await db
    .updateTable('lectures')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The files with these ids, in id order; share-locked until the transaction ends when asked (a save checking them). */
export async function assetsById(db: Db, ids: Array<string | null | undefined>, options: { share?: boolean } = {}): Promise<Map<string, AssetRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))].sort();
  if (wanted.length === 0) return new Map();
  let query = db.selectFrom('assets').selectAll().where('id', 'in', wanted).orderBy('id');
  if (options.share) query = query.forShare();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** An account with the educator role. */
export function findLecturer(db: Db, userId: string): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .where(sql<boolean>`${EDUCATOR_ROLE} = any(roles)`)
    .executeTakeFirst();
}

/** Every account with the educator role, by name. */
export function listEducators(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email_address'])
    .where(sql<boolean>`${EDUCATOR_ROLE} = any(roles)`)
    .where('disabled_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function rateCardExists(db: Db, id: string): Promise<boolean> {
  return db
    .selectFrom('subscriptions')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

/** The exams offered with a lecture, in order. */
export function lectureExamRows(db: Db, lectureId: string) {
  return db
    .selectFrom('lecture_exams as le')
    .innerJoin('exams as e', 'e.id', 'le.exam_id')
    .select(['e.id', 'e.title', 'e.is_published'])
    .where('le.lecture_id', '=', lectureId)
    .orderBy('le.position')
    .execute();
}

export async function existingExamIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('exams')
    .select('id')
    .where(sql<boolean>`id = any(${[...ids]}::uuid[])`)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Makes the lecture's exams exactly these, in order. */
export async function replaceLectureExams(db: Db, lectureId: string, examIds: readonly string[]): Promise<void> {
  await db.deleteFrom('lecture_exams').where('lecture_id', '=', lectureId).execute();
  if (examIds.length === 0) return;
  await db
    .insertInto('lecture_exams')
    .values(examIds.map((examId, index) => ({ lecture_id: lectureId, exam_id: examId, position: index + 1 })))
    .execute();
}

/** Lectures that offer the exam. */
export function lecturesOfferingExam(db: Db, examId: string) {
  return db
    .selectFrom('lecture_exams as le')
    .innerJoin('lectures as l', 'l.id', 'le.lecture_id')
    .select(['l.id', 'l.title'])
    .where('le.exam_id', '=', examId)
    .orderBy('l.title')
    .execute();
}

/** The id and title of each of these lectures that exists. */
export function lectureTitles(db: Db, ids: readonly string[]): Promise<Array<{ id: string; title: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('lectures').select(['id', 'title']).where('id', 'in', ids).execute();
}
