import { coursePublishWarnings, termDaysOf } from '../../shared/courses/course-publish.rules.ts';
import type { Db } from '../db/database.ts';
import {
  coursesUsingExams,
  coursesUsingLectures,
  coursesWithRateCard,
  lockCourses,
  publishFactRows,
  setCoursePublishState,
} from './course-state.repository.ts';

/**
 * Decides again whether courses are published, from their lectures and exams as they are now: a
 * course's warnings name an unpublished lecture or exam in it, so they change when those do.
 */
export async function refreshCoursesPublishState(db: Db, courseIds: readonly string[]): Promise<void> {
  if (courseIds.length === 0) return;
  const inTransaction = (run: (trx: Db) => Promise<void>) => (db.isTransaction ? run(db) : db.transaction().execute(run));
  await inTransaction(async (trx) => {
    // Locked first (a course save holds the same lock from its start), then read in new statements,
    // so the facts include a save that was under way and nothing decided here is undone by it.
    await lockCourses(trx, courseIds);
    await decideAgain(trx, courseIds);
  });
}

async function decideAgain(db: Db, courseIds: readonly string[]): Promise<void> {
  const facts = await publishFactRows(db, [...new Set(courseIds)]);
  for (const course of facts.courses) {
    const subjects = facts.subjects.filter((subject) => subject.course_id === course.id);
    const warnings = coursePublishWarnings({
      isVisible: course.is_visible,
      hasRateCard: course.course_rate_card_id !== null,
      rateCardTermDays: termDaysOf(course.rate_card_term),
      subjects: subjects.map((subject) => ({
        title: subject.title,
        isActive: subject.is_active,
        lectures: facts.lectures
          .filter((lecture) => lecture.subject_id === subject.id)
          .map((lecture) => ({ title: lecture.title, isPublished: lecture.is_published, days: lecture.days })),
      })),
      exams: facts.exams.filter((exam) => exam.course_id === course.id).map((exam) => ({ title: exam.title, isPublished: exam.is_published, days: exam.days })),
    });
    await setCoursePublishState(db, course.id, course.is_visible && warnings.length === 0, warnings);
  }
}

/** After a lecture's publish state or title may have changed: the courses holding it. */
export async function refreshCoursesOfLectures(db: Db, lectureIds: readonly string[]): Promise<void> {
  const courses = await coursesUsingLectures(db, lectureIds);
  await refreshCoursesPublishState(
    db,
    courses.map((course) => course.id),
  );
}

/** After an exam's publish state or title may have changed: the courses with it on their plan. */
export async function refreshCoursesOfExams(db: Db, examIds: readonly string[]): Promise<void> {
  const courses = await coursesUsingExams(db, examIds);
  await refreshCoursesPublishState(
    db,
    courses.map((course) => course.id),
  );
}

/** After a rate card's term may have changed: the courses sold under it by default (a plan may now run past it). */
export async function refreshCoursesOfRateCard(db: Db, rateCardId: string): Promise<void> {
  const courses = await coursesWithRateCard(db, rateCardId);
  await refreshCoursesPublishState(
    db,
    courses.map((course) => course.id),
  );
}
