import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { courseFreeModeSql, courseFreeSql, freeCardSql, type AccountRef } from '../students/free-access.ts';

/** What the student apps read of courses; each query runs on the connection it is given. */

/** An active grant of the student: started, not expired, not revoked. */
const activeGrant = (userId: AccountRef) => sql<boolean>`(g.user_id = ${userId} and g.revoked_at is null and g.starts_at <= now() and (g.expires_at is null or g.expires_at > now()))`;

/** A rate card anyone gets for free (the course body cached for everyone uses it; per-student checks use freeCardSql). */
const freeCard = (column: string) => sql<boolean>`exists (select 1 from subscriptions s where s.id = ${sql.ref(column)} and s.is_free and s.free_mode = 'none')`;

/**
 * The student may open course `c`: it has no rate card, any rate card it is sold under (the default
 * or an extra one) is free to them, or they hold the course, its rate card or one of its extra cards.
 */
export function courseEntitledSql(userId: AccountRef) {
  return sql<boolean>`(
    c.course_rate_card_id is null
    or ${courseFreeSql(userId)}
    or exists (
      select 1 from entitlements g
      where ${activeGrant(userId)}
        and ((g.resource_type = 'course' and g.resource_id = c.id)
          or g.subscription_id = c.course_rate_card_id
          or g.subscription_id in (select cs.subscription_id from course_subscriptions cs where cs.course_id = c.id))
    ))`;
}

export interface StudentCourseRow {
  id: string;
  title: string;
  description: string;
  category: string | null;
  tags: string[];
  sort_index: number;
  is_best_selling: boolean;
  is_expired_course: boolean;
  banner_image_id: string | null;
  preview_video_id: string | null;
  enable_day_schedule: boolean;
  day_schedule_note: string;
  study_plan_notes: Array<{ id: string; afterDayIndex: number; title: string; content: string; visible: boolean; createdAt?: string; updatedAt?: string }>;
  previous_questions: Array<{ resId: string; pdfFileId: string; fileName: string; fileSizeInBytes: number; isActive: boolean; year: number }>;
  syllabus: Array<{ resId: string; pdfFileId: string; fileName: string; fileSizeInBytes: number; isActive: boolean; year: number }>;
  rate_card_id: string | null;
  rate_card_title: string | null;
  subscription_term: string | null;
  gross_amount: number | null;
  gst_rate: number | null;
  gst_amount: number | null;
  net_amount: number | null;
  compare_at_price: number | null;
  /** Why the course is free to this student ('none': free for everyone), or null when it is not. */
  free_mode: 'none' | 'lakshya-students' | null;
  entitled: boolean;
}

const courseColumns = sql`
  c.id, c.title, c.description, c.category, c.tags, c.sort_index, c.is_best_selling, c.is_expired_course, c.banner_image_id,
  c.preview_video_id, c.enable_day_schedule, c.day_schedule_note, c.study_plan_notes, c.previous_questions, c.syllabus,
  s.id as rate_card_id, s.title as rate_card_title, s.subscription_term, s.gross_amount, s.gst_rate, s.gst_amount, s.net_amount,
  s.compare_at_price`;

/** Published courses, the ones still sold and the expired ones the student holds, in the catalogue's order. */
export async function catalogueRows(db: Db, userId: string): Promise<StudentCourseRow[]> {
  const rows = await sql<StudentCourseRow>`
    select ${courseColumns}, ${courseFreeModeSql(userId)} as free_mode, ${courseEntitledSql(userId)} as entitled
    from courses c left join subscriptions s on s.id = c.course_rate_card_id
    where c.is_published and (not c.is_expired_course or ${courseEntitledSql(userId)})
    order by c.sort_index, c.created_at desc, c.id`.execute(db);
  return rows.rows;
}

/** A published course's own columns and its rate card, whoever asks. */
export async function publishedCourseBaseRow(db: Db, courseId: string): Promise<Omit<StudentCourseRow, 'entitled' | 'free_mode'> | undefined> {
  const rows = await sql<Omit<StudentCourseRow, 'entitled' | 'free_mode'>>`
    select ${courseColumns}
    from courses c left join subscriptions s on s.id = c.course_rate_card_id
    where c.id = ${courseId} and c.is_published`.execute(db);
  return rows.rows[0];
}

/** The active subjects of a course with their published lectures, in order, with what decides who may watch each. */
export async function subjectLectureRows(db: Db, courseId: string) {
  const subjects = await db
    .selectFrom('course_subjects')
    .select(['id', 'title', 'banner_image_id'])
    .where('course_id', '=', courseId)
    .where('is_active', '=', true)
    .orderBy('position')
    .execute();
  const lectures = await sql<{
    subject_id: string;
    lecture_id: string;
    days: number[];
    topic: string;
    title: string;
    video_duration_in_minutes: number | null;
    banner_image_id: string | null;
    master_subscription_id: string | null;
    is_free: boolean;
  }>`
    select sl.subject_id, sl.lecture_id, sl.days, sl.topic, l.title, l.video_duration_in_minutes, l.banner_image_id, l.master_subscription_id,
      (l.master_subscription_id is null or ${freeCard('l.master_subscription_id')}) as is_free
    from subject_lectures sl
    join course_subjects cs on cs.id = sl.subject_id
    join lectures l on l.id = sl.lecture_id
    where cs.course_id = ${courseId} and cs.is_active and l.is_published
    order by cs.position, sl.position`.execute(db);
  return { subjects, lectures: lectures.rows };
}

