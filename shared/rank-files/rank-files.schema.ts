import { z } from '../validation/zod.ts';
import { saveInputSchema } from '../editing/versions.ts';
import { bannerImageFields, publishableDetailSchema, rateCardRefSchema, savedItemSchema, titledRefSchema } from '../editing/record-fields.ts';
import { titleSchema } from '../validation/fields.ts';

export const RANK_FILE_MESSAGES = {
  titleRequired: 'Please provide a title',
  notFound: 'Rank file not found',
  publishedSync: 'The ranking is published: unpublish it before syncing again',
  neverSynced: 'Sync the ranking before publishing it',
  notPublished: 'The ranking of this rank file is not published yet',
  notEntitled: 'This rank file is part of a course or subscription you have not bought',
} as const;

export const RANK_FILE_WARNINGS = {
  noGroups: 'No groups: add a group with its exam',
  groupWithoutExam: (title: string) => `The group “${title}” has no exam`,
  unpublishedExam: (title: string) => `The exam “${title}” is not published`,
  noRateCard: 'No rate card: choose the rate card students buy this rank file under',
} as const;

const uuid = (message: string) => z.uuid({ error: message });

export const createRankFileInputSchema = z.object({ title: titleSchema(RANK_FILE_MESSAGES.titleRequired) });

export const rankFileGroupValueSchema = z.object({
  /** Absent for a group added in this save: the server gives it one. */
  resId: z.string().min(1).max(100).optional(),
  title: z.string().trim().max(300).default(''),
  description: z.string().max(2000).default(''),
  exam: uuid('Exam not found').nullable().default(null),
});

export const rankFileValueSchema = z.object({
  title: titleSchema(RANK_FILE_MESSAGES.titleRequired),
  isVisible: z.boolean().default(false),
  masterSubscription: uuid('The rate card was not found').nullable().default(null),
  description: z.string().max(20_000).default(''),
  /** Free text, as staff type it. */
  sortIndex: z.string().trim().max(20).default('0'),
  bannerImageId: uuid('The banner image was not found').nullable().default(null),
  groups: z.array(rankFileGroupValueSchema).max(200).default([]),
});
export type RankFileValue = z.input<typeof rankFileValueSchema>;

export const saveRankFileInputSchema = saveInputSchema(rankFileValueSchema);

export const rankFileListEntrySchema = titledRefSchema.extend({
  isPublished: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  masterSubscription: titledRefSchema.nullable(),
  createdAt: z.string(),
});
export type RankFileListEntry = z.infer<typeof rankFileListEntrySchema>;

export const rankFileRankStateSchema = z.object({ isRankPublished: z.boolean(), lastRankRefresh: z.number().nullable(), totalParticipants: z.number() });

export const rankFileSchema = publishableDetailSchema.extend({
  masterSubscription: rateCardRefSchema.nullable(),
  description: z.string(),
  sortIndex: z.string(),
  ...bannerImageFields,
  groups: z.array(
    z.object({
      resId: z.string(),
      title: z.string(),
      description: z.string(),
      exam: z.string().nullable(),
      examTitle: z.string().nullable(),
      examIsPublished: z.boolean().nullable(),
    }),
  ),
  ...rankFileRankStateSchema.shape,
  createdAt: z.string(),
  version: z.number(),
});
export type RankFile = z.infer<typeof rankFileSchema>;

export const savedRankFileSchema = savedItemSchema.extend({
  groupResIds: z.array(z.string()),
});
export type SavedRankFile = z.infer<typeof savedRankFileSchema>;

export const rankFileRankingRowSchema = z.object({
  rank: z.number(),
  userId: z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string(), emailAddress: z.string() }),
  total: z.number(),
  examsTaken: z.number(),
});
export type RankFileRankingRow = z.infer<typeof rankFileRankingRowSchema>;
