import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CourseRow, CoursesTable } from '../db/types.ts';
import { updateAtVersion } from '../editing/versions.repository.ts';

/** The courses' queries; each runs on the connection (or transaction) it is given. */

export interface CourseListRow {
  id: string;
  title: string;
  is_published: boolean;
  is_visible: boolean;
  is_best_selling: boolean;
  cms_tags: string[];
  category: string | null;
  created_at: Date;
  rate_card_id: string | null;
  rate_card_title: string | null;
  rate_card_net_amount: number | null;
}

/** Every course with its default rate card, newest first. */
export function listCourseRows(db: Db): Promise<CourseListRow[]> {
  return db
    .selectFrom('courses as c')
    .leftJoin('subscriptions as s', 's.id', 'c.course_rate_card_id')
    .select([
      'c.id',
      'c.title',
      'c.is_published',
      'c.is_visible',
      'c.is_best_selling',
      'c.cms_tags',
      'c.category',
      'c.created_at',
      's.id as rate_card_id',
      's.title as rate_card_title',
      's.net_amount as rate_card_net_amount',
    ])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .execute();
}

export function courseTitles(db: Db): Promise<Array<{ id: string; title: string }>> {
  return db.selectFrom('courses').select(['id', 'title']).orderBy('title').orderBy('id').execute();
}

/** The courses with these ids that exist, with their titles. */
export function courseTitlesOf(db: Db, ids: readonly string[]): Promise<Array<{ id: string; title: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('courses').select(['id', 'title']).where('id', 'in', ids).execute();
}

