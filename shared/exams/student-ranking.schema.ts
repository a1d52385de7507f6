import { z } from '../validation/zod.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';

/** A published ranking shows its top 100 to students, a page at a time (the whole top 100 unless asked). */
export const RANKING_PAGE_SIZE = 100;

/** One place of a published ranking (an exam's or a rank file's) as the student apps show it. */
export const rankingRowSchema = z.object({ rank: z.int(), name: z.string(), score: z.number(), performance: z.number() });

/** What a ranking page carries besides its rows: the count of ranked students, when it was ranked, and the student's own place. */
export const rankingFields = {
  totalParticipants: z.int().describe('Every student ranked'),
  lastRankRefreshAt: utcDateTimeSchema.nullable().describe('When the ranking was last computed'),
  me: z.object({ rank: z.int(), score: z.number(), performance: z.number() }).nullable(),
};
