import { z } from '../validation/zod.ts';
import { saveInputSchema } from '../editing/versions.ts';
import { bannerImageFields, publishableItemSchema, publishResultFields, publishStateFields, savedRecordFields } from '../editing/record-fields.ts';
import { byteSizeSchema, titleSchema } from '../validation/fields.ts';

export const NEW_LECTURE_TITLE_REQUIRED = 'Please provide a title';
export const YOUTUBE_ID_ONLY = 'Enter the YouTube video id only (11 characters, e.g. dQw4w9WgXcQ), not a link';

const uuid = (message: string) => z.uuid({ error: message });

export const createLectureInputSchema = z.object({
  title: titleSchema(NEW_LECTURE_TITLE_REQUIRED),
});

export const lectureNoteSchema = z.object({
  resId: z.string().min(1).max(100),
  lectureResId: z.string().max(100).default(''),
  pdfFileId: uuid('Each note needs its PDF file'),
  fileName: z.string().max(300).default(''),
  fileSizeInBytes: byteSizeSchema.default(0),
});
export type LectureNote = z.infer<typeof lectureNoteSchema>;

/** A YouTube video id: 11 characters of letters, digits, - and _. A link is refused. */
export const youtubeIdSchema = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{11}$/, { error: YOUTUBE_ID_ONLY })
      .nullable(),
  );

/** What the editor saves; file names, sizes and durations come from the files themselves. */
export const lectureValueSchema = z.object({
  title: titleSchema(NEW_LECTURE_TITLE_REQUIRED),
  isVisible: z.boolean().default(false),
  masterSubscription: uuid('The rate card was not found').nullable().optional(),
  lecturerId: uuid('Choose a lecturer from the list').nullable().optional(),
  lecturerName: z.string().trim().max(200).default(''),
  bannerImageId: uuid('The banner image was not found').nullable().optional(),
  youtubeLink: youtubeIdSchema.nullable().optional(),
  enableYoutubePlayer: z.boolean().default(false),
  videoResourceId: uuid('The video was not found').nullable().optional(),
  notes: z.array(lectureNoteSchema).max(100).default([]),
  /** The exams offered with the lecture, in order; absent keeps them as they are. */
  exams: z.array(uuid('Exam not found')).max(200).optional(),
});
export type LectureValue = z.input<typeof lectureValueSchema>;

export const saveLectureInputSchema = saveInputSchema(lectureValueSchema);

export const lectureSchema = z.object({
  _id: z.string(),
  resId: z.string(),
  title: z.string(),
  ...publishStateFields,
  publishWarnings: z.array(z.string()),
  masterSubscription: z.string().nullable(),
  lecturerId: z.string().nullable(),
  lecturerName: z.string(),
  ...bannerImageFields,
  youtubeLink: z.string().nullable(),
  enableYoutubePlayer: z.boolean(),
  videoResourceId: z.string().nullable(),
  videoFileName: z.string().nullable(),
  videoFileSizeInBytes: z.number().nullable(),
  videoDurationInMinutes: z.number().nullable(),
  notes: z.array(lectureNoteSchema),
  exams: z.array(z.object({ _id: z.string(), title: z.string(), isPublished: z.boolean() })),
  /** Notes whose file is missing (found by the hourly check) and not marked resolved. */
  missingPdfs: z.array(z.object({ pdfFileId: z.string(), fileName: z.string() })),
  /** Whether the lecture is in the custom lecture collection. */
  inCustomCollection: z.boolean(),
  __coursesAttachedTo: z.array(z.array(z.object({ courseTitle: z.string() }))),
  ...savedRecordFields,
});
export type Lecture = z.infer<typeof lectureSchema>;

/** A row of the lecture catalogue. */
export const lectureSummarySchema = publishableItemSchema.extend({
  masterSubscription: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  videoDurationInMinutes: z.number().nullable(),
  videoFileSizeInBytes: z.number().nullable(),
  videoState: z.string().nullable(),
  notesCount: z.number(),
  createdAt: z.string(),
});
export type LectureSummary = z.infer<typeof lectureSummarySchema>;

export const savedLectureSchema = z.object({ version: z.number(), ...publishResultFields });
export type SavedLecture = z.infer<typeof savedLectureSchema>;
