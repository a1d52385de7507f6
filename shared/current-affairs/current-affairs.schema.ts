import { z } from '../validation/zod.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';
import { studentPageQuerySchema, studentPageSchema } from '../validation/paging.ts';
import { saveInputSchema } from '../editing/versions.ts';
import { bannerImageFields, publishResultFields, publishStateFields, rateCardRefSchema, savedRecordFields } from '../editing/record-fields.ts';
import { FIRST_POST_DATE, isCalendarDate, isPostDate, LAST_POST_DATE, shortPostDate } from './current-affair-dates.rules.ts';

export const CURRENT_AFFAIR_MESSAGES = {
  titleRequired: 'Please provide a title',
  titleNotADate: 'The title must be a date written YYYY-MM-DD',
  titleOutOfRange: `The date must be from ${FIRST_POST_DATE} to ${LAST_POST_DATE}`,
  notFound: 'Current affair not found',
  sameDate: (date: string) => `There is already a post for ${shortPostDate(date)}. Add another post for the same date?`,
  rateCardNotFound: 'The rate card was not found',
  coverNotFound: 'The cover art was not found',
  coverNotPublicImage: 'The cover art must be an image uploaded for public access',
  pdfNotFound: 'The current affair PDF was not found',
  pdfNotPrivatePdf: 'The current affair PDF must be a PDF file uploaded for private access',
  notEntitled: 'This post is part of a subscription you have not bought',
} as const;

export const CURRENT_AFFAIR_WARNINGS = {
  noPdf: 'No PDF: upload the current affair PDF students open',
  noCoverImage: 'No cover art: upload the image students see in the list',
} as const;

/** The manager's page size, and the student apps' usual page. */
export const CURRENT_AFFAIRS_PAGE_SIZE = 100;
export const STUDENT_CURRENT_AFFAIRS_PAGE_SIZE = 20;

/** The post's date, its title: required ('Please provide a title'), a real day, within the years posts are dated. */
export const postDateSchema = z
  .string({ error: CURRENT_AFFAIR_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: CURRENT_AFFAIR_MESSAGES.titleRequired, abort: true })
  .max(10, { error: CURRENT_AFFAIR_MESSAGES.titleNotADate, abort: true })
  .refine(isCalendarDate, { error: CURRENT_AFFAIR_MESSAGES.titleNotADate, abort: true })
  .refine(isPostDate, { error: CURRENT_AFFAIR_MESSAGES.titleOutOfRange });

const allowSameDateSchema = z
  .boolean()
  .default(false)
  .describe('Staff confirmed that another post for the same date is wanted; without it such a post is refused with 409 and the field `title`.');

export const createCurrentAffairInputSchema = z.object({ title: postDateSchema, allowSameDate: allowSameDateSchema });
export type CreateCurrentAffairInput = z.input<typeof createCurrentAffairInputSchema>;

const uuid = (message: string) => z.uuid({ error: message });

/** The editable part of a post. The editor sends the whole item; the derived fields in it are ignored. */
export const currentAffairValueSchema = z.object({
  title: postDateSchema,
  isVisible: z.boolean().default(false),
  masterSubscription: uuid(CURRENT_AFFAIR_MESSAGES.rateCardNotFound).nullable().default(null),
  bannerImageId: uuid(CURRENT_AFFAIR_MESSAGES.coverNotFound).nullable().default(null),
  pdfFileId: uuid(CURRENT_AFFAIR_MESSAGES.pdfNotFound).nullable().default(null),
});
export type CurrentAffairValue = z.input<typeof currentAffairValueSchema>;

export const saveCurrentAffairInputSchema = saveInputSchema(currentAffairValueSchema).extend({ allowSameDate: allowSameDateSchema });

/** A post as every answer names it: its id, its date (the title) and the date as shown. */
const postHeadingSchema = z.object({
  _id: z.string(),
  /** YYYY-MM-DD. */
  title: z.string(),
  titleDisplay: z.string(),
});

export const currentAffairListEntrySchema = postHeadingSchema.extend({
  ...publishStateFields,
  bannerImageId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  pdfFileId: z.string().nullable(),
  hasPDFUploaded: z.enum(['Yes', 'No']),
  createdAt: z.string(),
});
export type CurrentAffairListEntry = z.infer<typeof currentAffairListEntrySchema>;

export const currentAffairSchema = postHeadingSchema.extend({
  isVisible: z.boolean(),
  isPublished: z.boolean(),
  publishWarnings: z.array(z.string()),
  masterSubscription: rateCardRefSchema.nullable(),
  ...bannerImageFields,
  pdfFileId: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSizeInBytes: z.number().nullable(),
  hasPDFUploaded: z.enum(['Yes', 'No']),
  ...savedRecordFields,
});
export type CurrentAffair = z.infer<typeof currentAffairSchema>;

export const savedCurrentAffairSchema = z.object({
  ...publishResultFields,
  titleDisplay: z.string(),
  version: z.number(),
});
export type SavedCurrentAffair = z.infer<typeof savedCurrentAffairSchema>;

export const studentCurrentAffairsQuerySchema = studentPageQuerySchema(STUDENT_CURRENT_AFFAIRS_PAGE_SIZE);
export type StudentCurrentAffairsQuery = z.output<typeof studentCurrentAffairsQuerySchema>;

export const studentCurrentAffairSchema = postHeadingSchema.extend({
  coverImageUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSizeInBytes: z.number().nullable(),
  /** The student may open the PDF: the post is free, free to them, or they hold its rate card. */
  entitled: z.boolean(),
  /** The PDF, signed for this student and expiring at `expiresAt`; null when not entitled. */
  pdfUrl: z.string().nullable(),
  /** The PDF's pages as images once converted, signed the same way; empty otherwise. */
  pageUrls: z.array(z.string()),
  /** The rate card it is sold under, with its price in paise. */
  rateCard: z.object({ _id: z.string(), title: z.string(), netPaise: z.int().min(0).describe('Its price, in paise') }).nullable(),
});
export type StudentCurrentAffair = z.infer<typeof studentCurrentAffairSchema>;

export const studentCurrentAffairsPageSchema = studentPageSchema(studentCurrentAffairSchema, { withTotal: true }).extend({
  expiresAt: utcDateTimeSchema.describe('When the signed addresses of this page stop working'),
});
export type StudentCurrentAffairsPage = z.infer<typeof studentCurrentAffairsPageSchema>;
