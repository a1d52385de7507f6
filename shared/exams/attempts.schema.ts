import { z } from '../validation/zod.ts';
import { titledRefSchema } from '../editing/record-fields.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';
import { EXAM_TYPES, MAX_OPTION_COUNT, type ExamMarking } from './exam.constants.ts';
import type { QuestionGroup } from './exams.schema.ts';
import { attemptRegradeSchema } from './regrade.schema.ts';

/** The immutable copy of an exam that attempts are taken and scored against. */
export interface ExamPaper extends ExamMarking {
  examId: string;
  title: string;
  examType: 'quiz' | 'freestyle';
  instructions: string[];
  questionGroups: QuestionGroup[];
}

/** A quiz's order for one attempt: groups keep their order, questions and options are shuffled. */
export interface AttemptLayout {
  groups: Array<{ resId: string; questions: Array<{ resId: string; options: number[] }> }>;
}

/** How long after the deadline an answer or a submit is still taken (a slow network, a clock a little off). */
export const ANSWER_GRACE_SECONDS = 15;
/** The most answers one autosave call may carry. */
export const MAX_ANSWERS_PER_SAVE = 1000;

export const ATTEMPT_MESSAGES = {
  notFound: 'Exam not found',
  attemptNotFound: 'Attempt not found',
  notPublished: 'This exam is not open to students',
  notEntitled: 'Subscribe to take this exam',
  attemptLocked: 'You have already taken this exam: it allows one attempt',
  deadlinePassed: 'The time for this exam is over: answers can no longer be changed',
  groupClosed: (group: string) => `The time for "${group}" is over: its answers can no longer be changed`,
  groupNotOpen: (group: string) => `"${group}" has not started yet`,
  alreadySubmitted: 'This attempt has been submitted: answers can no longer be changed',
  notSubmitted: 'Submit the exam to see its review',
  unknownQuestion: (resId: string) => `Question ${resId} is not part of this exam`,
  badOption: (resId: string) => `The answer to question ${resId} is not one of its options`,
  rankNotPublished: 'The ranking of this exam is not published yet',
} as const;

export const studentExamSchema = titledRefSchema.extend({
  examType: z.enum(EXAM_TYPES),
  description: z.string(),
  instructions: z.array(z.string()),
  totalMarks: z.number(),
  totalQuestions: z.number(),
  examDurationInMinutes: z.number(),
  correctAnswerScore: z.number(),
  wrongAnswerScore: z.number().describe('A penalty subtracted for each wrong answer'),
  unAnsweredScore: z.number(),
  maxNumberOfAttempts: z.number(),
  publishAt: utcDateTimeSchema.nullable().describe('When the exam opens to students (null: as soon as it is published)'),
  showInRecentExams: z.boolean(),
  isSticky: z.boolean(),
  attemptsTaken: z.number(),
  inProgressAttemptId: z.string().nullable(),
  canStart: z.boolean(),
  isRankPublished: z.boolean(),
});
export type StudentExam = z.infer<typeof studentExamSchema>;

/** A question as a student sees it, during the attempt and in its review. */
const shownQuestionSchema = z.object({
  resId: z.string(),
  question: z.string(),
  questionMimeType: z.enum(['text', 'image']),
  imageUrl: z.string().nullable(),
  options: z.array(z.string()),
});

export const attemptQuestionSchema = shownQuestionSchema.extend({
  providedAnswerIndex: z.number(),
  timeElapsedInMs: z.number(),
  revision: z.number(),
});

export const attemptGroupSchema = z.object({
  resId: z.string(),
  title: z.string(),
  durationInMins: z.number(),
  hasTimeRestriction: z.boolean(),
  /** When this group's answers are taken: the whole exam, or the group's own window. */
  opensAt: utcDateTimeSchema,
  closesAt: utcDateTimeSchema,
  questions: z.array(attemptQuestionSchema),
});

