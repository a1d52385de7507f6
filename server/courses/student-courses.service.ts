import { createHash } from 'node:crypto';
import { pageOfList, type StudentPageQuery } from '../../shared/validation/paging.ts';
import { courseAccessFor, lecturesHeldBy } from '../../shared/courses/student-course-watch.rules.ts';
import {
  scheduleDaysPageSchema,
  STUDENT_COURSE_MESSAGES,
  STUDENT_COURSE_PAGING,
  studentCourseSchema,
  subjectLecturesPageSchema,
  type CourseDocuments,
  type LecturePlayback,
  type LecturePlaybackRequest,
  type ScheduleDaysPage,
  type StudentCourse,
  type StudentLecture,
  type StudentScheduleDay,
  type SubjectLecturesPage,
} from '../../shared/courses/student-courses.schema.ts';
import type { z } from 'zod';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { assetUrls, publicUrls, signAsset, signatureQuery, type SignatureScope } from '../access/asset-urls.ts';
import { requireActor } from '../access/access.ts';
import type { RequestContext } from '../context.ts';
import { cachedCourse, MAX_READERS_PER_COURSE, MAX_TEXTS_PER_COURSE } from '../course-state/student-course-cache.ts';
import { AppError } from '../errors.ts';
import { JsonText } from '../http/json-text.ts';
import { assetsById } from '../lectures/lectures.repository.ts';
import { buildCourse, summaryOf, type BuiltCourse } from './student-course-build.ts';
import * as repo from './student-courses.repository.ts';
import { answeredChoice, type LadderChoice } from '../../shared/media/master-playlist.rules.ts';

/** A playback address lasts the lecture's length and ten minutes more; the app asks again after that. */
export const PLAYBACK_GRACE_MINUTES = 10;

/** GET /api/student/courses: the published catalogue with prices from the rate cards. */
export async function listStudentCourses(ctx: RequestContext, query: StudentPageQuery) {
  const actor = await requireActor(ctx);
  return pageOfList((await repo.catalogueRows(ctx.db, actor.id)).map(summaryOf), query);
}

type FreeMode = repo.StudentCourseRow['free_mode'];

/** What a student holds of a course: the key their answers are kept under, and whether they may watch a lecture of it. */
interface Holdings {
  /**
   * 'holder', 'free-only', or (for a student who holds some of its lectures beyond the free ones) a
   * digest of those lectures; and why the course is free to them. Readers with the same key get the same answers.
   */
  textKey: string;
  mayWatch: (lectureId: string) => boolean;
  /** The grants this was worked out from are still those the read's first statement saw (answers may be found by its fingerprint). */
  current: boolean;
}

/** One student reading one course: the course's shared parts, and what is theirs. */
interface CourseRead {
  course: BuiltCourse;
  entitled: boolean;
  freeMode: FreeMode;
  /** The student's grants as far as they decide the answers (lecture grants by their fingerprint): students with the same find the same answers. */
  grantsKey: string;
  /** What they hold of the course, worked out (reading their lecture grants if they have any) when no answer is kept for their grants. */
  holdings: () => Promise<Holdings>;
}

/**
 * The course, if open to the student, and what they may watch in it: the course itself from the
 * cache, and one short query for the student (their grants of courses and cards, a fingerprint of
 * their lecture grants, whether they are a special student); their lecture grants themselves only
 * when no answer is kept for that fingerprint.
 */
export async function readCourse(ctx: RequestContext, courseId: string): Promise<CourseRead> {
  const actor = await requireActor(ctx);
  if (!UUID_PATTERN.test(courseId)) throw new AppError('not-found', STUDENT_COURSE_MESSAGES.courseNotFound);
  const db = ctx.db;
  const [course, reader] = await Promise.all([cachedCourse(courseId, () => buildCourse(db, courseId)), repo.readerSummary(db, actor.id)]);
  const access = course && courseAccessFor(course.access, reader);
  if (!course || !access?.open) throw new AppError('not-found', STUDENT_COURSE_MESSAGES.courseNotFound);
  const { freeMode } = access;
  const paid = freeMode ?? 'paid';
  if (access.entitled) {
    const holder: Holdings = { textKey: `holder:${paid}`, mayWatch: () => true, current: true };
    return { course, entitled: true, freeMode, grantsKey: holder.textKey, holdings: async () => holder };
  }
  const grantsKey = `grants:${reader.lecturesFingerprint ?? ''}:${[...reader.cardIds].sort().join(',')}:${[...reader.courseIds].sort().join(',')}:${reader.isLakshyaStudent}:${paid}`;
  const holdings = async (): Promise<Holdings> => {
    const { lectureIds, fingerprint } = reader.lecturesFingerprint === null ? { lectureIds: [], fingerprint: null } : await repo.readerLectures(db, actor.id);
    // A lecture grant given or ending between the two statements: this read uses the newer, but keeps nothing under the older fingerprint.
    const current = fingerprint === reader.lecturesFingerprint;
    const held = lecturesHeldBy(course.watch, { ...reader, lectureIds });
    const free = course.watch.freeLectureIds;
    // What this student holds of the course beyond its free lectures: students holding the same share their answers.
    const own: string[] = [];
    for (const id of held) if (course.lectures.has(id) && !free.has(id)) own.push(id);
    own.sort();
    const kind = own.length === 0 ? 'free-only' : `holds-${createHash('sha256').update(own.join(',')).digest('base64url').slice(0, 22)}`;
    return { textKey: `${kind}:${paid}`, mayWatch: (lectureId) => free.has(lectureId) || held.has(lectureId), current };
  };
  return { course, entitled: false, freeMode, grantsKey, holdings };
}

