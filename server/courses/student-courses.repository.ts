import { sql } from 'kysely';
import { preparedRows, type Db } from '../db/database.ts';
import type { ReaderGrants } from '../../shared/courses/student-course-watch.rules.ts';
import { activeGrant, courseEntitledSql, courseGivesContentSql, courseHeldSql } from './course-content-access.repository.ts';
import { courseFreeModeSql, freeCardSql, isLakshyaStudentSql, type AccountRef } from '../lakshya-students/free-access.repository.ts';

/** What the student apps read of courses; each query runs on the connection it is given. */

/** A rate card anyone gets for free (the course body cached for everyone uses it; per-student checks use freeCardSql). */
const freeCard = (column: string) =>
  sql<boolean>`exists (select 1 from subscriptions s where s.id = ${sql.ref(column)} and s.is_free and s.free_mode = 'none')`;

/**
 * Course `c` is open to the student: published (an expired one only to those who may open it), or,
 * to those who hold it, visible even while a warning keeps it offline (a lecture in it being
 * unpublished, or its video replaced): buyers keep what they bought.
 */
export function courseOpenSql(userId: AccountRef) {
  return sql<boolean>`((c.is_published and (not c.is_expired_course or ${courseEntitledSql(userId)})) or (c.is_visible and ${courseHeldSql(userId)}))`;
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
  /** The banner is a public image (one any student can open). */
  banner_public: boolean;
  preview_video_id: string | null;
  day_planner_pdf_id: string | null;
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
  coalesce((select b.access_mode = 'public' and b.kind = 'image' from assets b where b.id = c.banner_image_id), false) as banner_public,
  c.preview_video_id, c.day_planner_pdf_id, c.enable_day_schedule, c.day_schedule_note, c.study_plan_notes, c.previous_questions, c.syllabus,
  s.id as rate_card_id, s.title as rate_card_title, s.subscription_term, s.gross_amount, s.gst_rate, s.gst_amount, s.net_amount,
  s.compare_at_price`;

/** The courses open to the student (published ones still sold, expired ones and offline ones they hold), in the catalogue's order. */
export async function catalogueRows(db: Db, userId: string): Promise<StudentCourseRow[]> {
  const rows = await sql<StudentCourseRow>`
    select ${courseColumns}, ${courseFreeModeSql(userId)} as free_mode, ${courseEntitledSql(userId)} as entitled
    from courses c left join subscriptions s on s.id = c.course_rate_card_id
    where ${courseOpenSql(userId)}
    order by c.sort_index, c.created_at desc, c.id`.execute(db);
  return rows.rows;
}

/** A course students may see (published, or visible to those who hold it): its own columns and its rate card, whoever asks. */
export type CourseBaseRow = Omit<StudentCourseRow, 'entitled' | 'free_mode'> & {
  is_published: boolean;
  is_visible: boolean;
  cards: Array<{ id: string; freeMode: 'none' | 'lakshya-students' | null }>;
};

export async function courseBaseRow(db: Db, courseId: string): Promise<CourseBaseRow | undefined> {
  const rows = await sql<CourseBaseRow>`
    select ${courseColumns}, c.is_published, c.is_visible,
      coalesce((select json_agg(json_build_object('id', k.id, 'freeMode', case when k.is_free then k.free_mode end))
        from subscriptions k where k.id = c.course_rate_card_id or k.id in (select x.subscription_id from course_subscriptions x where x.course_id = c.id)), '[]'::json) as cards
    from courses c left join subscriptions s on s.id = c.course_rate_card_id
    where c.id = ${courseId} and (c.is_published or c.is_visible)`.execute(db);
  return rows.rows[0];
}

/**
 * The active subjects of a course with their lectures, in order: whether each is available
 * (published), what decides who may watch it, and the images it is shown with (a public banner
 * image, else its video's poster).
 */
export async function subjectLectureRows(db: Db, courseId: string) {
  const subjects = await db
    .selectFrom('course_subjects')
    .select(['id', 'title'])
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
    banner_id: string | null;
    poster_video_id: string | null;
    master_subscription_id: string | null;
    is_free: boolean;
    available: boolean;
  }>`
    select sl.subject_id, sl.lecture_id, sl.days, sl.topic, l.title, l.video_duration_in_minutes, l.master_subscription_id,
      (l.master_subscription_id is null or ${freeCard('l.master_subscription_id')}) as is_free, l.is_published as available,
      b.id as banner_id, v.id as poster_video_id
    from subject_lectures sl
    join course_subjects cs on cs.id = sl.subject_id
    join lectures l on l.id = sl.lecture_id
    left join assets b on b.id = l.banner_image_id and b.access_mode = 'public' and b.kind = 'image'
    left join assets v on v.id = l.video_resource_id and v.poster_key is not null
    where cs.course_id = ${courseId} and cs.is_active
    order by cs.position, sl.position`.execute(db);
  return { subjects, lectures: lectures.rows };
}

/**
 * Other courses a holder may open (published, or visible) that have lectures of this course in an
 * active subject: their rate cards and those lectures; and the cards of all of them and of the
 * course's lectures, with whether each is free (and to whom).
 */
export async function watchFactRows(db: Db, courseId: string, cardIds: readonly string[]) {
  const courses = await sql<{ id: string; is_published: boolean; card_ids: Array<string | null>; lecture_ids: string[] }>`
    select c.id, c.is_published,
      array[c.course_rate_card_id] || array(select x.subscription_id from course_subscriptions x where x.course_id = c.id) as card_ids,
      array_agg(distinct sl2.lecture_id) as lecture_ids
    from subject_lectures sl
    join course_subjects cs on cs.id = sl.subject_id and cs.is_active and cs.course_id = ${courseId}
    join subject_lectures sl2 on sl2.lecture_id = sl.lecture_id
    join course_subjects cs2 on cs2.id = sl2.subject_id and cs2.is_active and cs2.course_id <> ${courseId}
    join courses c on c.id = cs2.course_id and (c.is_published or c.is_visible)
    group by c.id`.execute(db);
  const allCards = [...new Set([...cardIds, ...courses.rows.flatMap((course) => course.card_ids.filter((id): id is string => id !== null))])];
  const cards =
    allCards.length === 0
      ? []
      : await db
          .selectFrom('subscriptions')
          .select(['id', 'is_free', 'free_mode'])
          .where(sql<boolean>`id = any(${allCards}::uuid[])`)
          .execute();
  return { courses: courses.rows, cards };
}

/**
 * What every read of a course needs to know of the student: their active grants of courses and rate
 * cards, whether they are a current special student, and a fingerprint of their lecture grants only
 * (a student may hold hundreds one by one: answers are kept by fingerprint, and the lectures
 * themselves are read by readerLectures only when no answer is kept for it). Two index lookups in one
 * statement; the rules are applied to the cached course by courseAccessFor and lecturesHeldBy.
 */
export interface ReaderSummary extends Omit<ReaderGrants, 'lectureIds'> {
  /** Null when they hold no lecture by a grant of its own. */
  lecturesFingerprint: string | null;
}

/** A lecture grant: a lecture named by its id (a card's grant may carry a resource type without one). */
const lectureGrant = sql<boolean>`(g.resource_type = 'lecture' and g.resource_id is not null)`;

/**
 * The fingerprint of the student's lecture grants (over rows `g`): their number and the sum of a 64-bit
 * hash of each id, the same whatever order the rows come in, so both statements below agree on a
 * set. Two different sets agree by chance about once in 2^64, and making them agree on purpose
 * gains nothing: an answer only shows lectures as watchable or not, and playback checks the grants
 * themselves. As text: the exact sum is wider than a JavaScript number.
 */
const lecturesFingerprintSql = sql<
  string | null
>`(count(*) filter (where ${lectureGrant}) || ':' || sum(uuid_hash_extended(g.resource_id, 0)) filter (where ${lectureGrant}))`;

export async function readerSummary(db: Db, userId: string): Promise<ReaderSummary> {
  const query = sql<{ special: boolean; grants: { f: string | null; c: string[] | null; s: string[] | null } }>`
    select ${isLakshyaStudentSql(userId)} as special,
      (select json_build_object(
          'f', ${lecturesFingerprintSql},
          'c', json_agg(g.resource_id) filter (where g.resource_type = 'course' and g.resource_id is not null),
          's', json_agg(g.subscription_id) filter (where g.subscription_id is not null))
        from entitlements g where ${activeGrant(userId)}) as grants`;
  const { special, grants } = (await preparedRows(db, 'student-course-reader', query))[0]!;
  return { isLakshyaStudent: special, lecturesFingerprint: grants.f, courseIds: grants.c ?? [], cardIds: grants.s ?? [] };
}

/** The lectures the student holds by a grant of their own, and their fingerprint (as readerSummary gives it). */
export async function readerLectures(db: Db, userId: string): Promise<{ lectureIds: string[]; fingerprint: string | null }> {
  const query = sql<{ ids: string[] | null; fingerprint: string | null }>`
    select array_agg(g.resource_id) filter (where ${lectureGrant}) as ids, ${lecturesFingerprintSql} as fingerprint
    from entitlements g where ${activeGrant(userId)}`;
  const row = (await preparedRows(db, 'student-course-reader-lectures', query))[0]!;
  return { lectureIds: row.ids ?? [], fingerprint: row.fingerprint };
}

/**
 * The student may watch lecture `l`: it is free, or they hold the lecture or its rate card, or a
 * course that gives them its content has it in an active subject (courseGivesContentSql).
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
      join courses c on c.id = cs2.course_id and (c.is_published or c.is_visible)
      where sl2.lecture_id = l.id and ${courseGivesContentSql(userId)}
    ))`;
}