export const attemptSchema = z.object({
  _id: z.string(),
  examId: z.string(),
  title: z.string(),
  examType: z.enum(EXAM_TYPES),
  attemptNumber: z.number(),
  status: z.enum(['in-progress', 'submitted']),
  startedAt: utcDateTimeSchema,
  deadlineAt: utcDateTimeSchema,
  serverTime: utcDateTimeSchema.describe("The server's clock when it answered: the app counts down to deadlineAt from it, not from the device's clock"),
  examDurationInMinutes: z.number(),
  totalQuestions: z.number(),
  instructions: z.array(z.string()),
  questionGroups: z.array(attemptGroupSchema),
});
export type AttemptView = z.infer<typeof attemptSchema>;

export const saveAnswersInputSchema = z.object({
  answers: z
    .array(
      z.object({
        questionResId: z.string().min(1).max(100),
        /** As shown to the student; -1 clears the answer. */
        providedAnswerIndex: z
          .number()
          .int()
          .min(-1)
          .max(MAX_OPTION_COUNT - 1),
        /** Time spent on the question so far, in total (not since the last save). */
        timeElapsedInMs: z
          .number()
          .int()
          .min(0)
          .max(24 * 3600 * 1000),
        /** Grows with every change the client makes; a request carrying an older revision is ignored. */
        revision: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      }),
    )
    .min(1, { error: 'No answers to save' })
    .max(MAX_ANSWERS_PER_SAVE, { error: `At most ${MAX_ANSWERS_PER_SAVE} answers per save` }),
});
export type SaveAnswersInput = z.infer<typeof saveAnswersInputSchema>;

export const savedAnswersSchema = z.object({
  saved: z.number().describe('Answers written by this call'),
  ignored: z.array(z.string()).describe('Questions whose stored answer has a newer revision than the one sent'),
  rejected: z
    .array(z.object({ questionResId: z.string(), message: z.string() }))
    .describe("Answers refused and not saved: their group's time is over or has not started"),
  serverTime: utcDateTimeSchema,
  deadlineAt: utcDateTimeSchema,
});

export const tallySchema = z.object({
  totalQuestionCount: z.number(),
  correctAnswerCount: z.number(),
  wrongAnswerCount: z.number(),
  unAttemptedAnswerCount: z.number(),
  unseenQuestionCount: z.number(),
  score: z.number(),
  performance: z.number(),
});

export const reviewQuestionSchema = shownQuestionSchema.extend({
  correctAnswerIndex: z.number(),
  providedAnswerIndex: z.number(),
  hasCorrectlyMarked: z.boolean(),
  timeElapsedInMs: z.number(),
  score: z.number(),
  isVoided: z.boolean().describe('Voided by a regrade: it earns and costs nothing and is not counted'),
  solution: z.string(),
});

export const examResultSchema = tallySchema.extend({
  attemptId: z.string(),
  examId: z.string(),
  submittedBy: z.enum(['student', 'deadline']),
  submittedAt: utcDateTimeSchema.nullable().describe('When the attempt was submitted (the deadline for a late or automatic submit)'),
  questionGroups: z.array(tallySchema.extend({ resId: z.string(), title: z.string(), questions: z.array(reviewQuestionSchema) })),
  completionRate: z.number(),
  avgDurationPerQuestInMs: z.number(),
  effectiveExamDurationInSec: z.number(),
  elapsedTimeInMilliseconds: z.number(),
  examDurationInMinutes: z.number(),
  totalMarks: z.number(),
  correctAnswerScore: z.number(),
  wrongAnswerScore: z.number(),
  unAnsweredScore: z.number(),
  performanceRate: z.number(),
  tagRanking: z.array(tallySchema.extend({ tag: z.string() })),
  rank: z.number().describe('-1 until the ranking is synced and published'),
  totalParticipants: z.number().describe('-1 until the ranking is synced and published'),
  regrade: attemptRegradeSchema.nullable().describe('The last regrade that changed this result, and why; null when none did'),
});
export type ExamResultView = z.infer<typeof examResultSchema>;
