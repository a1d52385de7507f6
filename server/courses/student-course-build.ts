import { toPaise } from '../../shared/commerce/money.ts';
import { buildDaySchedule, type ScheduleDay } from '../../shared/courses/schedule.rules.ts';
import type { CourseAccessFacts, CourseWatchFacts } from '../../shared/courses/student-course-watch.rules.ts';
import type { StudentCourse, StudentCourseSummary, StudentLecture } from '../../shared/courses/student-courses.schema.ts';
import { assetUrls } from '../access/asset-urls.ts';
import type { CachedCourse } from '../course-state/student-course-cache.ts';
import type { Db } from '../db/database.ts';
import { coursePreviewVideoUrl } from './course-preview.ts';
import { lecturePosterUrl } from './student-course-poster.ts';
import * as repo from './student-courses.repository.ts';

/** A lecture as everyone sees it; `canWatch` is filled in per student. */
export type SharedLecture = Omit<StudentLecture, 'canWatch'>;

/** What the course answer holds for everyone, before the per-student parts (entitled, price's isFree, the first pages). */
export type SharedSummary = Omit<StudentCourse, 'entitled' | 'firstSubjectLectures' | 'firstDays'>;

export interface BuiltCourse extends CachedCourse {
  summary: SharedSummary;
  lectures: ReadonlyMap<string, SharedLecture>;
  subjects: ReadonlyArray<{ id: string; title: string; lectureIds: readonly string[] }>;
  /** The day schedule; a day's lectures carry their id and topic (their subject's title). */
  days: ReadonlyArray<ScheduleDay<{ _id: string }, { _id: string; title: string }>>;
  access: CourseAccessFacts;
  watch: CourseWatchFacts;
  documents: {
    previousQuestions: ReadonlyArray<{ resId: string; fileName: string; year: number; pdfFileId: string }>;
    syllabus: ReadonlyArray<{ resId: string; fileName: string; pdfFileId: string }>;
    dayPlannerPdfId: string | null;
  };
}

export function priceOf(row: Omit<repo.StudentCourseRow, 'entitled'>): StudentCourseSummary['price'] {
  if (!row.rate_card_id) return null;
  return {
    rateCardId: row.rate_card_id,
    title: row.rate_card_title ?? '',
    term: row.subscription_term ?? 'not-selected',
    grossPaise: toPaise(Number(row.gross_amount ?? 0)),
    gstRate: Number(row.gst_rate ?? 0),
    gstPaise: toPaise(Number(row.gst_amount ?? 0)),
    netPaise: toPaise(Number(row.net_amount ?? 0)),
    compareAtPricePaise: row.compare_at_price === null ? null : toPaise(Number(row.compare_at_price)),
    isFree: row.free_mode !== null,
    freeMode: row.free_mode,
  };
}

export function summaryOf(row: repo.StudentCourseRow): StudentCourseSummary {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: row.tags,
    isBestSelling: row.is_best_selling,
    isExpiredCourse: row.is_expired_course,
    bannerImageUrl: row.banner_image_id && row.banner_public ? assetUrls.file(row.banner_image_id) : null,
    price: priceOf(row),
    entitled: row.entitled,
  };
}

type LectureRows = Awaited<ReturnType<typeof repo.subjectLectureRows>>['lectures'];

/** Who may watch what, as far as it is the same for every reader: free lectures, lectures by card, other courses holding them. */
async function watchFacts(db: Db, courseId: string, lectures: LectureRows): Promise<CourseWatchFacts> {
  const lectureCards = [...new Set(lectures.map((lecture) => lecture.master_subscription_id).filter((id): id is string => id !== null))];
  const facts = await repo.watchFactRows(db, courseId, lectureCards);
  const cards = new Map(facts.cards.map((card) => [card.id, card]));
  const freeForAll = (id: string) => cards.get(id)?.is_free === true && cards.get(id)?.free_mode === 'none';
  const freeToLakshya = (id: string) => cards.get(id)?.is_free === true && cards.get(id)?.free_mode === 'lakshya-students';
  const freeLectureIds = new Set(lectures.filter((lecture) => lecture.is_free).map((lecture) => lecture.lecture_id));
  const lakshyaLectureIds = new Set(
    lectures.filter((lecture) => lecture.master_subscription_id && freeToLakshya(lecture.master_subscription_id)).map((lecture) => lecture.lecture_id),
  );
  const lecturesByCard = new Map<string, string[]>();
  for (const lecture of lectures) {
    if (!lecture.master_subscription_id) continue;
    const list = lecturesByCard.get(lecture.master_subscription_id) ?? [];
    list.push(lecture.lecture_id);
    lecturesByCard.set(lecture.master_subscription_id, list);
  }
  const otherCourses: Array<{ id: string; cardIds: string[]; lectureIds: string[] }> = [];
  for (const course of facts.courses) {
    const cardIds = course.card_ids.filter((id): id is string => id !== null);
    // A published course without a default card opens to everyone; any course with a card free for everyone does too.
    if ((course.is_published && course.card_ids[0] === null) || cardIds.some(freeForAll)) for (const id of course.lecture_ids) freeLectureIds.add(id);
    else if (cardIds.some(freeToLakshya)) for (const id of course.lecture_ids) lakshyaLectureIds.add(id);
    otherCourses.push({ id: course.id, cardIds, lectureIds: course.lecture_ids });
  }
  return { freeLectureIds, lecturesByCard, lakshyaLectureIds: [...lakshyaLectureIds], otherCourses };
}

