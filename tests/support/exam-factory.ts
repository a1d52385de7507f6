import type { FastifyInstance } from 'fastify';
import type { ExamValueInput, QuestionGroup } from '../../shared/exams/exams.schema.ts';
import type { Db } from '../../server/db/database.ts';

let counter = 0;

/** What a plain text question leaves blank: no picture, no tags, no solution. */
export const PLAIN_QUESTION = {
  questionMimeType: 'text' as const,
  bannerImageId: null,
  bannerImageFizeSizeInBytes: null,
  tag1: '',
  tag2: '',
  tag3: '',
  tag4: '',
  tag5: '',
  solution: '',
};

/** A group of `count` questions whose correct option is `correct(i)` (default: option 0). */
export function questionGroup(
  count: number,
  options: { title?: string; correct?: (i: number) => number; tags?: (i: number) => string; restricted?: number } = {},
): QuestionGroup {
  counter += 1;
  return {
    resId: `g${counter}`,
    title: options.title ?? `Group ${counter}`,
    durationInMins: options.restricted ?? 40,
    hasTimeRestriction: options.restricted !== undefined,
    questions: Array.from({ length: count }, (_, i) => ({
      resId: `g${counter}q${i + 1}`,
      question: `Question ${i + 1}: which is right?`,
      options: ['A', 'B', 'C', 'D'],
      correctAnswerIndex: options.correct ? options.correct(i) : 0,
      isVoided: false,
      ...PLAIN_QUESTION,
      tag1: options.tags ? options.tags(i) : '',
      solution: `Because option ${options.correct ? options.correct(i) + 1 : 1} is right.`,
    })),
  };
}

export async function createFreeRateCard(db: Db, title = 'Free tests'): Promise<string> {
  const row = await db
    .insertInto('subscriptions')
    .values({ title, is_free: true, gross_amount: 0, gst_rate: 18, gst_amount: 0, net_amount: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createPaidRateCard(db: Db, title = 'Mock test pack'): Promise<string> {
  const row = await db
    .insertInto('subscriptions')
    .values({ title, gross_amount: 499, gst_rate: 18, gst_amount: 89.82, net_amount: 588.82 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates an exam through the API and saves `value` over it; answers its id and the save's answer. */
export async function createPublishedExam(
  app: FastifyInstance,
  cookie: string,
  value: Partial<ExamValueInput> & { questionGroups: QuestionGroup[] },
  templateId = 'regular',
) {
  const created = await app.inject({ method: 'POST', url: '/api/admin/exams', headers: { cookie }, payload: { title: value.title ?? 'Exam', templateId } });
  if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
  const id = created.json()._id as string;
  const questions = value.questionGroups.reduce((sum, group) => sum + (group.questions?.length ?? 0), 0);
  const full = {
    title: 'Exam',
    isVisible: true,
    examDurationInMinutes: 30,
    totalQuestions: questions,
    totalMarks: questions * (value.correctAnswerScore ?? 1),
    ...value,
  };
  const saved = await app.inject({ method: 'PUT', url: `/api/admin/exams/${id}`, headers: { cookie }, payload: { value: full } });
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.body}`);
  return { id, saved: saved.json() as { isPublished: boolean; publishWarnings: string[]; publishMessage: string; hasPublishMessage: boolean } };
}

/** What GET /api/admin/exams/details answers that a save does not take back (the exam's id, its state and stamps). */
const EXAM_READ_ONLY = [
  '_id',
  'templateId',
  'isPublished',
  'publishMessage',
  'hasPublishMessage',
  'publishWarnings',
  'isRankPublished',
  'lastRankRefresh',
  'createdAt',
  'hasTimeRestrictedGroup',
] as const;

/** The editable value of an exam as the details call answers it, for a PUT; `also` leaves out more (e.g. the version). */
export function editableExam(exam: Record<string, unknown>, also: string[] = []): Record<string, unknown> {
  const leftOut = new Set<string>([...EXAM_READ_ONLY, ...also]);
  return Object.fromEntries(Object.entries(exam).filter(([key]) => !leftOut.has(key)));
}
