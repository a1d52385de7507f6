import { buildDaySchedule } from '../../shared/courses/schedule.rules.ts';
import { STUDENT_COURSE_MESSAGES, studentCourseSchema, type LecturePlayback, type StudentCourse, type StudentCourseSummary } from '../../shared/courses/student-courses.schema.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { assetUrls, publicUrls, signAsset, signatureQuery, type SignatureScope } from '../assets/asset-urls.ts';
import { requireActor } from '../auth/access.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { JsonText } from '../http/json-text.ts';
import { assetsById } from '../lectures/lectures.repository.ts';
import { cachedCourse, type CachedCourse } from './student-course-cache.ts';
import * as repo from './student-courses.repository.ts';

/** A playback address lasts the lecture's length and ten minutes more; the app asks again after that. */
export const PLAYBACK_GRACE_MINUTES = 10;

function priceOf(row: repo.StudentCourseRow): StudentCourseSummary['price'] {
  if (!row.rate_card_id) return null;
  return {
    rateCardId: row.rate_card_id,
    title: row.rate_card_title ?? '',
    term: row.subscription_term ?? 'not-selected',
    grossAmount: Number(row.gross_amount ?? 0),
    gstRate: Number(row.gst_rate ?? 0),
    gstAmount: Number(row.gst_amount ?? 0),
    netAmount: Number(row.net_amount ?? 0),
    compareAtPrice: row.compare_at_price === null ? null : Number(row.compare_at_price),
    isFree: row.free_mode !== null,
    freeMode: row.free_mode,
  };
}

function summaryOf(row: repo.StudentCourseRow): StudentCourseSummary {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: row.tags,
    isBestSelling: row.is_best_selling,
    isExpiredCourse: row.is_expired_course,
    bannerImageUrl: row.banner_image_id ? assetUrls.file(row.banner_image_id) : null,
    price: priceOf(row),
    entitled: row.entitled,
  };
}

/** GET /api/student/courses: the published catalogue with prices from the rate cards. */
export async function listStudentCourses(ctx: RequestContext): Promise<StudentCourseSummary[]> {
  const actor = await requireActor(ctx);
  return (await repo.catalogueRows(ctx.db, actor.id)).map(summaryOf);
}

type CourseBody = Omit<StudentCourse, 'entitled'>;

/** The course as everyone sees it; `canWatch` is filled in per student. */
async function buildCourse(ctx: RequestContext, courseId: string): Promise<CachedCourse<CourseBody> | undefined> {
  const row = await repo.publishedCourseBaseRow(ctx.db, courseId);
  if (!row) return undefined;
  const [{ subjects, lectures }, { exams, rankFiles }] = await Promise.all([repo.subjectLectureRows(ctx.db, row.id), repo.studentCourseExams(ctx.db, row.id)]);
  const banners = await assetsById(ctx.db, lectures.map((lecture) => lecture.banner_image_id));
  const lectureView = (lecture: (typeof lectures)[number]) => {
    const banner = lecture.banner_image_id ? banners.get(lecture.banner_image_id) : undefined;
    return {
      _id: lecture.lecture_id,
      title: lecture.title,
      videoDurationInMinutes: lecture.video_duration_in_minutes,
      thumbnailUrl: banner ? publicUrls(banner).url : null,
      canWatch: false,
    };
  };
  const subjectViews = subjects.map((subject) => {
    const own = lectures.filter((lecture) => lecture.subject_id === subject.id);
    return {
      view: { _id: subject.id, title: subject.title, lectures: own.map(lectureView) },
      schedule: {
        title: subject.title,
        lectures: own.map((lecture) => ({ _id: lecture.lecture_id })),
        lectureDaySchedulePlan: Object.fromEntries(own.map((lecture) => [lecture.lecture_id, lecture.days])),
        lectureTopicMetadata: Object.fromEntries(own.map((lecture) => [lecture.lecture_id, lecture.topic])),
      },
    };
  });
  const daySchedule = row.enable_day_schedule
    ? buildDaySchedule(
        subjectViews.map((subject) => subject.schedule),
        exams.map((exam) => ({ dayTags: exam.days, exam: exam.exam_id, details: { _id: exam.exam_id, title: exam.title } })),
      )
    : [];
  // Whether it is free depends on who asks: filled in per student by forStudent.
  const { entitled: _entitled, ...summary } = summaryOf({ ...row, entitled: false, free_mode: null });
  return {
    body: {
      ...summary,
      previewVideoUrl: row.preview_video_id ? assetUrls.file(row.preview_video_id) : null,
      dayScheduleNote: row.day_schedule_note,
      subjects: subjectViews.map((subject) => subject.view),
      daySchedule,
      studyPlanNotes: row.study_plan_notes
        .filter((note) => note.visible)
        .map((note) => ({ id: note.id, afterDayIndex: note.afterDayIndex, title: note.title, content: note.content })),
      exams: exams.map((exam) => ({ _id: exam.exam_id, title: exam.title, dayTags: exam.days, examDurationInMinutes: exam.exam_duration_in_minutes, totalQuestions: exam.total_questions })),
      rankFiles: rankFiles.map((rankFile) => ({ _id: rankFile.id, title: rankFile.title })),
      previousQuestions: row.previous_questions.filter((file) => file.isActive).map((file) => ({ resId: file.resId, fileName: file.fileName, year: file.year })),
      syllabus: row.syllabus.filter((file) => file.isActive).map((file) => ({ resId: file.resId, fileName: file.fileName })),
    },
    freeLectureIds: new Set(lectures.filter((lecture) => lecture.is_free).map((lecture) => lecture.lecture_id)),
    lectureIds: [...new Set(lectures.map((lecture) => lecture.lecture_id))],
    json: new Map(),
  };
}

