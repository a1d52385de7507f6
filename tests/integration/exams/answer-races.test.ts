import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_MESSAGES } from '../../../shared/exams/attempts.schema.ts';
import { createFreeRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { waitUntilWaiting } from '../../support/pg-activity.ts';
import { useApp } from '../../support/app-harness.ts';

// Enough connections for hundreds of requests of one attempt to meet in the database.
const harness = useApp({ roles: ['admin', 'student'], names: { student: 'Student' }, poolSize: 30 });
const asStudent = harness.injectAs('student');
let freeCard: string;

beforeAll(async () => {
  freeCard = await createFreeRateCard(harness.db);
});

type Answer = { questionResId: string; providedAnswerIndex: number; timeElapsedInMs: number; revision: number };

const startAttempt = (examId: string) => asStudent('POST', `/api/student/exams/${examId}/attempts`);
const autosave = (attemptId: string, answers: Answer[]) => asStudent('PUT', `/api/student/attempts/${attemptId}/answers`, { answers });
const submit = (attemptId: string) => asStudent('POST', `/api/student/attempts/${attemptId}/submit`);

/** An exam of `count` questions whose right answer is always option 0, taken as often as wanted. */
async function examOf(count: number) {
  const group = questionGroup(count);
  const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
    title: `Race ${count}`,
    questionGroups: [group],
    masterSubscription: freeCard,
    examDurationInMinutes: 60,
  });
  return { id, questions: group.questions.map((question) => question.resId) };
}

async function newAttempt(examId: string): Promise<string> {
  const started = await startAttempt(examId);
  expect(started.statusCode, started.body).toBe(200);
  return started.json()._id as string;
}

const rightAnswers = (questions: string[], revision = 1): Answer[] =>
  questions.map((questionResId) => ({ questionResId, providedAnswerIndex: 0, timeElapsedInMs: 1000, revision }));

describe('a submit and an autosave of the same attempt', () => {
  it('scores every answer of an autosave that was being written when the submit arrived', async () => {
    const exam = await examOf(1000);
    const attemptId = await newAttempt(exam.id);
    // Hold the autosave inside its statement, after it has taken the attempt, until the submit waits for it.
    await sql`
      create or replace function hold_answers() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(4242); return new; end $$`.execute(harness.db);
    await sql`create trigger hold_answers before insert on attempt_answers for each row execute function hold_answers()`.execute(harness.db);
    const gate = new pg.Client({ connectionString: harness.database.url });
    await gate.connect();
    try {
      await gate.query('begin');
      await gate.query('select pg_advisory_xact_lock(4242)');
      const saving = autosave(attemptId, rightAnswers(exam.questions));
      await waitUntilWaiting(harness.db, '%insert into attempt_answers%', { waitEvent: 'advisory' });
      // The submit read no answers (none committed yet) and marked by them; its store waits for the attempt.
      const submitting = submit(attemptId);
      await waitUntilWaiting(harness.db, '%lock_attempt_for_submit%');
      await gate.query('commit');
      const [saved, result] = await Promise.all([saving, submitting]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().saved).toBe(1000);
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json()).toMatchObject({ correctAnswerCount: 1000, unseenQuestionCount: 0 });
    } finally {
      await gate.end();
      await sql`drop trigger if exists hold_answers on attempt_answers`.execute(harness.db);
    }
  });

  it('refuses an autosave that reaches the attempt after the submit, and leaves its answers out of the score', async () => {
    const exam = await examOf(50);
    const attemptId = await newAttempt(exam.id);
    const gate = new pg.Client({ connectionString: harness.database.url });
    await gate.connect();
    try {
      // The submit holds the attempt (as a slow submit would) while the autosave arrives.
      await gate.query('begin');
      await gate.query('select id from exam_attempts where id = $1 for update', [attemptId]);
      const saving = autosave(attemptId, rightAnswers(exam.questions));
      await waitUntilWaiting(harness.db, '%insert into attempt_answers%');
      await gate.query(`update exam_attempts set status = 'submitted', submitted_at = now() where id = $1`, [attemptId]);
      await gate.query('commit');
      const saved = await saving;
      expect(saved.statusCode).toBe(409);
      expect(saved.json().message).toBe(ATTEMPT_MESSAGES.alreadySubmitted);
      const stored = await harness.db.selectFrom('attempt_answers').select('question_res_id').where('attempt_id', '=', attemptId).execute();
      expect(stored).toEqual([]);
    } finally {
      await gate.end();
    }
  });

  it('keeps the rule over many random interleavings: an acknowledged answer is scored, a refused one is not', async () => {
    const exam = await examOf(1000);
    for (let round = 0; round < 40; round += 1) {
      const attemptId = await newAttempt(exam.id);
      const size = [1, 10, 200, 1000][round % 4]!;
      const offset = (round * 37) % (1000 - size + 1);
      const batch = rightAnswers(exam.questions.slice(offset, offset + size));
      const saving = autosave(attemptId, batch);
      // The submit follows the autosave by 0 to 15 ms: sometimes before it, sometimes during, sometimes after.
      await new Promise((resolve) => setTimeout(resolve, (round * 7) % 16));
      const [saved, submitted] = await Promise.all([saving, submit(attemptId)]);
      expect(submitted.statusCode, submitted.body).toBe(200);
      const scored = submitted.json().correctAnswerCount as number;
      if (saved.statusCode === 200) expect(scored, `round ${round}: ${size} acknowledged`).toBe(saved.json().saved);
      else {
        expect(saved.statusCode, saved.body).toBe(409);
        expect(scored, `round ${round}: refused`).toBe(0);
      }
    }
  });
});

describe('autosaves of one attempt at the same time', () => {
  it('never fail, and the highest revision sent for each question is the one kept', async () => {
    const exam = await examOf(5);
    const attemptId = await newAttempt(exam.id);
    const shuffled = <T>(items: T[]) =>
      items
        .map((item) => ({ item, key: Math.random() }))
        .sort((a, b) => a.key - b.key)
        .map(({ item }) => item);
    const requests = Array.from({ length: 200 }, (_, i) =>
      autosave(
        attemptId,
        shuffled(exam.questions).map((questionResId) => ({ questionResId, providedAnswerIndex: i % 4, timeElapsedInMs: i, revision: i + 1 })),
      ),
    );
    const answers = await Promise.all(requests);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status !== 200),
      answers.find((answer) => answer.statusCode !== 200)?.body,
    ).toEqual([]);
    const stored = await harness.db
      .selectFrom('attempt_answers')
      .select(['question_res_id', 'revision', 'provided_answer_index'])
      .where('attempt_id', '=', attemptId)
      .execute();
    expect(stored).toHaveLength(5);
    for (const row of stored) expect(row).toMatchObject({ revision: 200, provided_answer_index: 199 % 4 });
  });
});