/** The course's published exams with their days, and its published rank files. */
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
    .where('r.is_published', '=', true)
    .orderBy('cr.position')
    .execute();
  return { exams, rankFiles };
}

/** A lecture with its video and notes, whether it is available (published), and whether the student may watch it. */
export async function lectureForStudent(db: Db, userId: string, lectureId: string) {
  const rows = await sql<{
    id: string;
    title: string;
    is_published: boolean;
    youtube_link: string | null;
    enable_youtube_player: boolean;
    video_resource_id: string | null;
    video_duration_in_minutes: number | null;
    notes: Array<{ resId: string; pdfFileId: string; fileName: string; fileSizeInBytes: number }>;
    can_watch: boolean;
  }>`
    select l.id, l.title, l.is_published, l.youtube_link, l.enable_youtube_player, l.video_resource_id, l.video_duration_in_minutes, l.notes,
      ${lectureEntitledSql(userId)} as can_watch
    from lectures l where l.id = ${lectureId}`.execute(db);
  return rows.rows[0];
}

/**
 * Whether the student may watch a lecture showing this video: a published lecture whose video it is
 * and that lectureEntitledSql lets them watch (what lecturePlayback requires before it signs the playlist).
 */
export async function mayWatchVideo(db: Db, userId: string, assetId: string): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`
    select 1 as found from lectures l
    where l.video_resource_id = ${assetId} and l.is_published and ${lectureEntitledSql(userId)}
    limit 1`.execute(db);
  return rows.length > 0;
}

/** The course's preview video, when the course is open to the student (courseOpenSql, the catalogue's rule). */
export async function previewVideoOf(db: Db, courseId: string, userId: string) {
  const rows = await sql<{ storage_key: string; content_type: string; sha256: string }>`
    select v.storage_key, v.content_type, v.sha256 from courses c join assets v on v.id = c.preview_video_id and v.kind = 'video'
    where c.id = ${courseId} and ${courseOpenSql(userId)}`.execute(db);
  return rows.rows[0];
}

/** The poster of the lecture's video, if it has one. */
export async function lecturePosterOf(db: Db, lectureId: string) {
  const rows = await sql<{ poster_key: string; sha256: string }>`
    select v.poster_key, v.sha256 from lectures l join assets v on v.id = l.video_resource_id
    where l.id = ${lectureId} and v.kind = 'video' and v.poster_key is not null`.execute(db);
  return rows.rows[0];
}
