import { z } from '../validation/zod.ts';
import { saveInputSchema } from '../editing/versions.ts';
import {
  bannerImageFields,
  publishableDetailSchema,
  publishableItemSchema,
  rateCardRefSchema,
  savedItemSchema,
  savedRecordFields,
  titledRefSchema,
} from '../editing/record-fields.ts';
import { byteSizeSchema, titleSchema } from '../validation/fields.ts';
import { COURSE_MESSAGES, MAX_DUPLICATE_COUNT } from './course.constants.ts';

const uuid = (message: string) => z.uuid({ error: message });
/** A day of the plan: a whole number PostgreSQL's integer holds. */
const dayNumber = z.number().int().min(-100_000).max(100_000);
const dayList = z.array(dayNumber).max(1000).default([]);

export const createCourseInputSchema = z.object({ title: titleSchema(COURSE_MESSAGES.titleRequired) });
export const duplicateCourseInputSchema = z.object({
  count: z
    .number({ error: COURSE_MESSAGES.countTooSmall })
    .int({ error: COURSE_MESSAGES.countTooSmall })
    .min(1, { error: COURSE_MESSAGES.countTooSmall })
    .max(MAX_DUPLICATE_COUNT, { error: `At most ${MAX_DUPLICATE_COUNT} copies at a time` }),
});

/** A previous-questions or syllabus PDF of a course. */
export const courseFileSchema = z.object({
  resId: z.string().min(1).max(100),
  pdfFileId: uuid('Each PDF entry needs its file'),
  fileName: z.string().max(300).default(''),
  fileSizeInBytes: byteSizeSchema.default(0),
  isActive: z.boolean().default(true),
  /** Previous questions only: the exam year (0 when not given). */
  year: z.number().int().min(0).max(9999).default(0),
});
export type CourseFile = z.output<typeof courseFileSchema>;

export const studyPlanNoteSchema = z.object({
  id: z.string().min(1).max(100),
  /** The day the note follows; -1 is the introduction. */
  afterDayIndex: z.number().int().min(-1).max(100_000),
  title: z.string().trim().max(300).default(''),
  content: z.string().trim().min(1, { error: COURSE_MESSAGES.noteContentRequired }).max(20_000),
  visible: z.boolean().default(true),
  createdAt: z.iso.datetime().optional(),
  updatedAt: z.iso.datetime().optional(),
});
export type StudyPlanNote = z.output<typeof studyPlanNoteSchema>;

export const subjectValueSchema = z.object({
  /** Absent for a subject added in this save. */
  _id: uuid('Subject not found').optional(),
  title: titleSchema(COURSE_MESSAGES.subjectTitleRequired),
  isActive: z.boolean().default(true),
  bannerImageId: uuid('The subject image was not found').nullable().default(null),
  /** Lecture ids in order. */
  lectures: z.array(uuid('Lecture not found')).max(1000).default([]),
  lectureDaySchedulePlan: z.record(z.string().max(100), dayList).default({}),
  lectureTopicMetadata: z.record(z.string().max(100), z.string().trim().max(300)).default({}),
});
export type SubjectValue = z.input<typeof subjectValueSchema>;

export const courseExamValueSchema = z.object({ exam: uuid('Exam not found'), dayTags: dayList });

/** What the editor saves: the whole course. */
export const courseValueSchema = z.object({
  title: titleSchema(COURSE_MESSAGES.titleRequired),
  description: z.string().max(20_000).default(''),
  category: z.string().trim().max(100).nullable().default(null),
  tags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  isExpiredCourse: z.boolean().default(false),
  sortIndex: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  cmsTags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  bannerImageId: uuid('The banner image was not found').nullable().default(null),
  previewVideoId: uuid('The banner video was not found').nullable().default(null),
  dayPlannerPdfId: uuid('The day planner was not found').nullable().default(null),
  courseRateCardId: uuid('The rate card was not found').nullable().default(null),
  attachedSubscriptions: z
    .array(z.object({ subscriptionId: uuid('The rate card was not found') }))
    .max(50)
    .default([]),
  isBestSelling: z.boolean().default(false),
  isVisible: z.boolean().default(false),
  enableDaySchedule: z.boolean().default(true),
  dayScheduleNote: z.string().max(20_000).default(''),
  previousQuestions: z.array(courseFileSchema).max(200).default([]),
  syllabus: z.array(courseFileSchema).max(200).default([]),
  studyPlanNotes: z.array(studyPlanNoteSchema).max(2000).default([]),
  subjects: z.array(subjectValueSchema).max(200).default([]),
  exams: z.array(courseExamValueSchema).max(1000).default([]),
  rankFiles: z.array(uuid('Rank file not found')).max(200).default([]),
});
export type CourseValue = z.input<typeof courseValueSchema>;

export const saveCourseInputSchema = saveInputSchema(courseValueSchema);
export const attachCourseInputSchema = z.object({
  addedLectureIds: z.array(uuid('Lecture not found')).max(5000).default([]),
  removedLectureIds: z.array(uuid('Lecture not found')).max(5000).default([]),
});

export const courseListEntrySchema = publishableItemSchema.extend({
  courseRateCard: rateCardRefSchema.nullable(),
  isBestSelling: z.boolean(),
  cmsTags: z.array(z.string()),
  category: z.string().nullable(),
  createdAt: z.string(),
});
export type CourseListEntry = z.infer<typeof courseListEntrySchema>;

export const courseLectureSchema = titledRefSchema.extend({
  isPublished: z.boolean(),
  videoDurationInMinutes: z.number().nullable(),
});

export const subjectSchema = titledRefSchema.extend({
  isActive: z.boolean(),
  bannerImageId: z.string().nullable(),
  lectures: z.array(courseLectureSchema),
  lectureDaySchedulePlan: z.record(z.string(), z.array(z.number())),
  lectureTopicMetadata: z.record(z.string(), z.string()),
});

export const courseExamSchema = z.object({
  dayTags: z.array(z.number()),
  exam: z.string(),
  exams: z.object({
    _id: z.string(),
    title: z.string(),
    isPublished: z.boolean(),
    masterSubscription: z.string().nullable(),
    examDurationInMinutes: z.number(),
  }),
});

export const courseSchema = publishableDetailSchema.extend({
  isExpiredCourse: z.boolean(),
  isBestSelling: z.boolean(),
  description: z.string(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  sortIndex: z.number(),
  cmsTags: z.array(z.string()),
  ...bannerImageFields,
  previewVideoId: z.string().nullable(),
  previewVideoFileSizeInBytes: z.number().nullable(),
  dayPlannerPdfId: z.string().nullable(),
  courseRateCardId: z.string().nullable(),
  courseRateCard: rateCardRefSchema.nullable(),
  attachedSubscriptions: z.array(z.object({ subscriptionId: z.string() })),
  enableDaySchedule: z.boolean(),
  dayScheduleNote: z.string(),
  previousQuestions: z.array(courseFileSchema),
  syllabus: z.array(courseFileSchema),
  studyPlanNotes: z.array(studyPlanNoteSchema),
  subjects: z.array(subjectSchema),
  exams: z.array(courseExamSchema),
  rankFiles: z.array(z.object({ _id: z.string(), title: z.string(), masterSubscription: z.string().nullable() })),
  ...savedRecordFields,
});
export type Course = z.infer<typeof courseSchema>;

export const savedCourseSchema = savedItemSchema.extend({
  /** The subjects' ids in the order saved, the new ones' included. */
  subjectIds: z.array(z.string()),
});
export type SavedCourse = z.infer<typeof savedCourseSchema>;
