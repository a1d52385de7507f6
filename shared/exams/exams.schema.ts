import { z } from 'zod';
import {
  ATTEMPT_LOCKS,
  DEFAULT_GROUP_DURATION_IN_MINS,
  EXAM_MESSAGES,
  EXAM_SUBJECTS,
  EXAM_TYPES,
  MAX_OPTION_COUNT,
  MAX_QUESTIONS_PER_EXAM,
  PSC_EXAMS,
  QUESTION_MIME_TYPES,
  TEMPLATE_IDS,
} from './exam.constants.ts';

const title = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(300);
const score = z.number().finite().min(-1000).max(1000);
const shortText = z.string().trim().max(200).default('');

export const questionSchema = z.object({
  resId: z.string().min(1).max(100),
  question: z.string().max(20_000).default(''),
  options: z.array(z.string().max(5_000)).min(2, { error: 'A question needs at least two options' }).max(MAX_OPTION_COUNT),
  /** -1 means no correct option chosen yet. */
  correctAnswerIndex: z.number().int().min(-1).max(MAX_OPTION_COUNT - 1).default(-1),
  questionMimeType: z.enum(QUESTION_MIME_TYPES).default('text'),
  bannerImageId: z.uuid({ error: 'The question image was not found' }).nullable().default(null),
  bannerImageFizeSizeInBytes: z.number().nonnegative().nullable().default(null),
  tag1: shortText,
  tag2: shortText,
  tag3: shortText,
  tag4: shortText,
  tag5: shortText,
  solution: z.string().max(20_000).default(''),
});
export type Question = z.output<typeof questionSchema>;

export const questionGroupSchema = z.object({
  resId: z.string().min(1).max(100),
  title: z.string().trim().max(300).default(''),
  questions: z.array(questionSchema).max(MAX_QUESTIONS_PER_EXAM).default([]),
  durationInMins: z.number().int().min(1).max(24 * 60).default(DEFAULT_GROUP_DURATION_IN_MINS),
  hasTimeRestriction: z.boolean().default(false),
});
export type QuestionGroup = z.output<typeof questionGroupSchema>;

const keyOf = <T extends readonly { key: string }[]>(list: T) => list.map((item) => item.key) as [T[number]['key'], ...T[number]['key'][]];

/** What the editor saves (PUT /api/admin/exams/{id} {value}); the server fills in the rest. */
export const examValueSchema = z
  .object({
    title: title(EXAM_MESSAGES.titleRequired),
    examType: z.enum(EXAM_TYPES).default('freestyle'),
    isVisible: z.boolean().default(false),
    /** When students may start it (milliseconds since 1970); null: as soon as it is published. */
    publishDateTimeInMs: z.number().int().nonnegative().nullable().default(null),
    examCategoryKey: z.enum(keyOf(PSC_EXAMS)).nullable().default(null),
    examCourseTypeKey: z.enum(keyOf(EXAM_SUBJECTS)).nullable().default(null),
    showInRecentExams: z.boolean().default(false),
    masterSubscription: z.uuid({ error: 'The rate card was not found' }).nullable().default(null),
    correctAnswerScore: score.default(1),
    /** A penalty: a positive number subtracted for each wrong answer. */
    wrongAnswerScore: z.number({ error: EXAM_MESSAGES.penaltyPositive }).finite().min(0, { error: EXAM_MESSAGES.penaltyPositive }).max(1000).default(0),
    unAnsweredScore: score.default(0),
    isSticky: z.boolean().default(false),
    maxNumberOfAttempts: z.union(ATTEMPT_LOCKS.map((value) => z.literal(value)) as [z.ZodLiteral<-1>, z.ZodLiteral<1>]).default(-1),
    totalMarks: z.number().finite().min(0).max(100_000).default(0),
    totalQuestions: z.number().int().min(0).max(MAX_QUESTIONS_PER_EXAM).default(0),
    examDurationInMinutes: z.number().int().min(0).max(24 * 60).default(0),
    description: z.string().max(20_000).default(''),
    instructions: z.array(z.string().max(2_000)).max(100).default([]),
    questionGroups: z.array(questionGroupSchema).max(200).default([]),
  })
  .transform((value) => ({
    ...value,
    // showInRecentExams applies to freestyle exams only.
    showInRecentExams: value.examType === 'freestyle' ? value.showInRecentExams : false,
  }))
  .refine((value) => value.questionGroups.reduce((sum, group) => sum + group.questions.length, 0) <= MAX_QUESTIONS_PER_EXAM, {
    error: `An exam holds at most ${MAX_QUESTIONS_PER_EXAM} questions`,
  });
