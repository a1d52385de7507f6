import { FREE_MODES } from '../subscriptions/subscription.constants.ts';
import { z } from '../validation/zod.ts';

/** What a student sees of a course's price: the amounts of its default rate card, and whether it is free to them. */
export const coursePriceSchema = z.object({
  rateCardId: z.string(),
  title: z.string(),
  term: z.string(),
  grossAmount: z.number(),
  gstRate: z.number(),
  gstAmount: z.number(),
  netAmount: z.number(),
  compareAtPrice: z.number().nullable(),
  /** The course is free to this student: one of the rate cards it is sold under is free to them. */
  isFree: z.boolean(),
  /** Why it is free to them, for an app that explains it: 'none' (free for everyone), 'lakshya-students' (free to special students), or null when it is not free to them. */
  freeMode: z.enum(FREE_MODES).nullable(),
});

export const studentCourseSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  isBestSelling: z.boolean(),
  isExpiredCourse: z.boolean(),
  bannerImageUrl: z.string().nullable(),
  price: coursePriceSchema.nullable(),
  /** The student may open everything in it. */
  entitled: z.boolean(),
});
export type StudentCourseSummary = z.infer<typeof studentCourseSummarySchema>;

const studentLectureSchema = z.object({
  _id: z.string(),
  title: z.string(),
  videoDurationInMinutes: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Whether playback and notes open for this student. */
  canWatch: z.boolean(),
});

/** A lecture on a day of the schedule: its id (the lecture itself is in `subjects`) and its subject's title. */
const scheduleLectureSchema = z.object({ _id: z.string(), topic: z.string() });
const scheduleExamSchema = z.object({ _id: z.string().nullable(), exam: z.object({ _id: z.string(), title: z.string() }) });

export const studentCourseSchema = studentCourseSummarySchema.extend({
  previewVideoUrl: z.string().nullable(),
  dayScheduleNote: z.string(),
  subjects: z.array(z.object({ _id: z.string(), title: z.string(), lectures: z.array(studentLectureSchema) })),
  /**
   * Day by day, as `buildDaySchedule` lays it out; empty when the course's day schedule is off. A
   * day names its lectures by id: each is found, with its title and `canWatch`, under `subjects`.
   */
  daySchedule: z.array(
    z.object({
      dayIndex: z.number(),
      title: z.string(),
      exams: z.array(scheduleExamSchema),
      lectures: z.array(z.object({ groupTitle: z.string(), lecture: z.array(scheduleLectureSchema) })),
    }),
  ),
  studyPlanNotes: z.array(z.object({ id: z.string(), afterDayIndex: z.number(), title: z.string(), content: z.string() })),
  exams: z.array(z.object({ _id: z.string(), title: z.string(), dayTags: z.array(z.number()), examDurationInMinutes: z.number(), totalQuestions: z.number() })),
  rankFiles: z.array(z.object({ _id: z.string(), title: z.string() })),
  previousQuestions: z.array(z.object({ resId: z.string(), fileName: z.string(), year: z.number() })),
  syllabus: z.array(z.object({ resId: z.string(), fileName: z.string() })),
});
export type StudentCourse = z.infer<typeof studentCourseSchema>;

export const lecturePlaybackSchema = z.object({
  lectureId: z.string(),
  title: z.string(),
  /** The HLS master playlist, signed for this student only; null when the lecture plays from YouTube. */
  hlsUrl: z.string().nullable(),
  youtubeId: z.string().nullable(),
  /** When the address stops working (ask again for a new one). */
  expiresAt: z.string(),
  notes: z.array(
    z.object({
      resId: z.string(),
      fileName: z.string(),
      /** The note as page images when it has been converted, each signed for this student. */
      pageUrls: z.array(z.string()),
      /** The PDF itself, signed for this student. */
      pdfUrl: z.string(),
    }),
  ),
});
export type LecturePlayback = z.infer<typeof lecturePlaybackSchema>;

export const STUDENT_COURSE_MESSAGES = {
  courseNotFound: 'Course not found',
  lectureNotFound: 'Lecture not found',
  notEntitled: 'This lecture is part of a course or subscription you have not bought',
} as const;