/** The course as everyone sees it, with what decides who may open it, or undefined when it is neither published nor visible. */
export async function buildCourse(db: Db, courseId: string): Promise<BuiltCourse | undefined> {
  const row = await repo.courseBaseRow(db, courseId);
  if (!row) return undefined;
  const [{ subjects, lectures }, { exams, rankFiles }] = await Promise.all([repo.subjectLectureRows(db, row.id), repo.studentCourseExams(db, row.id)]);
  const watch = await watchFacts(db, row.id, lectures);
  const lectureViews = new Map<string, SharedLecture>();
  for (const lecture of lectures) {
    lectureViews.set(lecture.lecture_id, {
      _id: lecture.lecture_id,
      title: lecture.title,
      videoDurationInMinutes: lecture.video_duration_in_minutes,
      thumbnailUrl: lecture.banner_id ? assetUrls.file(lecture.banner_id) : lecture.poster_video_id ? lecturePosterUrl(lecture.lecture_id) : null,
      available: lecture.available,
    });
  }
  const subjectViews = subjects.map((subject) => {
    const own = lectures.filter((lecture) => lecture.subject_id === subject.id);
    return {
      id: subject.id,
      title: subject.title,
      lectureIds: own.map((lecture) => lecture.lecture_id),
      schedule: {
        title: subject.title,
        lectures: own.map((lecture) => ({ _id: lecture.lecture_id })),
        lectureDaySchedulePlan: Object.fromEntries(own.map((lecture) => [lecture.lecture_id, lecture.days])),
        lectureTopicMetadata: Object.fromEntries(own.map((lecture) => [lecture.lecture_id, lecture.topic])),
      },
    };
  });
  const days = row.enable_day_schedule
    ? buildDaySchedule(
        subjectViews.map((subject) => subject.schedule),
        exams.map((exam) => ({ dayTags: exam.days, exam: exam.exam_id, details: { _id: exam.exam_id, title: exam.title } })),
      )
    : [];
  // Whether it is free depends on who asks: filled in per student.
  const { entitled: _entitled, ...summary } = summaryOf({ ...row, entitled: false, free_mode: null });
  const previousQuestions = row.previous_questions.filter((file) => file.isActive);
  const syllabus = row.syllabus.filter((file) => file.isActive);
  return {
    summary: {
      ...summary,
      previewVideoUrl: row.preview_video_id ? coursePreviewVideoUrl(row.id) : null,
      dayScheduleNote: row.day_schedule_note,
      subjects: subjectViews.map((subject) => ({
        _id: subject.id,
        title: subject.title,
        lectureCount: subject.lectureIds.length,
      })),
      dayIndexes: days.map((day) => day.dayIndex),
      studyPlanNotes: row.study_plan_notes
        .filter((note) => note.visible)
        .map((note) => ({ id: note.id, afterDayIndex: note.afterDayIndex, title: note.title, content: note.content })),
      exams: exams.map((exam) => ({
        _id: exam.exam_id,
        title: exam.title,
        dayTags: exam.days,
        examDurationInMinutes: exam.exam_duration_in_minutes,
        totalQuestions: exam.total_questions,
      })),
      rankFiles: rankFiles.map((rankFile) => ({ _id: rankFile.id, title: rankFile.title })),
      previousQuestions: previousQuestions.map((file) => ({ resId: file.resId, fileName: file.fileName, year: file.year })),
      syllabus: syllabus.map((file) => ({ resId: file.resId, fileName: file.fileName })),
      hasDayPlanner: row.day_planner_pdf_id !== null,
    },
    lectures: lectureViews,
    subjects: subjectViews.map(({ id, title, lectureIds }) => ({ id, title, lectureIds })),
    days,
    access: {
      courseId: row.id,
      isPublished: row.is_published,
      isVisible: row.is_visible,
      isExpired: row.is_expired_course,
      defaultCardId: row.rate_card_id,
      cards: row.cards,
    },
    watch,
    documents: {
      previousQuestions: previousQuestions.map((file) => ({ resId: file.resId, fileName: file.fileName, year: file.year, pdfFileId: file.pdfFileId })),
      syllabus: syllabus.map((file) => ({ resId: file.resId, fileName: file.fileName, pdfFileId: file.pdfFileId })),
      dayPlannerPdfId: row.day_planner_pdf_id,
    },
    json: new Map(),
    byGrants: new Map(),
  };
}
