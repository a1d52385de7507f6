import { z } from '../validation/zod.ts';
import { saveInputSchema } from '../editing/versions.ts';
import { publishResultFields, publishStateFields, titledRefSchema } from '../editing/record-fields.ts';
import { byteSizeSchema, MAX_TITLE_LENGTH, titleSchema } from '../validation/fields.ts';
import {
  ATTEMPT_LOCKS,
  DEFAULT_GROUP_DURATION_IN_MINS,
  EXAM_MESSAGES,
  EXAM_SUBJECTS,
  EXAM_TYPES,
  MAX_OPTION_COUNT,
  MAX_TIME_MS,
  MAX_QUESTIONS_PER_EXAM,
  PSC_EXAMS,
  QUESTION_MIME_TYPES,
  TEMPLATE_IDS,
} from './exam.constants.ts';

/**
 * A new group or question may come without an id (a REST client cannot know one): the server gives it
 * one. The API document states that in words and shows no default: a generated id there would make the
 * document differ on every build.
 */
const resId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .default(() => globalThis.crypto.randomUUID())
  .meta({ default: undefined, description: 'Left out for a new group or question: the server gives it an id' });
const score = z.number().finite().min(-1000).max(1000);
const shortText = z.string().trim().max(200).default('');

export const questionSchema = z.object({
  resId,
  question: z.string().max(20_000).default(''),
  options: z.array(z.string().max(5_000)).min(2, { error: 'A question needs at least two options' }).max(MAX_OPTION_COUNT),
  /** -1 means no correct option chosen yet. */
  correctAnswerIndex: z
    .number()
    .int()
    .min(-1)
    .max(MAX_OPTION_COUNT - 1)
    .default(-1),
  /** Voided (by a regrade): it earns and costs nothing and is not counted. */
  isVoided: z.boolean().default(false),
  questionMimeType: z.enum(QUESTION_MIME_TYPES).default('text'),
  bannerImageId: z.uuid({ error: 'The question image was not found' }).nullable().default(null),
  /** Taken from the stored image when the exam is saved. */
  bannerImageFizeSizeInBytes: byteSizeSchema.nullable().default(null),
  tag1: shortText,
  tag2: shortText,
  tag3: shortText,
  tag4: shortText,
  tag5: shortText,
  solution: z.string().max(20_000).default(''),
});
export type Question = z.output<typeof questionSchema>;

export const questionGroupSchema = z.object({
  resId,
  title: z.string().trim().max(MAX_TITLE_LENGTH).default(''),
  questions: z.array(questionSchema).max(MAX_QUESTIONS_PER_EXAM).default([]),
  durationInMins: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_GROUP_DURATION_IN_MINS),
  hasTimeRestriction: z.boolean().default(false),
});
export type QuestionGroup = z.output<typeof questionGroupSchema>;

const keyOf = <T extends readonly { key: string }[]>(list: T) => list.map((item) => item.key) as [T[number]['key'], ...T[number]['key'][]];

/** What the editor saves (PUT /api/admin/exams/{id} {value}); the server fills in the rest. */
export const examValueSchema = z
  .object({
    title: titleSchema(EXAM_MESSAGES.titleRequired),
    examType: z.enum(EXAM_TYPES).default('freestyle'),
    isVisible: z.boolean().default(false),
    /** When students may start it (milliseconds since 1970); null: as soon as it is published. */
    publishDateTimeInMs: z
      .number()
      .int({ error: 'publishDateTimeInMs must be a time in whole milliseconds since 1970' })
      .min(0, { error: 'publishDateTimeInMs must be a time in milliseconds since 1970' })
      .max(MAX_TIME_MS, { error: 'publishDateTimeInMs must be a time before the year 10000' })
      .nullable()
      .default(null),
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
    examDurationInMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(0),
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
  })
  .superRefine((value, ctx) => {
    // Answers, scores and the review find a question by its id: two questions with one id would be one answer counted twice.
    for (const duplicate of duplicateIds(value.questionGroups.map((group) => group.resId))) {
      ctx.addIssue({
        code: 'custom',
        path: ['questionGroups', duplicate.index, 'resId'],
        message: EXAM_MESSAGES.duplicateGroupId(duplicate.id, duplicate.count),
      });
    }
    const questions = value.questionGroups.flatMap((group, groupIndex) =>
      group.questions.map((question, questionIndex) => ({ id: question.resId, groupIndex, questionIndex })),
    );
    for (const duplicate of duplicateIds(questions.map((question) => question.id))) {
      const { groupIndex, questionIndex } = questions[duplicate.index]!;
      ctx.addIssue({
        code: 'custom',
        path: ['questionGroups', groupIndex, 'questions', questionIndex, 'resId'],
        message: EXAM_MESSAGES.duplicateQuestionId(duplicate.id, duplicate.count),
      });
    }
  });

/** Each id used more than once: where it is used the second time, and how often in all. */
function duplicateIds(ids: string[]): Array<{ id: string; index: number; count: number }> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const seen = new Set<string>();
  const found: Array<{ id: string; index: number; count: number }> = [];
  ids.forEach((id, index) => {
    if (seen.has(id) && !found.some((entry) => entry.id === id)) found.push({ id, index, count: counts.get(id)! });
    seen.add(id);
  });
  return found;
}
export type ExamValue = z.output<typeof examValueSchema>;
export type ExamValueInput = z.input<typeof examValueSchema>;

export const saveExamInputSchema = saveInputSchema(examValueSchema);

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
  /** Sent back with a save, so that a save made from an older copy is refused. */
  version: z.number(),
  updatedAt: z.string(),
});
export type Exam = z.infer<typeof examSchema>;

export const examListEntrySchema = titledRefSchema.extend({
  templateId: z.enum(TEMPLATE_IDS),
  examType: z.enum(EXAM_TYPES),
  ...publishStateFields,
  hasPublishMessage: z.boolean(),
  publishMessage: z.string(),
  masterSubscription: z.string().nullable(),
  totalQuestions: z.number(),
  examDurationInMinutes: z.number(),
  createdAt: z.string(),
});
export type ExamListEntry = z.infer<typeof examListEntrySchema>;

export const savedExamSchema = z.object({
  /** The version now stored: the next save sends it. */
  version: z.number(),
  ...publishResultFields,
  publishMessage: z.string(),
  hasPublishMessage: z.boolean(),
});
export type SavedExam = z.infer<typeof savedExamSchema>;

export const createExamInputSchema = z.object({
  title: titleSchema(EXAM_MESSAGES.titleRequired),
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
