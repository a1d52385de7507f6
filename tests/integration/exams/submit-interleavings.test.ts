import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { markSubmitted, submitFacts, upsertAnswersOf } from '../../../server/exams/attempts.repository.ts';
import { saveAnswersOf } from '../../../server/exams/attempt-batches.ts';
import { holdScoringLock } from '../../../server/exams/scoring-key.repository.ts';
import { createUser } from '../../support/test-app.ts';
import { createFreeRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

/*
 * A student's submit reads what it marks by without locks and stores its marks in one statement that
 * takes the locks and writes only if nothing it marked by has changed. What comes in between (an
 * autosave, a second tab's submit, a change of the key) makes it mark again under the locks.
 */
const harness = useApp({ poolSize: 6 });
let freeCard: string;
let studentNumber = 0;

beforeAll(async () => {
  freeCard = await createFreeRateCard(harness.db);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** An exam of four questions, option 0 right in each, +1 for a right answer. */
async function examOfFour(): Promise<string> {
  const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
    title: 'Interleaved',
    questionGroups: [questionGroup(4, { correct: () => 0 })],
    masterSubscription: freeCard,
  });
  return id;
}

/** A new student's started attempt: its id, the student's id and request function, and its question ids. */
async function startedAttempt(examId: string) {
  studentNumber += 1;
  const email = `interleaved${studentNumber}@example.com`;
  const user = await createUser(harness.db, { email, name: `Student ${studentNumber}` });
  const as = harness.injectWith(await harness.signIn(email));
  const started = await as('POST', `/api/student/exams/${examId}/attempts`);
  expect(started.statusCode, started.body).toBe(200);
  const attempt = started.json<{ _id: string; questionGroups: Array<{ questions: Array<{ resId: string }> }> }>();
  return { id: attempt._id, userId: user.id, as, questions: attempt.questionGroups[0]!.questions.map((question) => question.resId) };
}

type Attempt = Awaited<ReturnType<typeof startedAttempt>>;

const answer = (questionResId: string, providedAnswerIndex: number, revision: number) => ({
  questionResId,
  providedAnswerIndex,
  timeElapsedInMs: 1000,
  revision,
});

async function save(attempt: Attempt, answers: Array<ReturnType<typeof answer>>) {
  const saved = await attempt.as('PUT', `/api/student/attempts/${attempt.id}/answers`, { answers });
  expect(saved.statusCode, saved.body).toBe(200);
}

/**
 * Runs `between` once, just before the submit's store statement is sent, and answers the labels of
 * the statements sent from now on.
 */
function beforeTheStore(between: () => Promise<void>): { labels: string[] } {
  const original = pg.Client.prototype.query;
  const seen = { labels: [] as string[], done: false };
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    const label = typeof config === 'string' ? config : ((config as { name?: string } | null)?.name?.replace(/:.*/, '') ?? 'unnamed');
    const call = () => (original as (...a: unknown[]) => unknown).apply(this, args);
    // The named statements and the transaction's own (the key, read once per exam, aside).
    if (label !== 'auth-live-sessions' && (typeof config !== 'string' || ['begin', 'commit'].includes(config))) seen.labels.push(label);
    if (seen.done || label !== 'attempt-submit') return call() as never;
    seen.done = true;
    return between().then(call) as never;
  });
  return seen;
}

const submit = (attempt: Attempt) => attempt.as('POST', `/api/student/attempts/${attempt.id}/submit`);