/**
 * The answer as JSON text, checked against its schema: found by the student's grants, else kept with
 * the course for readers of the same kind (up to a bound), else made for this read.
 */
async function answerText<T>(read: CourseRead, what: string, schema: z.ZodType<T>, make: (holdings: Holdings) => T): Promise<JsonText> {
  const { json, byGrants } = read.course;
  const byGrantsKey = `${read.grantsKey}:${what}`;
  const found = byGrants.get(byGrantsKey);
  if (found) return found;
  const holdings = await read.holdings();
  const key = `${holdings.textKey}:${what}`;
  let text = json.get(key);
  if (!text) {
    text = new JsonText(JSON.stringify(schema.parse(make(holdings))));
    if (json.size < MAX_TEXTS_PER_COURSE) json.set(key, text);
  }
  if (holdings.current && json.get(key) === text && byGrants.size < MAX_READERS_PER_COURSE) byGrants.set(byGrantsKey, text);
  return text;
}

function lectureFor(holdings: Holdings, course: BuiltCourse, lectureId: string): StudentLecture {
  return { ...course.lectures.get(lectureId)!, canWatch: holdings.mayWatch(lectureId) };
}

function subjectPage(holdings: Holdings, course: BuiltCourse, subject: BuiltCourse['subjects'][number], query: StudentPageQuery): SubjectLecturesPage {
  const { items, ...page } = pageOfList(subject.lectureIds, query);
  return { ...page, items: items.map((id) => lectureFor(holdings, course, id)) };
}

function dayFor(holdings: Holdings, course: BuiltCourse, day: BuiltCourse['days'][number]): StudentScheduleDay {
  return {
    ...day,
    lectures: day.lectures.map((group) => ({
      groupTitle: group.groupTitle,
      lecture: group.lecture.map((entry) => ({ ...lectureFor(holdings, course, entry._id), topic: entry.topic })),
    })),
  };
}

/**
 * GET /api/student/courses/{id}: a course open to the student (published; to those who hold it, also
 * while a warning keeps it offline): its summary (subjects with their lecture counts, the days of the
 * schedule, visible notes, exams, published rank files, PDFs by name) and what the app shows first
 * (the first subject's first page of lectures and the first days), each lecture saying `canWatch`
 * and `available`. The rest comes a page of a subject or a few days at a time.
 */
export async function getStudentCourse(ctx: RequestContext, { courseId }: { courseId: string }): Promise<JsonText> {
  const read = await readCourse(ctx, courseId);
  const { course } = read;
  return answerText(read, 'course', studentCourseSchema, (holdings): StudentCourse => {
    const first = course.subjects[0];
    return {
      ...course.summary,
      price: course.summary.price && { ...course.summary.price, isFree: read.freeMode !== null, freeMode: read.freeMode },
      entitled: read.entitled,
      firstSubjectLectures: first ? subjectPage(holdings, course, first, { page: 1, pageSize: STUDENT_COURSE_PAGING.lecturesPerPage }) : null,
      firstDays: course.days.slice(0, STUDENT_COURSE_PAGING.firstDays).map((day) => dayFor(holdings, course, day)),
    };
  });
}

/** GET /api/student/courses/{id}/subjects/{subjectId}/lectures?page=: one page of an active subject's lectures. */
export async function getSubjectLectures(ctx: RequestContext, input: { courseId: string; subjectId: string } & StudentPageQuery): Promise<JsonText> {
  const read = await readCourse(ctx, input.courseId);
  const subject = read.course.subjects.find((candidate) => candidate.id === input.subjectId);
  if (!subject) throw new AppError('not-found', STUDENT_COURSE_MESSAGES.subjectNotFound);
  return answerText(read, `subject:${subject.id}:${input.page}:${input.pageSize}`, subjectLecturesPageSchema, (holdings) =>
    subjectPage(holdings, read.course, subject, input),
  );
}

/** GET /api/student/courses/{id}/days?from=&to=: the schedule's days numbered from `from` to `to` (at most a week). */
export async function getScheduleDays(ctx: RequestContext, input: { courseId: string; from: number; to: number }): Promise<JsonText> {
  const read = await readCourse(ctx, input.courseId);
  return answerText(read, `days:${input.from}:${input.to}`, scheduleDaysPageSchema, (holdings): ScheduleDaysPage => {
    const days = read.course.days;
    return {
      from: input.from,
      to: input.to,
      days: days.filter((day) => day.dayIndex >= input.from && day.dayIndex <= input.to).map((day) => dayFor(holdings, read.course, day)),
      nextDayIndex: days.find((day) => day.dayIndex > input.to)?.dayIndex ?? null,
    };
  });
}

