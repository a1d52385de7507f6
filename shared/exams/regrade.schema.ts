import { z } from '../validation/zod.ts';
import { versionSchema } from '../editing/versions.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';
import { examValueSchema, savedExamSchema } from './exams.schema.ts';

/** The longest reason a regrade may give (students read it on their result). */
export const MAX_REGRADE_REASON_LENGTH = 500;
/** How many of the largest moves up and down a dry run lists. */
export const REGRADE_MOVES_LISTED = 10;
/** How many rows of the ranking a dry run shows before and after. */
export const REGRADE_TOP_ROWS = 100;
/** How many distinct score changes a dry run lists (the most common first). */
export const REGRADE_CHANGE_BUCKETS = 20;

export const REGRADE_MESSAGES = {
  regradeRequired: (attempts: number) =>
    `This change re-marks ${attempts} submitted attempt${attempts === 1 ? '' : 's'}: check it with a dry run and apply it as a regrade`,
  nothingToRegrade: 'This change does not change how any attempt is marked: save it instead',
  noSubmittedAttempts: 'No attempt has been submitted yet: save the exam instead',
  reasonRequired: 'Please give the reason for the regrade',
  reasonTooLong: `The reason can be at most ${MAX_REGRADE_REASON_LENGTH} characters`,
  submitDuringRegrade: 'This exam is being regraded: your answers are saved, submit again in a moment',
} as const;

const reasonSchema = z
  .string({ error: REGRADE_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: REGRADE_MESSAGES.reasonRequired })
  .max(MAX_REGRADE_REASON_LENGTH, { error: REGRADE_MESSAGES.reasonTooLong });

/** A dry run: the exam as the editor would save it, and the version it loaded. */
export const regradeDryRunInputSchema = z.object({ value: examValueSchema, version: versionSchema });
/** Apply: the same, and the reason students are told. */
export const regradeApplyInputSchema = regradeDryRunInputSchema.extend({ reason: reasonSchema });
export type RegradeApplyInput = z.output<typeof regradeApplyInputSchema>;

export const regradeChangeSchema = z.object({
  kind: z.enum(['key', 'void', 'unvoid', 'marks']),
  /** The question's id (key, void and unvoid). */
  questionResId: z.string().nullable(),
  /** Its place in the exam, 1 for the first question. */
  questionNumber: z.number().int().nullable(),
  /** The mark changed (marks). */
  field: z.enum(['correctAnswerScore', 'wrongAnswerScore', 'unAnsweredScore', 'totalMarks']).nullable(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  /** In words, as staff and students read it: "Question 12: the answer is C, not B". */
  label: z.string(),
});
export type RegradeChange = z.infer<typeof regradeChangeSchema>;

export const regradeSummarySchema = z.object({
  /** Submitted attempts re-marked. */
  attempts: z.number().int(),
  /** Those whose score changes. */
  changedAttempts: z.number().int(),
  up: z.number().int(),
  down: z.number().int(),
  maxGain: z.number(),
  maxLoss: z.number(),
  /** The mean change over the attempts whose score changes. */
  averageChange: z.number(),
  /** Attempts in progress: they are marked by the new key when they are submitted. */
  inProgress: z.number().int(),
  /** Students in the ranking compared (the current ranking's, or every first attempt before any sync). */
  ranked: z.number().int(),
  /** Of them, those whose rank changes. */
  moved: z.number().int(),
});
export type RegradeSummary = z.infer<typeof regradeSummarySchema>;

const rankedStudentSchema = z.object({ userId: z.string(), name: z.string(), rank: z.number().int(), score: z.number() });
const rankMoveSchema = z.object({
  userId: z.string(),
  name: z.string(),
  rankBefore: z.number().int(),
  rankAfter: z.number().int(),
  scoreBefore: z.number(),
  scoreAfter: z.number(),
});
export type RankMove = z.infer<typeof rankMoveSchema>;

export const regradeDryRunSchema = z.object({
  changes: z.array(regradeChangeSchema),
  summary: regradeSummarySchema,
  /** The most common score changes and how many attempts have each. */
  byChange: z.array(z.object({ change: z.number(), attempts: z.number().int() })),
  movesUp: z.array(rankMoveSchema),
  movesDown: z.array(rankMoveSchema),
  topBefore: z.array(rankedStudentSchema),
  topAfter: z.array(rankedStudentSchema),
});
export type RegradeDryRun = z.infer<typeof regradeDryRunSchema>;

export const regradeRecordSchema = z.object({
  _id: z.string(),
  appliedAt: z.string(),
  appliedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  reason: z.string(),
  changes: z.array(regradeChangeSchema),
  summary: regradeSummarySchema,
});
export type RegradeRecord = z.infer<typeof regradeRecordSchema>;

export const regradeAppliedSchema = savedExamSchema.extend({ regrade: regradeRecordSchema });
export type RegradeApplied = z.infer<typeof regradeAppliedSchema>;

/** What a student's result says of the last regrade that changed it. */
export const attemptRegradeSchema = z.object({
  regradedAt: utcDateTimeSchema,
  reason: z.string(),
  previousScore: z.number(),
  changes: z.array(z.string()).describe('What the regrade changed, in words'),
});