describe("a student's submit", () => {
  it('marks again, with the answer, when an autosave comes between its read and its store', async () => {
    const attempt = await startedAttempt(await examOfFour());
    await save(attempt, [answer(attempt.questions[0]!, 0, 1)]);
    const seen = beforeTheStore(() => save(attempt, [answer(attempt.questions[1]!, 0, 2), answer(attempt.questions[0]!, 2, 2)]));
    const submitted = await submit(attempt);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The autosave's answers count: the first question changed to a wrong option, the second right.
    expect(submitted.json()).toMatchObject({ correctAnswerCount: 1, wrongAnswerCount: 1, score: 1 });
    // The store wrote nothing; the transaction marked it again.
    expect(seen.labels).toEqual([
      'attempt-submit-facts',
      'attempt-submit',
      'attempt-save-answers',
      'begin',
      'attempt-lock',
      'attempt-marking-facts',
      'attempt-submit',
      'commit',
    ]);
    const sheet = await harness.db.selectFrom('attempt_sheets').select(['answers']).where('attempt_id', '=', attempt.id).execute();
    expect(sheet).toEqual([{ answers: [2, 0, -1, -1] }]);
  });

  it('answers the one stored result when a second tab submits between its read and its store', async () => {
    const attempt = await startedAttempt(await examOfFour());
    await save(attempt, [answer(attempt.questions[0]!, 0, 1)]);
    let other: Awaited<ReturnType<typeof submit>> | undefined;
    beforeTheStore(async () => {
      other = await submit(attempt);
    });
    const submitted = await submit(attempt);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(other!.statusCode, other!.body).toBe(200);
    expect(submitted.json()).toEqual(other!.json());
    const rows = await harness.db.selectFrom('exam_attempts').select(['status', 'score', 'is_first']).where('id', '=', attempt.id).execute();
    expect(rows).toEqual([{ status: 'submitted', score: 1, is_first: true }]);
  });

  it("is marked by the exam's new marks when they change between its read and its store", async () => {
    const examId = await examOfFour();
    const attempt = await startedAttempt(examId);
    await save(attempt, [answer(attempt.questions[0]!, 0, 1), answer(attempt.questions[1]!, 0, 1)]);
    beforeTheStore(async () => {
      await harness.db.updateTable('exams').set({ correct_answer_score: 2 }).where('id', '=', examId).execute();
    });
    const submitted = await submit(attempt);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ correctAnswerCount: 2, score: 4 });
  });
});

describe('the store of a submit made without locks', () => {
  it('waits for an autosave holding the attempt, then sees its answers and writes nothing', async () => {
    const attempt = await startedAttempt(await examOfFour());
    await saveAnswersOf(harness.db, { attemptId: attempt.id, answers: [answer(attempt.questions[0]!, 0, 1)] });
    const read = (await submitFacts(harness.db, attempt.id, attempt.userId))!;
    expect(read.unchanged).toMatchObject({ count: '1', revisions: '1' });

    // An autosave holds the attempt (share lock) and has written, not yet committed.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const autosave = harness.db.transaction().execute(async (trx) => {
      await upsertAnswersOf(trx, [{ attemptId: attempt.id, answers: [answer(attempt.questions[1]!, 0, 2)] }]);
      written();
      await held;
    });
    await wrote;
    const store = markSubmitted(
      harness.db,
      attempt.id,
      { submitted_at: new Date(), submitted_by: 'student', score: 1 },
      { answers: [0, -1, -1, -1], times: [1000, 0, 0, 0] },
      read.unchanged,
    );
    // The store waits for the autosave's lock.
    await vi.waitFor(
      async () => {
        const waiting = await sql<{ count: number }>`
          select count(*)::int as count from pg_stat_activity where wait_event_type = 'Lock' and query like '%lock_attempt_for_submit%'`.execute(harness.db);
        expect(waiting.rows[0]!.count).toBe(1);
      },
      { timeout: 30_000, interval: 20 },
    );
    commit();
    await autosave;
    // Its check reads after the lock: it sees the autosave's answer, and stores nothing.
    expect(await store).toBeUndefined();
    const row = await harness.db.selectFrom('exam_attempts').select(['status', 'submitted_seq']).where('id', '=', attempt.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'in-progress', submitted_seq: null });
    expect(await harness.db.selectFrom('attempt_sheets').select('attempt_id').where('attempt_id', '=', attempt.id).execute()).toEqual([]);
  });

  it('does not wait for a regrade holding the key: it stores nothing and the submit marks under the locks', async () => {
    const examId = await examOfFour();
    const attempt = await startedAttempt(examId);
    const read = (await submitFacts(harness.db, attempt.id, attempt.userId))!;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const regrade = harness.db.transaction().execute(async (trx) => {
      await holdScoringLock(trx, examId);
      holding();
      await released;
    });
    await held;
    // A store of the attempt as unanswered, marked by what the read saw.
    const store = () =>
      markSubmitted(
        harness.db,
        attempt.id,
        { submitted_at: new Date(), submitted_by: 'student', score: 0 },
        { answers: [-1, -1, -1, -1], times: [0, 0, 0, 0] },
        read.unchanged,
      );
    try {
      expect(await store()).toBeUndefined();
    } finally {
      release();
      await regrade;
    }
    // With the key free again, the same store goes through.
    const stored = await store();
    expect(stored).toMatchObject({ status: 'submitted', is_first: true });
  });
});
