import { z } from '../validation/zod.ts';
import { DISCRIMINATION_BAND_PERCENT, ITEM_FLAGS, MIN_STUDENTS_FOR_DISCRIMINATION, TOO_EASY_ABOVE, TOO_HARD_BELOW } from './item-analysis.rules.ts';

export const ITEM_ANALYSIS_MESSAGES = {
  neverSynced: 'Sync the ranking first: item analysis reads the students the ranking holds',
} as const;

const share = z.number().min(0).max(1).nullable();

export const itemAnalysisOptionSchema = z.object({
  index: z.number().int().describe('The option, from 0'),
  count: z.number().int().describe('The ranked students who chose it'),
  share: share.describe('Of the ranked students whose paper held the question'),
  isCorrect: z.boolean().describe("The correct option by the exam's key now"),
});

export const itemAnalysisQuestionSchema = z.object({
  number: z.number().int().nullable().describe("The question's number in the exam now; null for one taken out since (listed last)"),
  resId: z.string(),
  group: z.string().describe("Its group's title"),
  excerpt: z.string().describe("The start of the question's text"),
  isVoided: z.boolean(),
  correctAnswerIndex: z.number().int().describe('-1 when no option is marked correct'),
  students: z.number().int().describe('The ranked students whose paper held the question'),
  facility: share.describe('The share of them who chose the correct option (unattempted counts as not correct)'),
  discrimination: z
    .number()
    .min(-1)
    .max(1)
    .nullable()
    .describe(
      `Share correct in the upper ${DISCRIMINATION_BAND_PERCENT} % by score minus that in the lower ${DISCRIMINATION_BAND_PERCENT} %; null below ${MIN_STUDENTS_FOR_DISCRIMINATION} ranked students`,
    ),
  options: z.array(itemAnalysisOptionSchema),
  unattempted: z.number().int(),
  unattemptedShare: share,
  averageTimeMs: z.number().int().nullable().describe('Over the students who saw it; null when nobody did'),
  openReports: z.number().int().describe("Students' open reports of a wrong answer key for the question"),
  flags: z
    .array(z.enum(ITEM_FLAGS))
    .describe(
      `too-easy: facility above ${TOO_EASY_ABOVE}; too-hard: below ${TOO_HARD_BELOW}; negative-discrimination: below 0 (a likely wrong key). None for a voided question`,
    ),
});
export type ItemAnalysisQuestion = z.infer<typeof itemAnalysisQuestionSchema>;

export const itemAnalysisSchema = z.object({
  examId: z.string(),
  participants: z.number().int().describe('The students ranked by the last sync (their first submitted attempt)'),
  bandSize: z.number().int().describe('Students in each of the upper and lower bands (0: too few for discrimination)'),
  lastRankRefresh: z.number().describe('When the ranking was synced (ms since 1970)'),
  questions: z.array(itemAnalysisQuestionSchema),
});
export type ItemAnalysis = z.infer<typeof itemAnalysisSchema>;
