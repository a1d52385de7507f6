import type { z } from 'zod';
import { COURSE_MESSAGES } from '../../shared/courses/course.constants.ts';
import { coursePublishWarnings, termDaysOf } from '../../shared/courses/course-publish.rules.ts';
import type {
  attachCourseInputSchema,
  Course,
  CourseListEntry,
  createCourseInputSchema,
  duplicateCourseInputSchema,
  saveCourseInputSchema,
  SavedCourse,
} from '../../shared/courses/courses.schema.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import { publishAction } from '../audit/publish-action.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { coursesUsingLectures } from '../course-state/course-state.repository.ts';
import { forgetCourse } from '../course-state/student-course-cache.ts';
import type { Db } from '../db/database.ts';
import type { CourseRow } from '../db/types.ts';
import { publishState } from '../editing/publish-state.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import { AppError } from '../errors.ts';
import { assetsById } from '../lectures/lectures.repository.ts';
import { courseAuditRecord } from './course-audit.ts';
import * as repo from './courses.repository.ts';

/** How many students a refused delete names before it only counts the rest. */
const LISTED_HOLDERS = 50;

export async function listCourses(ctx: AppContext): Promise<CourseListEntry[]> {
  const rows = await repo.listCourseRows(ctx.db);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    isPublished: row.is_published,
    isVisible: row.is_visible,
    courseRateCard: row.rate_card_id ? { _id: row.rate_card_id, title: row.rate_card_title ?? '', netAmount: Number(row.rate_card_net_amount ?? 0) } : null,
    isBestSelling: row.is_best_selling,
    cmsTags: row.cms_tags,
    category: row.category,
    createdAt: row.created_at.toISOString(),
  }));
}

/** GET /api/admin/course-title: every course's id and title, for other screens' pickers and links. */
export async function listCourseTitles(ctx: AppContext): Promise<Array<{ _id: string; title: string }>> {
  return (await repo.courseTitles(ctx.db)).map((row) => ({ _id: row.id, title: row.title }));
}

export async function createCourse(ctx: RequestContext, input: z.output<typeof createCourseInputSchema>): Promise<{ _id: string }> {
  const by = await auditBy(ctx);
  const actorId = by.actor?.id ?? null;
  const warnings = coursePublishWarnings({ isVisible: false, hasRateCard: false, rateCardTermDays: null, subjects: [], exams: [] });
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.insertCourse(trx, { title: input.title, publish_warnings: warnings, created_by: actorId, updated_by: actorId });
    await recordAudit(trx, by, courseAuditRecord('create', null, await courseView(trx, created)));
    return created;
  });
  return { _id: id };
}

async function courseRowOrThrow(db: Db, id: string): Promise<CourseRow> {
  const row = UUID_PATTERN.test(id) ? await repo.findCourseRow(db, id) : undefined;
  if (!row) throw new AppError('not-found', COURSE_MESSAGES.notFound);
  return row;
}

/** One course with its subjects, lectures, exams and rank files: a fixed handful of queries, whatever its size. */
export async function getCourse(ctx: AppContext, { id }: { id: string }): Promise<Course> {
  return courseView(ctx.db, id);
}

