import { FREE_MODES } from '../subscriptions/subscription.constants.ts';
import { z } from '../validation/zod.ts';
import { titledRefSchema } from '../editing/record-fields.ts';
import { queryWholeNumberSchema, studentPageQuerySchema, studentPageSchema } from '../validation/paging.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';
import { LADDER_CHOICES } from '../media/master-playlist.rules.ts';

/** What a student sees of a course's price: the amounts of its default rate card, and whether it is free to them. */
export const coursePriceSchema = z.object({
  rateCardId: z.string(),
  title: z.string(),
  term: z.string(),
  grossPaise: z.int().min(0).describe('The price before GST, in paise'),
  gstRate: z.number().describe('The GST percentage'),
  gstPaise: z.int().min(0).describe('The GST, in paise'),
  netPaise: z.int().min(0).describe('What the student pays, in paise'),
  compareAtPricePaise: z.int().min(0).nullable().describe('A higher price shown struck through, in paise'),
  /** The course is free to this student: one of the rate cards it is sold under is free to them. */
  isFree: z.boolean(),
  /** Why it is free to them, for an app that explains it: 'none' (free for everyone), 'lakshya-students' (free to special students), or null when it is not free to them. */
  freeMode: z.enum(FREE_MODES).nullable(),
});

export const studentCourseSummarySchema = titledRefSchema.extend({
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

/** How much one answer carries: lectures per page of a subject, days per page of the schedule, and what the course answer shows first. */
export const STUDENT_COURSE_PAGING = { lecturesPerPage: 50, maxDaysPerPage: 7, firstDays: 3 } as const;

export const studentLectureSchema = titledRefSchema.extend({
  videoDurationInMinutes: z.number().nullable(),
  /** An image any signed-in student can open: the lecture's banner, else its video's poster. */
  thumbnailUrl: z.string().nullable(),
  /** Whether this student holds the lecture: playback and notes open for them while it is available. */
  canWatch: z.boolean(),
  /** False while the lecture is temporarily unavailable (unpublished, or its video not playable): playback answers 409. */
  available: z.boolean(),
});
export type StudentLecture = z.infer<typeof studentLectureSchema>;

/** One page of a subject's lectures, in the subject's order, with `total` (the subject's lecture count). */
export const subjectLecturesPageSchema = studentPageSchema(studentLectureSchema, { withTotal: true });
export type SubjectLecturesPage = z.infer<typeof subjectLecturesPageSchema>;

const scheduleExamSchema = z.object({ _id: z.string().nullable(), exam: titledRefSchema });

/** A day of the schedule, as `buildDaySchedule` lays it out: its exams, and its lectures grouped by topic (each with its subject's title as `topic`). */
export const scheduleDaySchema = z.object({
  dayIndex: z.number(),
  title: z.string(),
  exams: z.array(scheduleExamSchema),
  lectures: z.array(z.object({ groupTitle: z.string(), lecture: z.array(studentLectureSchema.extend({ topic: z.string() })) })),
});
export type StudentScheduleDay = z.infer<typeof scheduleDaySchema>;

/** The days of the schedule numbered `from` to `to`, and the number of the next day after `to` that has something on it (null when none). */
export const scheduleDaysPageSchema = z.object({
  from: z.number(),
  to: z.number(),
  days: z.array(scheduleDaySchema),
  nextDayIndex: z.number().nullable(),
});
export type ScheduleDaysPage = z.infer<typeof scheduleDaysPageSchema>;

export const scheduleDaysQuerySchema = z
  .object({
    from: queryWholeNumberSchema('from is a day number', -1000, 100_000),
    to: queryWholeNumberSchema('to is a day number', -1000, 100_000),
  })
  .refine((range) => range.to >= range.from && range.to - range.from < STUDENT_COURSE_PAGING.maxDaysPerPage, {
    path: ['to'],
    error: `to is from or a later day, at most ${STUDENT_COURSE_PAGING.maxDaysPerPage} days on`,
  });

export const subjectLecturesQuerySchema = studentPageQuerySchema(STUDENT_COURSE_PAGING.lecturesPerPage);

export const studentCourseSchema = studentCourseSummarySchema.extend({
  previewVideoUrl: z.string().nullable(),
  dayScheduleNote: z.string(),
  /** The active subjects, each with its number of lectures (GET .../subjects/{subjectId}/lectures?page=&pageSize=). */
  subjects: z.array(z.object({ _id: z.string(), title: z.string(), lectureCount: z.int() })),
  /** The first page of the first subject's lectures (null without subjects). */
  firstSubjectLectures: subjectLecturesPageSchema.nullable(),
  /** The numbers of the schedule's days, ascending; empty when the course's day schedule is off (GET .../days?from=&to=). */
  dayIndexes: z.array(z.number()),
  /** The first days of the schedule, in full. */
  firstDays: z.array(scheduleDaySchema),
  studyPlanNotes: z.array(z.object({ id: z.string(), afterDayIndex: z.number(), title: z.string(), content: z.string() })),
  exams: z.array(z.object({ _id: z.string(), title: z.string(), dayTags: z.array(z.number()), examDurationInMinutes: z.number(), totalQuestions: z.number() })),
  /** The course's published rank files. */
  rankFiles: z.array(titledRefSchema),
  /** The active previous-question and syllabus PDFs by name; their addresses come from POST .../documents. */
  previousQuestions: z.array(z.object({ resId: z.string(), fileName: z.string(), year: z.number() })),
  syllabus: z.array(z.object({ resId: z.string(), fileName: z.string() })),
  /** Whether the course has a day planner PDF (its address comes from POST .../documents). */
  hasDayPlanner: z.boolean(),
});
export type StudentCourse = z.infer<typeof studentCourseSchema>;

const signedDocumentSchema = z.object({
  /** The PDF, signed for this student. */
  pdfUrl: z.string(),
  /** Its pages as images once converted, each signed for this student. */
  pageUrls: z.array(z.string()),
});

/** A course's PDFs, signed for one student who may open the course. */
export const courseDocumentsSchema = z.object({
  expiresAt: utcDateTimeSchema,
  previousQuestions: z.array(signedDocumentSchema.extend({ resId: z.string(), fileName: z.string(), year: z.number() })),
  syllabus: z.array(signedDocumentSchema.extend({ resId: z.string(), fileName: z.string() })),
  dayPlanner: signedDocumentSchema.nullable(),
});
export type CourseDocuments = z.infer<typeof courseDocumentsSchema>;

/** What the student's app asks to play: the whole ladder (as when the body is absent), the data saver, or the sound alone. */
export const lecturePlaybackRequestSchema = z.strictObject(
  {
    /** The pictures up to 240p only (144p and 240p): at most about 210 MB an hour. */
    dataSaver: z.boolean({ error: 'dataSaver must be true or false' }).optional(),
    /** The sound alone (AAC, 64 kb/s); wins over dataSaver. A video processed before the sound had a rendition of its own gets the data saver ladder. */
    audioOnly: z.boolean({ error: 'audioOnly must be true or false' }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : 'The body must be an object') },
);
export type LecturePlaybackRequest = z.infer<typeof lecturePlaybackRequestSchema>;

export const lecturePlaybackSchema = z.object({
  lectureId: z.string(),
  title: z.string(),
  /** The HLS master playlist, signed for this student only; null when the lecture plays from YouTube. */
  hlsUrl: z.string().nullable(),
  /**
   * The variants hlsUrl's master playlist holds: 'full', 'data-saver' (up to 240p) or 'audio-only'. An
   * audio-only request for a video without a sound rendition of its own answers 'data-saver'; null without hlsUrl.
   */
  ladder: z.enum(LADDER_CHOICES).nullable(),
  youtubeId: z.string().nullable(),
  /** When the address stops working (ask again for a new one). */
  expiresAt: utcDateTimeSchema,
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
  lectureUnavailable: 'This lecture is temporarily unavailable',
  courseNotEntitled: 'This course is not yours: buy it to open its files',
  subjectNotFound: 'Subject not found',
} as const;
