import { z } from '../validation/zod.ts';
import { studentPageSchema } from '../validation/paging.ts';
import { titledRefSchema } from '../editing/record-fields.ts';
import { titleSchema } from '../validation/fields.ts';
import { lectureSummarySchema } from './lectures.schema.ts';

export const COLLECTION_MESSAGES = {
  titleRequired: 'Please provide a title for the collection',
  lectureNotFound: 'Lecture not found',
  /** A reorder sent from a copy of the collection that someone has changed since. */
  changed: 'The collection has changed since you loaded it (a lecture was added or removed). Reload it and move the lecture again.',
  repeated: 'A lecture is listed more than once',
} as const;

/** The most lectures the collection may hold. */
export const MAX_COLLECTION_LECTURES = 2_000;

/** GET /api/admin/custom-lectures: the collection's title and its lectures in order. */
export const lectureCollectionSchema = z.object({
  title: z.string(),
  lectureIds: z.array(z.string()),
  lecturesMetaData: z.array(lectureSummarySchema),
});
export type LectureCollection = z.infer<typeof lectureCollectionSchema>;

export const collectionTitleInputSchema = z.object({ title: titleSchema(COLLECTION_MESSAGES.titleRequired) });

/** The new order: every lecture of the collection, each once (other fields of an entry are ignored). */
export const collectionOrderInputSchema = z.object({
  lecturesMetaData: z
    .array(z.object({ _id: z.uuid({ error: COLLECTION_MESSAGES.lectureNotFound }) }))
    .max(MAX_COLLECTION_LECTURES, { error: `The collection holds at most ${MAX_COLLECTION_LECTURES} lectures` }),
});

/** A lecture of the collection as the student apps list it. */
export const studentCollectionLectureSchema = titledRefSchema.extend({
  thumbnailUrl: z.string().nullable(),
  lecturerName: z.string(),
  videoDurationInMinutes: z.number().nullable(),
  notesCount: z.number(),
  /** Whether this student may watch it (free, or held through a grant). */
  canWatch: z.boolean(),
});
/** The custom collection as the student apps page through it: its title and a page of its lectures, with `total`. */
export const studentCollectionSchema = studentPageSchema(studentCollectionLectureSchema, { withTotal: true }).extend({ title: z.string() });
export type StudentCollection = z.infer<typeof studentCollectionSchema>;