/** The course as its editor shows it (read in a transaction, it is what that transaction sees). */
async function courseView(db: Db, id: string): Promise<Course> {
  const row = await courseRowOrThrow(db, id);
  const [subjects, lectures, exams, rankFiles, extra, rateCard, assets] = await Promise.all([
    repo.subjectRows(db, id),
    repo.subjectLectureRows(db, id),
    repo.courseExamRows(db, id),
    repo.courseRankFileRows(db, id),
    repo.extraSubscriptionIds(db, id),
    row.course_rate_card_id ? repo.rateCardOf(db, row.course_rate_card_id) : Promise.resolve(undefined),
    assetsById(db, [row.banner_image_id, row.preview_video_id]),
  ]);
  const sizeOf = (assetId: string | null) => (assetId && assets.get(assetId) ? Number(assets.get(assetId)!.size_in_bytes) : null);
  return {
    _id: row.id,
    title: row.title,
    isPublished: row.is_published,
    isVisible: row.is_visible,
    publishWarnings: row.publish_warnings,
    isExpiredCourse: row.is_expired_course,
    isBestSelling: row.is_best_selling,
    description: row.description,
    category: row.category,
    tags: row.tags,
    sortIndex: row.sort_index,
    cmsTags: row.cms_tags,
    bannerImageId: row.banner_image_id,
    bannerImageFizeSizeInBytes: sizeOf(row.banner_image_id),
    previewVideoId: row.preview_video_id,
    previewVideoFileSizeInBytes: sizeOf(row.preview_video_id),
    dayPlannerPdfId: row.day_planner_pdf_id,
    courseRateCardId: row.course_rate_card_id,
    courseRateCard: rateCard ? { _id: rateCard.id, title: rateCard.title, netAmount: Number(rateCard.net_amount) } : null,
    attachedSubscriptions: extra.map((subscriptionId) => ({ subscriptionId })),
    enableDaySchedule: row.enable_day_schedule,
    dayScheduleNote: row.day_schedule_note,
    previousQuestions: row.previous_questions,
    syllabus: row.syllabus,
    studyPlanNotes: row.study_plan_notes,
    subjects: subjects.map((subject) => {
      const own = lectures.filter((lecture) => lecture.subject_id === subject.id);
      return {
        _id: subject.id,
        title: subject.title,
        isActive: subject.is_active,
        bannerImageId: subject.banner_image_id,
        lectures: own.map((lecture) => ({
          _id: lecture.lecture_id,
          title: lecture.title,
          isPublished: lecture.is_published,
          videoDurationInMinutes: lecture.video_duration_in_minutes,
        })),
        lectureDaySchedulePlan: Object.fromEntries(own.map((lecture) => [lecture.lecture_id, lecture.days])),
        lectureTopicMetadata: Object.fromEntries(own.filter((lecture) => lecture.topic !== '').map((lecture) => [lecture.lecture_id, lecture.topic])),
      };
    }),
    exams: exams.map((exam) => ({
      dayTags: exam.days,
      exam: exam.exam_id,
      exams: {
        _id: exam.exam_id,
        title: exam.title,
        isPublished: exam.is_published,
        masterSubscription: exam.master_subscription_id,
        examDurationInMinutes: exam.exam_duration_in_minutes,
      },
    })),
    rankFiles: rankFiles.map((rankFile) => ({ _id: rankFile.id, title: rankFile.title, masterSubscription: rankFile.master_subscription_id })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(values.filter((value) => (seen.has(value) ? true : (seen.add(value), false))))];
}

/**
 * PUT /api/admin/courses/{id} {value}: saves the whole course, its subjects, lectures, exams
 * and rank files in one transaction, and decides whether it is published and what keeps it offline.
 */
export async function saveCourse(ctx: RequestContext, { id, value, version }: { id: string } & z.output<typeof saveCourseInputSchema>): Promise<SavedCourse> {
  const by = await auditBy(ctx);
  await courseRowOrThrow(ctx.db, id);
  const lectureIds = value.subjects.flatMap((subject) => subject.lectures);
  for (const subject of value.subjects) {
    const twice = duplicates(subject.lectures);
    if (twice.length > 0) throw new AppError('validation', `A lecture is in the subject “${subject.title}” more than once`, { field: 'value.subjects' });
  }
  const examIds = value.exams.map((exam) => exam.exam);
  if (duplicates(examIds).length > 0) throw new AppError('validation', 'An exam is attached more than once', { field: 'value.exams' });
  if (duplicates(value.rankFiles).length > 0) throw new AppError('validation', 'A rank file is attached more than once', { field: 'value.rankFiles' });
  const subjectIds = value.subjects.map((subject) => subject._id).filter((subjectId): subjectId is string => subjectId !== undefined);
  if (duplicates(subjectIds).length > 0) throw new AppError('validation', 'A subject is listed more than once', { field: 'value.subjects' });

  const answer = await ctx.db.transaction().execute(async (trx) => {
    // Locked before the lectures and exams are read: a lecture or exam saved meanwhile decides the
    // course's state again after this save, with this save's subjects.
    if (!(await repo.lockCourse(trx, id))) throw new AppError('not-found', COURSE_MESSAGES.notFound);
    const before = await courseView(trx, id);
    const [lectures, exams, rankFiles, rateCards, assets, ownSubjects] = await Promise.all([
      repo.lectureFacts(trx, [...new Set(lectureIds)]),
      repo.examFacts(trx, examIds),
      repo.existingIds(trx, 'rank_files', value.rankFiles),
      repo.existingIds(
        trx,
        'subscriptions',
        [value.courseRateCardId, ...value.attachedSubscriptions.map((entry) => entry.subscriptionId)].filter((x): x is string => !!x),
      ),
      assetsById(trx, [
        value.bannerImageId,
        value.previewVideoId,
        value.dayPlannerPdfId,
        ...value.subjects.map((s) => s.bannerImageId),
        ...value.previousQuestions.map((f) => f.pdfFileId),
        ...value.syllabus.map((f) => f.pdfFileId),
      ]),
      repo.subjectRows(trx, id),
    ]);
    const lectureById = new Map(lectures.map((lecture) => [lecture.id, lecture]));
    const examById = new Map(exams.map((exam) => [exam.id, exam]));
    const missingLecture = lectureIds.find((lectureId) => !lectureById.has(lectureId));
    if (missingLecture) throw new AppError('validation', `Lecture not found: ${missingLecture}`, { field: 'value.subjects' });
    const missingExam = examIds.find((examId) => !examById.has(examId));
    if (missingExam) throw new AppError('validation', `Exam not found: ${missingExam}`, { field: 'value.exams' });
    const missingRankFile = value.rankFiles.find((rankFileId) => !rankFiles.has(rankFileId));
    if (missingRankFile) throw new AppError('validation', `Rank file not found: ${missingRankFile}`, { field: 'value.rankFiles' });
    if (value.courseRateCardId && !rateCards.has(value.courseRateCardId))
      throw new AppError('validation', 'The rate card was not found', { field: 'value.courseRateCardId' });
    if (value.attachedSubscriptions.some((entry) => !rateCards.has(entry.subscriptionId)))
      throw new AppError('validation', 'An extra rate card was not found', { field: 'value.attachedSubscriptions' });
    const expectKind = (assetId: string | null, kind: 'image' | 'video' | 'pdf', message: string, field: string) => {
      if (assetId && assets.get(assetId)?.kind !== kind) throw new AppError('validation', message, { field });
    };
    expectKind(value.bannerImageId, 'image', 'The banner image was not found', 'value.bannerImageId');
    expectKind(value.previewVideoId, 'video', 'The banner video was not found', 'value.previewVideoId');
    expectKind(value.dayPlannerPdfId, 'pdf', 'The day planner was not found', 'value.dayPlannerPdfId');
    value.subjects.forEach((subject) => expectKind(subject.bannerImageId, 'image', 'The subject image was not found', 'value.subjects'));
    const withFileFacts = (files: typeof value.syllabus, field: string) =>
      files.map((file) => {
        expectKind(file.pdfFileId, 'pdf', `The PDF ${file.fileName || file.pdfFileId} was not found`, field);
        const pdf = assets.get(file.pdfFileId)!;
        return { ...file, fileName: pdf.file_name, fileSizeInBytes: Number(pdf.size_in_bytes) };
      });
    const previousQuestions = withFileFacts(value.previousQuestions, 'value.previousQuestions');
    const syllabus = withFileFacts(value.syllabus, 'value.syllabus');
    const ownIds = new Set(ownSubjects.map((subject) => subject.id));
    if (subjectIds.some((subjectId) => !ownIds.has(subjectId)))
      throw new AppError('validation', 'Subject not found: open the course again', { field: 'value.subjects' });

    const now = new Date().toISOString();
    const studyPlanNotes = value.studyPlanNotes.map((note) => ({ ...note, createdAt: note.createdAt ?? now, updatedAt: note.updatedAt ?? now }));
    const subjects = value.subjects.map((subject) => ({
      id: subject._id,
      title: subject.title,
      isActive: subject.isActive,
      bannerImageId: subject.bannerImageId,
      lectures: subject.lectures.map((lectureId) => ({
        lectureId,
        days: [...new Set(subject.lectureDaySchedulePlan[lectureId] ?? [])],
        topic: subject.lectureTopicMetadata[lectureId] ?? '',
      })),
    }));
    const rateCard = value.courseRateCardId ? await repo.rateCardOf(trx, value.courseRateCardId) : undefined;
    const warnings = coursePublishWarnings({
      isVisible: value.isVisible,
      hasRateCard: value.courseRateCardId !== null,
      rateCardTermDays: termDaysOf(rateCard?.subscription_term),
      subjects: subjects.map((subject) => ({
        title: subject.title,
        isActive: subject.isActive,
        lectures: subject.lectures.map((lecture) => ({
          title: lectureById.get(lecture.lectureId)!.title,
          isPublished: lectureById.get(lecture.lectureId)!.is_published,
          days: lecture.days,
        })),
      })),
      exams: value.exams.map((exam) => ({ title: examById.get(exam.exam)!.title, isPublished: examById.get(exam.exam)!.is_published, days: exam.dayTags })),
    });
    const { isPublished, columns: publishColumns } = publishState(value.isVisible, warnings);
    // Saved from the copy the editor loaded, or refused: nobody's work is overwritten unseen.
    const saved = await repo.updateCourseAtVersion(
      trx,
      id,
      {
        title: value.title,
        description: value.description,
        category: value.category,
        tags: value.tags,
        is_expired_course: value.isExpiredCourse,
        sort_index: value.sortIndex,
        cms_tags: value.cmsTags,
        banner_image_id: value.bannerImageId,
        preview_video_id: value.previewVideoId,
        day_planner_pdf_id: value.dayPlannerPdfId,
        course_rate_card_id: value.courseRateCardId,
        is_best_selling: value.isBestSelling,
        ...publishColumns,
        enable_day_schedule: value.enableDaySchedule,
        day_schedule_note: value.dayScheduleNote,
        previous_questions: JSON.stringify(previousQuestions),
        syllabus: JSON.stringify(syllabus),
        study_plan_notes: JSON.stringify(studyPlanNotes),
        updated_by: by.actor?.id ?? null,
      },
      version,
    );
    if (!saved) throw await refusedSave(trx, 'courses', id, 'course', COURSE_MESSAGES.notFound);
    const subjectIdsInOrder = await repo.replaceSubjects(trx, id, subjects);
    await repo.replaceCourseLinks(trx, id, {
      exams: value.exams.map((exam) => ({ examId: exam.exam, days: [...new Set(exam.dayTags)] })),
      rankFileIds: value.rankFiles,
      subscriptionIds: [...new Set(value.attachedSubscriptions.map((entry) => entry.subscriptionId))],
    });
    await recordAudit(trx, by, courseAuditRecord(publishAction(before.isPublished, isPublished), before, await courseView(trx, id)));
    return { isPublished, publishWarnings: warnings, version: saved.version, subjectIds: subjectIdsInOrder };
  });
  // Students read it afresh from this process at once (other processes within a few seconds).
  forgetCourse(id);
  return answer;
}

/** POST /api/admin/course/duplicate/{id} {count}: `count` hidden copies, made in one transaction. */
export async function duplicateCourse(
  ctx: RequestContext,
  { id, count }: { id: string } & z.output<typeof duplicateCourseInputSchema>,
): Promise<{ _ids: string[] }> {
  const by = await auditBy(ctx);
  const row = await courseRowOrThrow(ctx.db, id);
  const titles = Array.from({ length: count }, (_, index) => (count === 1 ? `${row.title} (copy)` : `${row.title} (copy ${index + 1})`));
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const copies = await repo.copyCourse(trx, row.id, titles, by.actor?.id ?? null);
    const records = [];
    // Each copy is a course of its own: one entry each, saying which course it copies.
    for (const copyId of copies) records.push(courseAuditRecord('create', null, await courseView(trx, copyId), { copiedFrom: row.title }));
    await recordAudit(trx, by, records);
    return copies;
  });
  return { _ids: ids };
}