/**
 * Whether the course is open to the student's app (published; expired ones only to holders),
 * whether they hold it, and why it is free to them (null when it is not).
 */
export async function courseAccess(db: Db, userId: string, courseId: string): Promise<Pick<StudentCourseRow, 'entitled' | 'free_mode'> | undefined> {
  const rows = await sql<Pick<StudentCourseRow, 'entitled' | 'free_mode'>>`
    select ${courseEntitledSql(userId)} as entitled, ${courseFreeModeSql(userId)} as free_mode
    from courses c
    where c.id = ${courseId} and c.is_published and (not c.is_expired_course or ${courseEntitledSql(userId)})`.execute(db);
  return rows.rows[0];
}

/**
 * Of the given lectures, those a student who does not hold the course may still watch: held
 * directly, through their rate card, or through another published course they hold.
 */
export async function lecturesHeldOtherwise(db: Db, userId: string, courseId: string, lectureIds: readonly string[]): Promise<Set<string>> {
  if (lectureIds.length === 0) return new Set();
  const rows = await sql<{ id: string }>`
    select l.id from lectures l
    where l.id = any(${[...lectureIds]}::uuid[]) and (
      ${freeCardSql('l.master_subscription_id', userId)}
      or exists (
        select 1 from entitlements g
        where ${activeGrant(userId)} and ((g.resource_type = 'lecture' and g.resource_id = l.id) or g.subscription_id = l.master_subscription_id)
      )
      or exists (
        select 1 from subject_lectures sl2
        join course_subjects cs2 on cs2.id = sl2.subject_id and cs2.is_active
        join courses c on c.id = cs2.course_id and c.is_published and c.id <> ${courseId}
        where sl2.lecture_id = l.id and ${courseEntitledSql(userId)}
      ))`.execute(db);
  return new Set(rows.rows.map((row) => row.id));
}

/**
 * The student may watch lecture `l`: it is free, or they hold the lecture or its rate card, or a
 * published course they may open has it in an active subject.
 */
export function lectureEntitledSql(userId: string) {
  return sql<boolean>`(
    l.master_subscription_id is null
    or ${freeCardSql('l.master_subscription_id', userId)}
    or exists (
      select 1 from entitlements g
      where ${activeGrant(userId)} and ((g.resource_type = 'lecture' and g.resource_id = l.id) or g.subscription_id = l.master_subscription_id)
    )
    or exists (
      select 1 from subject_lectures sl2
      join course_subjects cs2 on cs2.id = sl2.subject_id and cs2.is_active
      join courses c on c.id = cs2.course_id and c.is_published
      where sl2.lecture_id = l.id and ${courseEntitledSql(userId)}
    ))`;
}

/** The course's published exams with their days, and its rank files. */
export async function studentCourseExams(db: Db, courseId: string) {
  const exams = await db
    .selectFrom('course_exams as ce')
    .innerJoin('exams as e', 'e.id', 'ce.exam_id')
    .select(['ce.exam_id', 'ce.days', 'e.title', 'e.exam_duration_in_minutes', 'e.total_questions', 'e.total_marks', 'e.publish_at'])
    .where('ce.course_id', '=', courseId)
    .where('e.is_published', '=', true)
    .orderBy('ce.position')
    .execute();
  const rankFiles = await db
    .selectFrom('course_rank_files as cr')
    .innerJoin('rank_files as r', 'r.id', 'cr.rank_file_id')
    .select(['r.id', 'r.title'])
    .where('cr.course_id', '=', courseId)
    .orderBy('cr.position')
    .execute();
  return { exams, rankFiles };
}

/** A published lecture with its video and notes, and whether the student may watch it. */
export async function lectureForStudent(db: Db, userId: string, lectureId: string) {
  const rows = await sql<{
    id: string;
    title: string;
    youtube_link: string | null;
    enable_youtube_player: boolean;
    video_resource_id: string | null;
    video_duration_in_minutes: number | null;
    notes: Array<{ resId: string; pdfFileId: string; fileName: string; fileSizeInBytes: number }>;
    can_watch: boolean;
  }>`
    select l.id, l.title, l.youtube_link, l.enable_youtube_player, l.video_resource_id, l.video_duration_in_minutes, l.notes,
      ${lectureEntitledSql(userId)} as can_watch
    from lectures l where l.id = ${lectureId} and l.is_published`.execute(db);
  return rows.rows[0];
}
