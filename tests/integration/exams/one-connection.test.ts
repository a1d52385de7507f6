import { beforeAll, describe, expect, it } from 'vitest';
import { submitOverdueAttempts } from '../../../server/exams/attempts.service.ts';
import { createFreeRateCard, createPublishedExam, editableExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

/*
 * A transaction holds its connection until it ends: a statement it waits for must run on that
 * connection, never on another one taken from the pool. Otherwise, when every connection of the
 * pool is held by such a transaction (a burst of submits at the end of an exam), each waits for a
 * connection that only the others could give back, and no request is answered again. A pool of
 * one connection makes that certain: these calls finish only if nothing inside their transaction
 * asks the pool for a second connection. Each exam here is new, so no cache holds its paper or key.
 */
const harness = useApp({ roles: ['admin', 'student'], names: { student: 'One Connection Student' }, poolSize: 1 });
const asStudent = harness.injectAs('student');
const asAdmin = harness.injectAs('admin');
let freeCard: string;

beforeAll(async () => {
  freeCard = await createFreeRateCard(harness.db);
});

async function newExam(title: string) {
  const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
    title,
    questionGroups: [questionGroup(4, { correct: () => 0 })],
    masterSubscription: freeCard,
  });
  return id;
}

async function answeredAttempt(examId: string): Promise<string> {
  const started = await asStudent('POST', `/api/student/exams/${examId}/attempts`);
  expect(started.statusCode, started.body).toBe(200);
  const attempt = started.json() as { _id: string; questionGroups: Array<{ questions: Array<{ resId: string }> }> };
  const answers = attempt.questionGroups[0]!.questions.map((question, i) => ({
    questionResId: question.resId,
    providedAnswerIndex: i < 3 ? 0 : 1,
    timeElapsedInMs: 1000,
    revision: 1,
  }));
  const saved = await asStudent('PUT', `/api/student/attempts/${attempt._id}/answers`, { answers });
  expect(saved.statusCode, saved.body).toBe(200);
  return attempt._id;
}

describe('with one database connection', () => {
  it("a student's submit is marked by a key no cache holds yet", async () => {
    const attemptId = await answeredAttempt(await newExam('One connection submit'));
    const submitted = await asStudent('POST', `/api/student/attempts/${attemptId}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ correctAnswerCount: 3, wrongAnswerCount: 1, unAttemptedAnswerCount: 0 });
  });

  it("the deadline's sweep submits an overdue attempt", async () => {
    const attemptId = await answeredAttempt(await newExam('One connection sweep'));
    await harness.db
      .updateTable('exam_attempts')
      .set({ deadline_at: new Date(Date.now() - 60_000) })
      .where('id', '=', attemptId)
      .execute();
    expect(await submitOverdueAttempts(harness.db)).toBeGreaterThanOrEqual(1);
    const row = await harness.db
      .selectFrom('exam_attempts')
      .select(['status', 'submitted_by', 'correct_count'])
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'submitted', submitted_by: 'deadline', correct_count: 3 });
  });

  it('a regrade reads the papers it re-marks on its own transaction', async () => {
    const examId = await newExam('One connection regrade');
    const attemptId = await answeredAttempt(examId);
    expect((await asStudent('POST', `/api/student/attempts/${attemptId}/submit`)).statusCode).toBe(200);
    const exam = (await asAdmin('GET', `/api/admin/exams/details/${examId}`)).json() as Record<string, unknown> & {
      version: number;
      questionGroups: Array<{ questions: Array<Record<string, unknown>> }>;
    };
    const value = editableExam(exam, ['version', 'updatedAt']) as typeof exam;
    const questions = value.questionGroups[0]!.questions.map((question, i) => (i === 3 ? { ...question, correctAnswerIndex: 1 } : question));
    const applied = await asAdmin('POST', `/api/admin/exams/${examId}/regrade`, {
      value: { ...value, questionGroups: [{ ...value.questionGroups[0], questions }] },
      version: exam.version,
      reason: 'Question 4 has B as its answer',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const result = (await asStudent('GET', `/api/student/attempts/${attemptId}/result`)).json();
    expect(result).toMatchObject({ correctAnswerCount: 4, wrongAnswerCount: 0 });
  });
});