/**
 * DELETE /api/admin/courses/{id}: refused while students hold an active entitlement to the
 * course, naming them. Its subjects, lecture links and notes go with it; the lectures, exams
 * and rank files stay.
 */
export async function deleteCourse(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  const by = await auditBy(ctx);
  const row = await courseRowOrThrow(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockCourse(trx, row.id))) throw new AppError('not-found', COURSE_MESSAGES.notFound);
    const holders = await repo.activeCourseEntitlements(trx, row.id, LISTED_HOLDERS);
    if (holders.length > 0) {
      throw new AppError('has-warnings', 'Students hold this course', {
        warnings: holders.map((holder) => {
          const who = holder.email_address ?? holder.phone_number ?? holder.name;
          return holder.expires_at
            ? `Active entitlement: ${holder.name} (${who}), until ${holder.expires_at.toISOString().slice(0, 10)}`
            : `Active entitlement: ${holder.name} (${who})`;
        }),
      });
    }
    const before = await courseView(trx, row.id);
    if (!(await repo.deleteCourseRow(trx, row.id))) throw new AppError('not-found', COURSE_MESSAGES.notFound);
    await recordAudit(trx, by, courseAuditRecord('delete', before, null));
  });
  return { status: 'deleted' };
}

/**
 * POST /api/admin/lecture/attach-course/{courseId}: the lectures the editor added and removed
 * since its last save. The course's subjects, saved just before, already hold them; the answer
 * says which lectures the course now uses, for the lecture editors' "Attached Courses".
 */
export async function attachCourse(
  ctx: AppContext,
  { courseId, addedLectureIds, removedLectureIds }: { courseId: string } & z.output<typeof attachCourseInputSchema>,
) {
  const row = await courseRowOrThrow(ctx.db, courseId);
  const using = await coursesUsingLectures(ctx.db, [...addedLectureIds, ...removedLectureIds]);
  const inCourse = new Set(using.filter((entry) => entry.id === row.id).map((entry) => entry.lecture_id));
  return {
    attached: addedLectureIds.filter((lectureId) => inCourse.has(lectureId)),
    detached: removedLectureIds.filter((lectureId) => !inCourse.has(lectureId)),
  };
}