export async function insertCourse(db: Db, values: Insertable<CoursesTable>): Promise<string> {
  const row = await db.insertInto('courses').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findCourseRow(db: Db, id: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the course for a save or a delete (a second one waits). */
export function lockCourse(trx: Db, id: string): Promise<{ id: string; version: number } | undefined> {
  return trx.selectFrom('courses').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function subjectRows(db: Db, courseId: string) {
  return db.selectFrom('course_subjects').selectAll().where('course_id', '=', courseId).orderBy('position').execute();
}

/** The lectures of every subject of the course, in order, with what the editor shows of each. */
export function subjectLectureRows(db: Db, courseId: string) {
  return db
    .selectFrom('subject_lectures as sl')
    .innerJoin('course_subjects as cs', 'cs.id', 'sl.subject_id')
    .innerJoin('lectures as l', 'l.id', 'sl.lecture_id')
    .select(['sl.subject_id', 'sl.lecture_id', 'sl.position', 'sl.days', 'sl.topic', 'l.title', 'l.is_published', 'l.video_duration_in_minutes'])
    .where('cs.course_id', '=', courseId)
    .orderBy('cs.position')
    .orderBy('sl.position')
    .execute();
}

export function courseExamRows(db: Db, courseId: string) {
  return db
    .selectFrom('course_exams as ce')
    .innerJoin('exams as e', 'e.id', 'ce.exam_id')
    .select(['ce.exam_id', 'ce.days', 'e.title', 'e.is_published', 'e.master_subscription_id', 'e.exam_duration_in_minutes'])
    .where('ce.course_id', '=', courseId)
    .orderBy('ce.position')
    .execute();
}

export function courseRankFileRows(db: Db, courseId: string) {
  return db
    .selectFrom('course_rank_files as cr')
    .innerJoin('rank_files as r', 'r.id', 'cr.rank_file_id')
    .select(['r.id', 'r.title', 'r.master_subscription_id'])
    .where('cr.course_id', '=', courseId)
    .orderBy('cr.position')
    .execute();
}

export async function extraSubscriptionIds(db: Db, courseId: string): Promise<string[]> {
  const rows = await db.selectFrom('course_subscriptions').select('subscription_id').where('course_id', '=', courseId).orderBy('subscription_id').execute();
  return rows.map((row) => row.subscription_id);
}

export function rateCardOf(db: Db, id: string) {
  return db.selectFrom('subscriptions').select(['id', 'title', 'net_amount', 'subscription_term']).where('id', '=', id).executeTakeFirst();
}

/** Lectures by id, with what a course's publish rules read. */
// Ids go as one array parameter: a course may list thousands of lectures.
export function lectureFacts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lectures')
    .select(['id', 'title', 'is_published'])
    .where(sql<boolean>`id = any(${[...ids]}::uuid[])`)
    .execute();
}

export function examFacts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('exams')
    .select(['id', 'title', 'is_published'])
    .where(sql<boolean>`id = any(${[...ids]}::uuid[])`)
    .execute();
}

export async function existingIds(db: Db, table: 'subscriptions' | 'rank_files' | 'assets', ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Writes the course's own columns and bumps its version; only over `version` when one is given. */
export function updateCourseAtVersion(db: Db, id: string, values: Omit<Updateable<CoursesTable>, 'version' | 'updated_at'>, version: number | undefined) {
  return updateAtVersion(db, 'courses', id, version, values).returning(['version', 'is_published', 'publish_warnings']).executeTakeFirst();
}

export interface SubjectToWrite {
  id: string | undefined;
  title: string;
  isActive: boolean;
  bannerImageId: string | null;
  lectures: Array<{ lectureId: string; days: number[]; topic: string }>;
}

/**
 * Makes the course's subjects and their lectures exactly `subjects`, in order, in a few
 * statements whatever their number: subjects that are gone are deleted, kept ones updated, new
 * ones inserted, and the lecture rows of all of them written again in one insert. Answers the
 * subjects' ids in order (the new ones' included).
 */
export async function replaceSubjects(trx: Db, courseId: string, subjects: readonly SubjectToWrite[]): Promise<string[]> {
  const keptIds = subjects.map((subject) => subject.id).filter((id): id is string => id !== undefined);
  await trx
    .deleteFrom('course_subjects')
    .where('course_id', '=', courseId)
    .$if(keptIds.length > 0, (query) => query.where('id', 'not in', keptIds))
    .execute();
  const ids: string[] = [];
  const kept = subjects.map((subject, index) => ({ subject, position: index + 1 })).filter(({ subject }) => subject.id !== undefined);
  if (kept.length > 0) {
    await sql`
      update course_subjects cs set position = v.position, title = v.title, is_active = v.is_active, banner_image_id = v.banner_image_id
      from unnest(${kept.map(({ subject }) => subject.id)}::uuid[], ${kept.map(({ position }) => position)}::int[], ${kept.map(({ subject }) => subject.title)}::text[],
                  ${kept.map(({ subject }) => subject.isActive)}::boolean[], ${kept.map(({ subject }) => subject.bannerImageId)}::uuid[])
        as v(id, position, title, is_active, banner_image_id)
      where cs.id = v.id and cs.course_id = ${courseId}`.execute(trx);
  }
  const added = subjects.map((subject, index) => ({ subject, position: index + 1 })).filter(({ subject }) => subject.id === undefined);
  const addedIds = new Map<number, string>();
  if (added.length > 0) {
    const rows = await trx
      .insertInto('course_subjects')
      .values(
        added.map(({ subject, position }) => ({
          course_id: courseId,
          position,
          title: subject.title,
          is_active: subject.isActive,
          banner_image_id: subject.bannerImageId,
        })),
      )
      .returning(['id', 'position'])
      .execute();
    for (const row of rows) addedIds.set(row.position, row.id);
  }
  subjects.forEach((subject, index) => ids.push(subject.id ?? addedIds.get(index + 1)!));

  const lectureRows = subjects.flatMap((subject, index) =>
    subject.lectures.map((lecture, at) => ({
      subject_id: ids[index]!,
      lecture_id: lecture.lectureId,
      position: at + 1,
      days: `{${lecture.days.join(',')}}`,
      topic: lecture.topic,
    })),
  );
  // Only what changed is written: rows no longer listed go, the others are inserted or updated when
  // they differ (positions are checked at commit, so rows may pass each other on the way).
  await sql`
    delete from subject_lectures sl using course_subjects cs
    where cs.id = sl.subject_id and cs.course_id = ${courseId}
      and not exists (
        select 1 from unnest(${lectureRows.map((row) => row.subject_id)}::uuid[], ${lectureRows.map((row) => row.lecture_id)}::uuid[]) as v(subject_id, lecture_id)
        where v.subject_id = sl.subject_id and v.lecture_id = sl.lecture_id
      )`.execute(trx);
  if (lectureRows.length > 0) {
    await sql`
      insert into subject_lectures (subject_id, lecture_id, position, days, topic)
      select v.subject_id, v.lecture_id, v.position, v.days::int[], v.topic
      from unnest(${lectureRows.map((row) => row.subject_id)}::uuid[], ${lectureRows.map((row) => row.lecture_id)}::uuid[], ${lectureRows.map((row) => row.position)}::int[],
                  ${lectureRows.map((row) => row.days)}::text[], ${lectureRows.map((row) => row.topic)}::text[])
        as v(subject_id, lecture_id, position, days, topic)
      on conflict (subject_id, lecture_id) do update set position = excluded.position, days = excluded.days, topic = excluded.topic
        where (subject_lectures.position, subject_lectures.days, subject_lectures.topic) is distinct from (excluded.position, excluded.days, excluded.topic)`.execute(
      trx,
    );
  }
  return ids;
}

/** Makes the course's exams (with their days), rank files and extra rate cards exactly these, in order. */
export async function replaceCourseLinks(
  trx: Db,
  courseId: string,
  links: { exams: Array<{ examId: string; days: number[] }>; rankFileIds: string[]; subscriptionIds: string[] },
): Promise<void> {
  await trx.deleteFrom('course_exams').where('course_id', '=', courseId).execute();
  if (links.exams.length > 0) {
    await sql`
      insert into course_exams (course_id, exam_id, position, days)
      select ${courseId}::uuid, v.exam_id, v.position, coalesce((select array_agg(d::int) from jsonb_array_elements_text(v.days) d), '{}')
      from unnest(${links.exams.map((exam) => exam.examId)}::uuid[], ${links.exams.map((_, index) => index + 1)}::int[], ${links.exams.map((exam) => JSON.stringify(exam.days))}::jsonb[])
        as v(exam_id, position, days)`.execute(trx);
  }
  await trx.deleteFrom('course_rank_files').where('course_id', '=', courseId).execute();
  if (links.rankFileIds.length > 0) {
    await trx
      .insertInto('course_rank_files')
      .values(links.rankFileIds.map((rankFileId, index) => ({ course_id: courseId, rank_file_id: rankFileId, position: index + 1 })))
      .execute();
  }
  await trx.deleteFrom('course_subscriptions').where('course_id', '=', courseId).execute();
  if (links.subscriptionIds.length > 0) {
    await trx
      .insertInto('course_subscriptions')
      .values(links.subscriptionIds.map((subscriptionId) => ({ course_id: courseId, subscription_id: subscriptionId })))
      .execute();
  }
}

/** Students holding an active entitlement to the course itself. */
export async function activeCourseEntitlements(db: Db, courseId: string, limit: number) {
  return db
    .selectFrom('entitlements as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['u.name', 'u.email_address', 'u.phone_number', 'g.expires_at'])
    .where('g.resource_type', '=', 'course')
    .where('g.resource_id', '=', courseId)
    .where('g.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', sql<Date>`now()`)]))
    .orderBy('u.name')
    .limit(limit)
    .execute();
}

