import { parseDayLabels } from './course-editor.rules.ts';
import type { Course, CourseFile, CourseValue, StudyPlanNote } from './courses.schema.ts';

/*
 * The course as its editor holds it (days kept as typed), and the ways between it and the
 * course's GET and save: the console's editor uses them, and so does the server where it saves a
 * course as the editor would (a bulk publish saves it as read, with only its switch changed).
 */

export interface DraftLecture {
  _id: string;
  title: string;
  isPublished: boolean;
  videoDurationInMinutes: number | null;
  /** Its days as typed, e.g. "1, 3". */
  days: string;
  topic: string;
}

export interface DraftSubject {
  /** Stable across moves, for React; the stored id when the subject is saved. */
  key: string;
  _id: string | undefined;
  title: string;
  isActive: boolean;
  bannerImageId: string | null;
  lectures: DraftLecture[];
}

export interface DraftExam {
  exam: string;
  title: string;
  isPublished: boolean;
  /** Its days as typed. */
  dayTags: string;
}

/** What the course editor edits: the course as the server sent it, with days kept as typed. */
export interface CourseDraft {
  title: string;
  description: string;
  category: string | null;
  tags: string[];
  isExpiredCourse: boolean;
  sortIndex: string;
  cmsTags: string[];
  bannerImageId: string | null;
  previewVideoId: string | null;
  dayPlannerPdfId: string | null;
  courseRateCardId: string | null;
  attachedSubscriptions: string[];
  isBestSelling: boolean;
  isVisible: boolean;
  enableDaySchedule: boolean;
  dayScheduleNote: string;
  previousQuestions: CourseFile[];
  syllabus: CourseFile[];
  studyPlanNotes: StudyPlanNote[];
  subjects: DraftSubject[];
  exams: DraftExam[];
  rankFiles: Array<{ _id: string; title: string }>;
}

export const daysText = (days: readonly number[] | undefined) => (days ?? []).join(', ');

export function toDraft(course: Course): CourseDraft {
  return {
    title: course.title,
    description: course.description,
    category: course.category,
    tags: course.tags,
    isExpiredCourse: course.isExpiredCourse,
    sortIndex: String(course.sortIndex),
    cmsTags: course.cmsTags,
    bannerImageId: course.bannerImageId,
    previewVideoId: course.previewVideoId,
    dayPlannerPdfId: course.dayPlannerPdfId,
    courseRateCardId: course.courseRateCardId,
    attachedSubscriptions: course.attachedSubscriptions.map((entry) => entry.subscriptionId),
    isBestSelling: course.isBestSelling,
    isVisible: course.isVisible,
    enableDaySchedule: course.enableDaySchedule,
    dayScheduleNote: course.dayScheduleNote,
    previousQuestions: course.previousQuestions,
    syllabus: course.syllabus,
    studyPlanNotes: course.studyPlanNotes,
    subjects: course.subjects.map((subject) => ({
      key: subject._id,
      _id: subject._id,
      title: subject.title,
      isActive: subject.isActive,
      bannerImageId: subject.bannerImageId,
      lectures: subject.lectures.map((lecture) => ({
        ...lecture,
        days: daysText(subject.lectureDaySchedulePlan[lecture._id]),
        topic: subject.lectureTopicMetadata[lecture._id] ?? '',
      })),
    })),
    exams: course.exams.map((entry) => ({
      exam: entry.exam,
      title: entry.exams.title,
      isPublished: entry.exams.isPublished,
      dayTags: daysText(entry.dayTags),
    })),
    rankFiles: course.rankFiles.map((rankFile) => ({ _id: rankFile._id, title: rankFile.title })),
  };
}

/** The body of PUT /api/admin/courses/{id}: `{ value }`. Days are parsed by the day-label rule. */
export function toCourseValue(draft: CourseDraft): CourseValue {
  const sortIndex = Number(draft.sortIndex.trim() === '' ? 0 : draft.sortIndex);
  return {
    title: draft.title,
    description: draft.description,
    category: draft.category,
    tags: draft.tags,
    isExpiredCourse: draft.isExpiredCourse,
    sortIndex,
    cmsTags: draft.cmsTags,
    bannerImageId: draft.bannerImageId,
    previewVideoId: draft.previewVideoId,
    dayPlannerPdfId: draft.dayPlannerPdfId,
    courseRateCardId: draft.courseRateCardId,
    attachedSubscriptions: draft.attachedSubscriptions.map((subscriptionId) => ({ subscriptionId })),
    isBestSelling: draft.isBestSelling,
    isVisible: draft.isVisible,
    enableDaySchedule: draft.enableDaySchedule,
    dayScheduleNote: draft.dayScheduleNote,
    previousQuestions: draft.previousQuestions,
    syllabus: draft.syllabus,
    studyPlanNotes: draft.studyPlanNotes,
    subjects: draft.subjects.map((subject) => ({
      ...(subject._id ? { _id: subject._id } : {}),
      title: subject.title,
      isActive: subject.isActive,
      bannerImageId: subject.bannerImageId,
      lectures: subject.lectures.map((lecture) => lecture._id),
      lectureDaySchedulePlan: Object.fromEntries(subject.lectures.map((lecture) => [lecture._id, parseDayLabels(lecture.days)])),
      lectureTopicMetadata: Object.fromEntries(
        subject.lectures.filter((lecture) => lecture.topic.trim() !== '').map((lecture) => [lecture._id, lecture.topic]),
      ),
    })),
    exams: draft.exams.map((entry) => ({ exam: entry.exam, dayTags: parseDayLabels(entry.dayTags) })),
    rankFiles: draft.rankFiles.map((rankFile) => rankFile._id),
  };
}
