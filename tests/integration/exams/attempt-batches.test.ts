import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { NewAttempt } from '../../../server/exams/attempts.repository.ts';
import { insertAttempt, saveAnswersOf, startFacts } from '../../../server/exams/attempt-batches.ts';
import { currentPaperId } from '../../../server/exams/papers.ts';
import { createFreeRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

/*
 * A burst of students starting an exam is read and written in batches: the calls made in one turn of
 * the event loop go together in one statement, and so do the calls made while four batches run.
 */
const harness = useApp({ roles: ['admin', 'student'], poolSize: 10 });
const asStudent = harness.injectAs('student');
let examId: string;
let paperId: string;

beforeAll(async () => {
  const freeCard = await createFreeRateCard(harness.db);
  examId = (
    await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Started together',
      questionGroups: [questionGroup(3, { correct: () => 0 })],
      masterSubscription: freeCard,
    })
  ).id;
  const exam = await harness.db.selectFrom('exams').select('paper_hash').where('id', '=', examId).executeTakeFirstOrThrow();
  paperId = await currentPaperId(harness.db, examId, exam.paper_hash!);
});

async function newStudents(count: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    insert into users (name, email_address, roles)
    select 'Batch student ' || g, 'batch-' || g || '-' || ${randomUUID()} || '@example.com', '{}' from generate_series(1, ${count}::int) g
    returning id`.execute(harness.db);
  return rows.rows.map((row) => row.id);
}

const attemptOf = (userId: string, attemptNumber = 1, exam = examId): NewAttempt => ({
  exam_id: exam,
  user_id: userId,
  paper_id: paperId,
  attempt_number: attemptNumber,
  layout: null,
  started_at: new Date(),
  deadline_at: new Date(Date.now() + 30 * 60_000),
});

/** How many statements named `label` run meanwhile (the app's own work in the background is not counted). */
async function statementsDuring<T>(label: string, run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  // Named statements reach pg's client as a query config carrying the name.
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const result = await run();
    const statements = spy.mock.calls.filter(([config]) => (config as { name?: unknown } | null)?.name?.toString().startsWith(`${label}:`)).length;
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

describe('starts made at the same moment', () => {
  it("are read in one statement, each answered with its own student's facts", async () => {
    const students = await newStudents(10);
    // One of them has a submitted attempt already.
    const done = (await insertAttempt(harness.db, attemptOf(students[9]!)))!;
    await harness.db.updateTable('exam_attempts').set({ status: 'submitted', submitted_at: new Date() }).where('id', '=', done.id).execute();

    const { result, statements } = await statementsDuring('exam-start-facts', () =>
      Promise.all(students.map((userId) => startFacts(harness.db, { examId, userId }))),
    );
    expect(statements).toBe(1);
    expect(result.map((facts) => facts?.submitted)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(result.every((facts) => facts?.open && facts.entitled && facts.open_attempt === null)).toBe(true);
  });

  it('answer an exam that does not exist as such, in a batch with others that do', async () => {
    const [student] = await newStudents(1);
    const asked = [examId, randomUUID(), examId, randomUUID(), examId, examId];
    const facts = await Promise.all(asked.map((exam) => startFacts(harness.db, { examId: exam, userId: student! })));
    expect(facts.map((found) => found !== undefined)).toEqual([true, false, true, false, true, true]);
  });

  it('are written in one statement, and two starts of one student in it give one attempt', async () => {
    const students = await newStudents(8);
    const { result, statements } = await statementsDuring('attempt-insert', () =>
      Promise.all([...students.map((userId) => insertAttempt(harness.db, attemptOf(userId))), insertAttempt(harness.db, attemptOf(students[7]!))]),
    );
    expect(statements).toBe(1);
    expect(result.slice(0, 8).every((row, i) => row?.user_id === students[i])).toBe(true);
    // The second start of the last student, in the same statement as the first, is answered with the
    // attempt the first made: as if it had come a moment later and resumed it.
    expect(result[8]?.id).toBe(result[7]?.id);
    const stored = await harness.db.selectFrom('exam_attempts').select('user_id').where('user_id', 'in', students).execute();
    expect(stored.map((row) => row.user_id).sort()).toEqual([...students].sort());
  });

  it('fail only the start whose row cannot be written (its exam deleted meanwhile): the others of its statement are written', async () => {
    const students = await newStudents(7);
    const calls = students.map((userId, i) => insertAttempt(harness.db, attemptOf(userId, 1, i === 5 ? randomUUID() : examId)));
    const settled = await Promise.allSettled(calls);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(((settled[5] as PromiseRejectedResult).reason as { code?: string }).code).toBe('23503');
    const stored = await harness.db.selectFrom('exam_attempts').select('user_id').where('user_id', 'in', students).execute();
    expect(stored).toHaveLength(6);
  });

  it('through the API: a student starting in two tabs at once gets one attempt in both', async () => {
    const [first, second] = await Promise.all([
      asStudent('POST', `/api/student/exams/${examId}/attempts`),
      asStudent('POST', `/api/student/exams/${examId}/attempts`),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json()._id).toBe(second.json()._id);
  });
});

/** Started attempts of new students (one each), by a statement of their own. */
async function startedAttempts(count: number): Promise<string[]> {
  const students = await newStudents(count);
  const rows = [];
  for (const userId of students) rows.push((await insertAttempt(harness.db, attemptOf(userId)))!.id);
  return rows;
}

const answer = (questionResId: string, providedAnswerIndex: number, revision: number) => ({
  questionResId,
  providedAnswerIndex,
  timeElapsedInMs: 1000,
  revision,
});
const storedAnswers = (attemptId: string) =>
  harness.db
    .selectFrom('attempt_answers')
    .select(['question_res_id', 'provided_answer_index', 'revision'])
    .where('attempt_id', '=', attemptId)
    .orderBy('question_res_id')
    .execute();

describe('autosaves made at the same moment', () => {
  it('are written in one statement, each answered with the questions it wrote', async () => {
    const attempts = await startedAttempts(9);
    const { result, statements } = await statementsDuring('attempt-save-answers', () =>
      Promise.all(attempts.map((attemptId, i) => saveAnswersOf(harness.db, { attemptId, answers: [answer('a', i % 4, 1), answer('b', 0, 1)] }))),
    );
    expect(statements).toBe(1);
    expect(result).toEqual(attempts.map(() => ['a', 'b']));
    for (const [i, attemptId] of attempts.entries())
      expect(await storedAnswers(attemptId)).toEqual([
        { question_res_id: 'a', provided_answer_index: i % 4, revision: 1 },
        { question_res_id: 'b', provided_answer_index: 0, revision: 1 },
      ]);
  });

  it('of one attempt in one batch (two tabs) are written one after the other: the higher revision is kept whichever came first', async () => {
    const [busy1, busy2, busy3, busy4, attemptId] = await startedAttempts(5);
    const filler = [busy1, busy2, busy3, busy4].map((id) => saveAnswersOf(harness.db, { attemptId: id!, answers: [answer('a', 0, 1)] }));
    const newer = saveAnswersOf(harness.db, { attemptId: attemptId!, answers: [answer('a', 3, 7), answer('b', 1, 7)] });
    const older = saveAnswersOf(harness.db, { attemptId: attemptId!, answers: [answer('a', 2, 5), answer('c', 2, 5)] });
    await Promise.all(filler);
    expect(await newer).toEqual(['a', 'b']);
    // The older save wrote only what no higher revision had written.
    expect(await older).toEqual(['c']);
    expect(await storedAnswers(attemptId!)).toEqual([
      { question_res_id: 'a', provided_answer_index: 3, revision: 7 },
      { question_res_id: 'b', provided_answer_index: 1, revision: 7 },
      { question_res_id: 'c', provided_answer_index: 2, revision: 5 },
    ]);
  });

  it('write nothing to a submitted attempt, and the others of their statement are written', async () => {
    const attempts = await startedAttempts(7);
    await harness.db.updateTable('exam_attempts').set({ status: 'submitted', submitted_at: new Date() }).where('id', '=', attempts[5]!).execute();
    const result = await Promise.all(attempts.map((attemptId) => saveAnswersOf(harness.db, { attemptId, answers: [answer('a', 1, 1)] })));
    expect(result).toEqual(attempts.map((_, i) => (i === 5 ? [] : ['a'])));
    expect(await storedAnswers(attempts[5]!)).toEqual([]);
  });
});

describe('the first autosave after a start', () => {
  it('reads nothing of the attempt: the start kept its clock (its owner, paper, start and deadline)', async () => {
    const started = await asStudent('POST', `/api/student/exams/${examId}/attempts`);
    expect(started.statusCode, started.body).toBe(200);
    const attempt = started.json<{ _id: string; questionGroups: Array<{ questions: Array<{ resId: string }> }> }>();
    const answers = [{ questionResId: attempt.questionGroups[0]!.questions[0]!.resId, providedAnswerIndex: 1, timeElapsedInMs: 1000, revision: 1 }];
    const { result: saved, statements } = await statementsDuring('attempt-clock', () =>
      asStudent('PUT', `/api/student/attempts/${attempt._id}/answers`, { answers }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ saved: 1 });
    expect(statements).toBe(0);
  });
});