export async function deleteCourseRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('courses').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Copies a course `count` times in one transaction: each copy hidden, unpublished and at version
 * 1, with the course's subjects, their lectures and days, its exams, rank files, extra rate
 * cards and notes. Answers the copies' ids.
 */
export async function copyCourse(trx: Db, id: string, titles: readonly string[], createdBy: string | null): Promise<string[]> {
  const ids: string[] = [];
  for (const title of titles) {
    const copy = await sql<{ id: string }>`
      insert into courses (title, category, tags, course_rate_card_id, is_visible, is_published, publish_warnings, is_expired_course, is_best_selling,
        description, sort_index, cms_tags, banner_image_id, preview_video_id, day_planner_pdf_id, enable_day_schedule, day_schedule_note,
        previous_questions, syllabus, study_plan_notes, created_by, updated_by)
      select ${title}, category, tags, course_rate_card_id, false, false, publish_warnings, is_expired_course, is_best_selling,
        description, sort_index, cms_tags, banner_image_id, preview_video_id, day_planner_pdf_id, enable_day_schedule, day_schedule_note,
        previous_questions, syllabus, study_plan_notes, ${createdBy}::uuid, ${createdBy}::uuid
      from courses where id = ${id}
      returning id`.execute(trx);
    const copyId = copy.rows[0]!.id;
    await sql`
      with new_subjects as (
        insert into course_subjects (course_id, position, title, is_active, banner_image_id)
        select ${copyId}::uuid, position, title, is_active, banner_image_id from course_subjects where course_id = ${id}
        returning id, position
      )
      insert into subject_lectures (subject_id, lecture_id, position, days, topic)
      select ns.id, sl.lecture_id, sl.position, sl.days, sl.topic
      from subject_lectures sl
      join course_subjects os on os.id = sl.subject_id
      join new_subjects ns on ns.position = os.position
      where os.course_id = ${id}`.execute(trx);
    await sql`insert into course_exams (course_id, exam_id, position, days) select ${copyId}::uuid, exam_id, position, days from course_exams where course_id = ${id}`.execute(
      trx,
    );
    await sql`insert into course_rank_files (course_id, rank_file_id, position) select ${copyId}::uuid, rank_file_id, position from course_rank_files where course_id = ${id}`.execute(
      trx,
    );
    await sql`insert into course_subscriptions (course_id, subscription_id) select ${copyId}::uuid, subscription_id from course_subscriptions where course_id = ${id}`.execute(
      trx,
    );
    ids.push(copyId);
  }
  return ids;
}