type FreeMode = repo.StudentCourseRow['free_mode'];

/** The course as one student sees it: whether they hold it, whether it is free to them, and which lectures they may watch. */
function forStudent(body: CourseBody, entitled: boolean, freeMode: FreeMode, mayWatch: (lectureId: string) => boolean): StudentCourse {
  const withWatch = <L extends { _id: string; canWatch: boolean }>(lecture: L): L => ({ ...lecture, canWatch: entitled || mayWatch(lecture._id) });
  return {
    ...body,
    price: body.price && { ...body.price, isFree: freeMode !== null, freeMode },
    entitled,
    subjects: body.subjects.map((subject) => ({ ...subject, lectures: subject.lectures.map(withWatch) })),
  };
}

/**
 * GET /api/student/courses/{id}: a published course with its subjects, lectures, day schedule,
 * visible notes, exams and rank files. Anyone signed in may read what is in it; what opens
 * (playback, notes, exams) follows the entitlements. Answers JSON text: for a student who holds the
 * course, or who holds nothing in it beyond its free lectures, the same text serves everyone.
 */
export async function getStudentCourse(ctx: RequestContext, { courseId }: { courseId: string }): Promise<JsonText> {
  const actor = await requireActor(ctx);
  const access = UUID_PATTERN.test(courseId) ? await repo.courseAccess(ctx.db, actor.id, courseId) : undefined;
  if (!access) throw new AppError('not-found', STUDENT_COURSE_MESSAGES.courseNotFound);
  const course = await cachedCourse(courseId, () => buildCourse(ctx, courseId));
  if (!course) throw new AppError('not-found', STUDENT_COURSE_MESSAGES.courseNotFound);
  const freeMode = access.free_mode;
  // One text per kind of reader: holders and the rest, by why (if at all) the course is free to them.
  const cachedJson = (kind: 'holder' | 'free-only', make: () => StudentCourse) => {
    const key = `${kind}:${freeMode ?? 'paid'}`;
    let json = course.json.get(key);
    if (json === undefined) {
      json = new JsonText(JSON.stringify(studentCourseSchema.parse(make())));
      course.json.set(key, json);
    }
    return json;
  };
  if (access.entitled) return cachedJson('holder', () => forStudent(course.body, true, freeMode, () => true));
  const paidIds = course.lectureIds.filter((lectureId) => !course.freeLectureIds.has(lectureId));
  const heldOtherwise = await repo.lecturesHeldOtherwise(ctx.db, actor.id, courseId, paidIds);
  const mayWatch = (lectureId: string) => course.freeLectureIds.has(lectureId) || heldOtherwise.has(lectureId);
  if (heldOtherwise.size === 0) return cachedJson('free-only', () => forStudent(course.body, false, freeMode, mayWatch));
  return new JsonText(JSON.stringify(studentCourseSchema.parse(forStudent(course.body, false, freeMode, mayWatch))));
}

/**
 * POST /api/student/lectures/{id}/playback: where the student's app plays the lecture and reads its
 * notes. Every address is signed for this student (their session must come with it) and expires
 * once the lecture's length and a grace have passed. Refused to a student who may not watch it.
 */
export async function lecturePlayback(ctx: RequestContext, { lectureId }: { lectureId: string }): Promise<LecturePlayback> {
  const actor = await requireActor(ctx);
  const lecture = UUID_PATTERN.test(lectureId) ? await repo.lectureForStudent(ctx.db, actor.id, lectureId) : undefined;
  if (!lecture) throw new AppError('not-found', STUDENT_COURSE_MESSAGES.lectureNotFound);
  if (!lecture.can_watch) throw new AppError('forbidden', STUDENT_COURSE_MESSAGES.notEntitled);
  const expiresAt = new Date(Date.now() + ((lecture.video_duration_in_minutes ?? 0) + PLAYBACK_GRACE_MINUTES) * 60_000);
  // The video's link opens its playlists and segments, a note's its PDF and page images: never the uploaded video.
  const signed = (assetId: string, url: string, scope: SignatureScope) =>
    `${url}?${signatureQuery(signAsset(ctx.config.SESSION_SECRET, assetId, expiresAt, { scope, student: actor.id }))}`;
  const assets = await assetsById(ctx.db, [lecture.video_resource_id, ...lecture.notes.map((note) => note.pdfFileId)]);
  const video = lecture.video_resource_id ? assets.get(lecture.video_resource_id) : undefined;
  const playlist = video ? publicUrls(video).playlistUrl : null;
  return {
    lectureId: lecture.id,
    title: lecture.title,
    hlsUrl: video && playlist ? signed(video.id, playlist, 'hls') : null,
    youtubeId: lecture.youtube_link,
    expiresAt: expiresAt.toISOString(),
    notes: lecture.notes.map((note) => {
      const pdf = assets.get(note.pdfFileId);
      return {
        resId: note.resId,
        fileName: note.fileName,
        pageUrls: pdf ? publicUrls(pdf).pageUrls.map((url) => signed(pdf.id, url, 'pdf')) : [],
        pdfUrl: signed(note.pdfFileId, assetUrls.file(note.pdfFileId), 'pdf'),
      };
    }),
  };
}