export type ExamValue = z.output<typeof examValueSchema>;
export type ExamValueInput = z.input<typeof examValueSchema>;

export const saveExamInputSchema = z.object({ value: examValueSchema });

export const examSchema = z.object({
  _id: z.string(),
  templateId: z.enum(TEMPLATE_IDS),
  title: z.string(),
  examType: z.enum(EXAM_TYPES),
  isPublished: z.boolean(),
  publishMessage: z.string(),
  hasPublishMessage: z.boolean(),
  publishWarnings: z.array(z.string()),
  isVisible: z.boolean(),
  publishDateTimeInMs: z.number().nullable(),
  examCategoryKey: z.string().nullable(),
  examCourseTypeKey: z.string().nullable(),
  showInRecentExams: z.boolean(),
  masterSubscription: z.string().nullable(),
  correctAnswerScore: z.number(),
  wrongAnswerScore: z.number().describe('A penalty: a positive number subtracted for each wrong answer (.33 takes a third of a mark)'),
  unAnsweredScore: z.number(),
  isSticky: z.boolean(),
  maxNumberOfAttempts: z.number(),
  totalMarks: z.number(),
  totalQuestions: z.number(),
  examDurationInMinutes: z.number(),
  description: z.string(),
  instructions: z.array(z.string()),
  questionGroups: z.array(questionGroupSchema),
  isRankPublished: z.boolean(),
  lastRankRefresh: z.number().nullable(),
  createdAt: z.string(),
  hasTimeRestrictedGroup: z.boolean(),
});
export type Exam = z.infer<typeof examSchema>;

export const examListEntrySchema = z.object({
  _id: z.string(),
  title: z.string(),
  templateId: z.enum(TEMPLATE_IDS),
  examType: z.enum(EXAM_TYPES),
  isPublished: z.boolean(),
  isVisible: z.boolean(),
  hasPublishMessage: z.boolean(),
  publishMessage: z.string(),
  masterSubscription: z.string().nullable(),
  totalQuestions: z.number(),
  examDurationInMinutes: z.number(),
  createdAt: z.string(),
});
export type ExamListEntry = z.infer<typeof examListEntrySchema>;

export const savedExamSchema = z.object({
  isPublished: z.boolean(),
  publishWarnings: z.array(z.string()),
  publishMessage: z.string(),
  hasPublishMessage: z.boolean(),
});
export type SavedExam = z.infer<typeof savedExamSchema>;

export const createExamInputSchema = z.object({
  title: title(EXAM_MESSAGES.titleRequired),
  templateId: z.enum(TEMPLATE_IDS, { error: EXAM_MESSAGES.templateRequired }).default('regular'),
});
export const copyExamInputSchema = z.object({
  id: z.string({ error: EXAM_MESSAGES.copyIdRequired }).trim().min(1, { error: EXAM_MESSAGES.copyIdRequired }),
});

export const rankStateSchema = z.object({
  lastRankRefresh: z.number().nullable(),
  isRankPublished: z.boolean(),
});
export type RankState = z.infer<typeof rankStateSchema>;

export const analyticsRowSchema = z.object({
  userId: z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string().nullable(), emailAddress: z.string() }),
  rank: z.number(),
  totalParticipants: z.number(),
  score: z.number(),
  performance: z.number(),
  correctAnswerCount: z.number(),
  wrongAnswerCount: z.number(),
  unAttemptedAnswerCount: z.number(),
  unseenQuestionCount: z.number(),
});
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;
