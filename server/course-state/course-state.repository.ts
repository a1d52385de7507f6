import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * What keeping a course's publish state current reads and writes: which courses hold a lecture,
 * an exam or a rate card, what their publish rules read, and the state they decide. Below courses,
 * so that the domains whose changes show in courses (lectures, exams, rate cards) reach it without
 * reaching into courses.
 */

/** Locks courses, in id order, for deciding their publish state again. */
export async function lockCourses(trx: Db, ids: readonly string[]): Promise<void> {
  await trx
    .selectFrom('courses')
    .select('id')
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Courses whose subjects hold any of the lectures, with the lectures' titles. */
export function coursesUsingLectures(db: Db, lectureIds: readonly string[]) {
  if (lectureIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subject_lectures as sl')
    .innerJoin('course_subjects as cs', 'cs.id', 'sl.subject_id')
    .innerJoin('courses as c', 'c.id', 'cs.course_id')
    .select(['c.id', 'c.title', 'sl.lecture_id'])
    .where('sl.lecture_id', 'in', [...lectureIds])
    .orderBy('c.title')
    .execute();
}

/** Courses sold under the rate card by default (their publish warnings read its term). */
export function coursesWithRateCard(db: Db, rateCardId: string) {
  return db.selectFrom('courses').select('id').where('course_rate_card_id', '=', rateCardId).orderBy('id').execute();
}

/** Courses that have any of the exams on their plan. */
export function coursesUsingExams(db: Db, examIds: readonly string[]) {
  if (examIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('course_exams as ce')
    .innerJoin('courses as c', 'c.id', 'ce.course_id')
    .select(['c.id', 'c.title', 'ce.exam_id'])
    .where('ce.exam_id', 'in', [...examIds])
    .orderBy('c.title')
    .execute();
}

/** What the publish rules read of some courses: each course, its subjects' lectures and its exams, in three queries. */
export async function publishFactRows(db: Db, courseIds: readonly string[]) {
  if (courseIds.length === 0) return { courses: [], subjects: [], lectures: [], exams: [] };
  const ids = [...courseIds];
  const [courses, subjects, lectures, exams] = await Promise.all([
    db
      .selectFrom('courses as c')
      .leftJoin('subscriptions as s', 's.id', 'c.course_rate_card_id')
      .select(['c.id', 'c.is_visible', 'c.course_rate_card_id', 's.subscription_term as rate_card_term'])
      .where('c.id', 'in', ids)
      .execute(),
    db.selectFrom('course_subjects').select(['id', 'course_id', 'title', 'is_active']).where('course_id', 'in', ids).orderBy('position').execute(),
    db
      .selectFrom('subject_lectures as sl')
      .innerJoin('course_subjects as cs', 'cs.id', 'sl.subject_id')
      .innerJoin('lectures as l', 'l.id', 'sl.lecture_id')
      .select(['sl.subject_id', 'sl.days', 'l.title', 'l.is_published'])
      .where('cs.course_id', 'in', ids)
      .orderBy('sl.position')
      .execute(),
    db
      .selectFrom('course_exams as ce')
      .innerJoin('exams as e', 'e.id', 'ce.exam_id')
      .select(['ce.course_id', 'ce.days', 'e.title', 'e.is_published'])
      .where('ce.course_id', 'in', ids)
      .orderBy('ce.position')
      .execute(),
  ]);
  return { courses, subjects, lectures, exams };
}

/** Sets a course's publish state as decided again (not a save: the version stays). */
export async function setCoursePublishState(db: Db, id: string, isPublished: boolean, warnings: string[]): Promise<void> {
  await db
    .updateTable('courses')
    .set({ is_published: isPublished, publish_warnings: warnings })
    .where('id', '=', id)
    .where(sql<boolean>`(is_published is distinct from ${isPublished} or publish_warnings is distinct from ${warnings}::text[])`)
    .execute();
}