/**
 * POST /api/student/lectures/{id}/playback: where the student's app plays the lecture and reads its
 * notes. Every address is signed for this student (their session must come with it) and expires
 * once the lecture's length and a grace have passed. Refused to a student who may not watch it
 * (403), and 409 "temporarily unavailable" to one who may, while the lecture is unpublished.
 */
export async function lecturePlayback(
  ctx: RequestContext,
  { lectureId }: { lectureId: string },
  choice: LecturePlaybackRequest = {},
): Promise<LecturePlayback> {
  const actor = await requireActor(ctx);
  const lecture = UUID_PATTERN.test(lectureId) ? await repo.lectureForStudent(ctx.db, actor.id, lectureId) : undefined;
  if (!lecture || (!lecture.is_published && !lecture.can_watch)) throw new AppError('not-found', STUDENT_COURSE_MESSAGES.lectureNotFound);
  if (!lecture.can_watch) throw new AppError('forbidden', STUDENT_COURSE_MESSAGES.notEntitled);
  // Held, but unpublished for now (taken offline, or its video not playable): theirs still, not playable yet.
  if (!lecture.is_published) throw new AppError('conflict', STUDENT_COURSE_MESSAGES.lectureUnavailable);
  const expiresAt = new Date(Date.now() + ((lecture.video_duration_in_minutes ?? 0) + PLAYBACK_GRACE_MINUTES) * 60_000);
  // The video's link opens its playlists and segments, a note's its PDF and page images: never the uploaded video.
  const signed = (assetId: string, url: string, scope: SignatureScope) =>
    `${url}?${signatureQuery(signAsset(ctx.config.SESSION_SECRET, assetId, expiresAt, { scope, student: actor.id }))}`;
  const assets = await assetsById(ctx.db, [lecture.video_resource_id, ...lecture.notes.map((note) => note.pdfFileId)]);
  const video = lecture.video_resource_id ? assets.get(lecture.video_resource_id) : undefined;
  const playlist = video ? publicUrls(video).playlistUrl : null;
  // The master playlist holds only the variants asked for (the server filters it, see filterMasterPlaylist).
  const asked: LadderChoice = choice.audioOnly ? 'audio-only' : choice.dataSaver ? 'data-saver' : 'full';
  const ladder = video && playlist ? answeredChoice(asked, video.renditions) : null;
  const hlsUrl = video && playlist ? signed(video.id, playlist, 'hls') : null;
  return {
    lectureId: lecture.id,
    title: lecture.title,
    hlsUrl: hlsUrl && ladder && ladder !== 'full' ? `${hlsUrl}&ladder=${ladder}` : hlsUrl,
    ladder,
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

/**
 * POST /api/student/courses/{id}/documents: the course's previous-question and syllabus PDFs and its
 * day planner, each with its page images, signed for this student (their session must come with
 * it) for SIGNED_URL_TTL_SECONDS. Refused (403) to a student who may read the course but does not hold it.
 */
export async function courseDocuments(ctx: RequestContext, { courseId }: { courseId: string }): Promise<CourseDocuments> {
  const actor = await requireActor(ctx);
  const read = await readCourse(ctx, courseId);
  if (!read.entitled) throw new AppError('forbidden', STUDENT_COURSE_MESSAGES.courseNotEntitled);
  const { documents } = read.course;
  const expiresAt = new Date(Date.now() + ctx.config.SIGNED_URL_TTL_SECONDS * 1000);
  const ids = [...documents.previousQuestions.map((file) => file.pdfFileId), ...documents.syllabus.map((file) => file.pdfFileId), documents.dayPlannerPdfId];
  const assets = await assetsById(ctx.db, ids);
  const signed = (assetId: string, url: string) =>
    `${url}?${signatureQuery(signAsset(ctx.config.SESSION_SECRET, assetId, expiresAt, { scope: 'pdf', student: actor.id }))}`;
  const document = (pdfFileId: string) => {
    const pdf = assets.get(pdfFileId);
    return { pdfUrl: signed(pdfFileId, assetUrls.file(pdfFileId)), pageUrls: pdf ? publicUrls(pdf).pageUrls.map((url) => signed(pdf.id, url)) : [] };
  };
  return {
    expiresAt: expiresAt.toISOString(),
    previousQuestions: documents.previousQuestions.map(({ pdfFileId, ...file }) => ({ ...file, ...document(pdfFileId) })),
    syllabus: documents.syllabus.map(({ pdfFileId, ...file }) => ({ ...file, ...document(pdfFileId) })),
    dayPlanner: documents.dayPlannerPdfId ? document(documents.dayPlannerPdfId) : null,
  };
}
