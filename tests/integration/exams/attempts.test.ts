import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ATTEMPT_MESSAGES } from '../../../shared/exams/attempts.schema.ts';
import { submitOverdueAttemptsTask } from '../../../worker/tasks/submit-overdue-attempts.ts';
import type { WorkerDeps } from '../../../worker/deps.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { createFreeRateCard, createPaidRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

const run = promisify(execFile);
const harness = useApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
let freeCard: string;
const students: Array<{ id: string; cookie: string }> = [];

beforeAll(async () => {
  for (let i = 1; i <= 4; i += 1) {
    const user = await createUser(harness.db, { email: `student${i}@example.com`, name: `Student ${i}` });
    students.push({ id: user.id, cookie: await harness.signIn(`student${i}@example.com`) });
  }
  freeCard = await createFreeRateCard(harness.db);
});

type Answer = { questionResId: string; providedAnswerIndex: number; timeElapsedInMs: number; revision: number };
const start = (cookie: string, examId: string) => harness.injectWith(cookie)('POST', `/api/student/exams/${examId}/attempts`);
const save = (cookie: string, attemptId: string, answers: Answer[]) =>
  harness.injectWith(cookie)('PUT', `/api/student/attempts/${attemptId}/answers`, { answers });
const submit = (cookie: string, attemptId: string) => harness.injectWith(cookie)('POST', `/api/student/attempts/${attemptId}/submit`);

/** Mock-test marking: +1, a .33 penalty, 0 for unanswered. */
async function mockExam(count: number, extra: Record<string, unknown> = {}) {
  const { id } = await createPublishedExam(harness.app, harness.cookie('admin'), {
    title: 'Mock',
    questionGroups: [questionGroup(count, { correct: (i) => i % 4, tags: (i) => (i % 2 === 0 ? 'History' : 'Geography') })],
    wrongAnswerScore: 0.33,
    masterSubscription: freeCard,
    ...extra,
  });
  return id;
}

describe('the exams a student may take', () => {
  it('lists published, opened and entitled exams only; a paid rate card needs an active grant', async () => {
    const [student] = students;
    const open = await mockExam(2);
    const hidden = await mockExam(2, { isVisible: false });
    const later = await mockExam(2, { publishDateTimeInMs: Date.now() + 3_600_000 });
    const paidCard = await createPaidRateCard(harness.db);
    const paid = await mockExam(2, { masterSubscription: paidCard });
    const listed = () =>
      harness
        .injectWith(student!.cookie)('GET', '/api/student/exams')
        .then((r) => r.json().items.map((e: { _id: string }) => e._id));
    let ids = await listed();
    expect(ids).toContain(open);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(later);
    expect(ids).not.toContain(paid);

    expect((await start(student!.cookie, hidden)).json()).toMatchObject({ message: ATTEMPT_MESSAGES.notPublished });
    expect((await start(student!.cookie, later)).statusCode).toBe(403);
    const notEntitled = await start(student!.cookie, paid);
    expect(notEntitled.statusCode).toBe(403);
    expect(notEntitled.json().message).toBe(ATTEMPT_MESSAGES.notEntitled);
    expect((await start(student!.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    // An expired grant does not count; an active one does.
    await harness.db
      .insertInto('entitlements')
      .values({ user_id: student!.id, subscription_id: paidCard, starts_at: new Date(Date.now() - 86_400_000), expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await start(student!.cookie, paid)).statusCode).toBe(403);
    await harness.db
      .insertInto('entitlements')
      .values({ user_id: student!.id, subscription_id: paidCard, expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    ids = await listed();
    expect(ids).toContain(paid);
    expect((await start(student!.cookie, paid)).statusCode).toBe(200);
    expect((await asNobody('GET', '/api/student/exams')).statusCode).toBe(401);
  });
});

describe('an attempt', () => {
  it("comes without answers or solutions, resumes in a second tab, and scores by the exam's scoring rules", async () => {
    const [student] = students;
    const examId = await mockExam(4);
    const first = await start(student!.cookie, examId);
    expect(first.statusCode).toBe(200);
    const attempt = first.json();
    expect(first.body).not.toContain('correctAnswerIndex');
    expect(first.body).not.toContain('solution');
    expect(attempt.startedAt).toMatch(/Z$/);
    expect(Date.parse(attempt.deadlineAt) - Date.parse(attempt.startedAt)).toBe(30 * 60_000);
    // A second tab (or a reconnect) gets the same attempt back.
    expect((await start(student!.cookie, examId)).json()._id).toBe(attempt._id);

    const [q1, q2, q3] = attempt.questionGroups[0].questions;
    // q1 correct (option 0), q2 wrong (correct is 1), q3 unattempted after clearing, q4 unseen.
    let saved = await save(student!.cookie, attempt._id, [
      { questionResId: q1.resId, providedAnswerIndex: 0, timeElapsedInMs: 4000, revision: 1 },
      { questionResId: q2.resId, providedAnswerIndex: 3, timeElapsedInMs: 6000, revision: 1 },
      { questionResId: q3.resId, providedAnswerIndex: 2, timeElapsedInMs: 2000, revision: 1 },
    ]);
    expect(saved.json()).toMatchObject({ saved: 3, ignored: [], rejected: [] });
    saved = await save(student!.cookie, attempt._id, [{ questionResId: q3.resId, providedAnswerIndex: -1, timeElapsedInMs: 5000, revision: 2 }]);
    expect(saved.json().saved).toBe(1);
    // A late request carrying an older revision changes nothing; repeating one is harmless.
    saved = await save(student!.cookie, attempt._id, [{ questionResId: q3.resId, providedAnswerIndex: 2, timeElapsedInMs: 2000, revision: 1 }]);
    expect(saved.json()).toMatchObject({ saved: 0, ignored: [q3.resId] });
    saved = await save(student!.cookie, attempt._id, [{ questionResId: q3.resId, providedAnswerIndex: -1, timeElapsedInMs: 5000, revision: 2 }]);
    expect(saved.json()).toMatchObject({ saved: 0, ignored: [q3.resId] });
    // Within one batch the highest revision wins.
    await save(student!.cookie, attempt._id, [
      { questionResId: q1.resId, providedAnswerIndex: 1, timeElapsedInMs: 4500, revision: 3 },
      { questionResId: q1.resId, providedAnswerIndex: 0, timeElapsedInMs: 5000, revision: 4 },
    ]);
    const resumed = (await harness.injectWith(student!.cookie)('GET', `/api/student/attempts/${attempt._id}`)).json();
    expect(resumed.questionGroups[0].questions.map((q: { providedAnswerIndex: number }) => q.providedAnswerIndex)).toEqual([0, 3, -1, -1]);

    const result = await submit(student!.cookie, attempt._id);
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({
      submittedBy: 'student',
      score: 0.67,
      totalQuestionCount: 4,
      correctAnswerCount: 1,
      wrongAnswerCount: 1,
      unAttemptedAnswerCount: 2,
      unseenQuestionCount: 1,
      completionRate: 50,
      elapsedTimeInMilliseconds: 16000,
      avgDurationPerQuestInMs: 5333,
      effectiveExamDurationInSec: 1784,
      performance: 16.75,
      totalMarks: 4,
      rank: -1,
      totalParticipants: -1,
    });
    const review = result.json().questionGroups[0].questions;
    expect(review[1]).toMatchObject({ providedAnswerIndex: 3, correctAnswerIndex: 1, hasCorrectlyMarked: false, score: -0.33 });
    expect(review[0].solution).toContain('option 1');
    expect(
      result
        .json()
        .tagRanking.map((t: { tag: string }) => t.tag)
        .sort(),
    ).toEqual(['Geography', 'History']);
    // Submitting again answers the same result; answers can no longer change.
    expect((await submit(student!.cookie, attempt._id)).json().score).toBe(0.67);
    const late = await save(student!.cookie, attempt._id, [{ questionResId: q2.resId, providedAnswerIndex: 1, timeElapsedInMs: 1, revision: 9 }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ATTEMPT_MESSAGES.alreadySubmitted);
    // The submit's answer is the result as every later view shows it.
    expect((await harness.injectWith(student!.cookie)('GET', `/api/student/attempts/${attempt._id}/result`)).json()).toEqual(result.json());
  });

  it("refuses unknown questions and options, another student's attempt, and a review before submission", async () => {
    const [a, b] = students;
    const examId = await mockExam(2);
    const attempt = (await start(a!.cookie, examId)).json();
    const q = attempt.questionGroups[0].questions[0];
    const unknown = await save(a!.cookie, attempt._id, [{ questionResId: 'nope', providedAnswerIndex: 0, timeElapsedInMs: 1, revision: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ATTEMPT_MESSAGES.unknownQuestion('nope'));
    const badOption = await save(a!.cookie, attempt._id, [{ questionResId: q.resId, providedAnswerIndex: 4, timeElapsedInMs: 1, revision: 1 }]);
    expect(badOption.json().message).toBe(ATTEMPT_MESSAGES.badOption(q.resId));
    expect((await save(a!.cookie, attempt._id, [])).json().message).toBe('No answers to save');
    expect((await save(b!.cookie, attempt._id, [{ questionResId: q.resId, providedAnswerIndex: 0, timeElapsedInMs: 1, revision: 1 }])).statusCode).toBe(404);
    expect((await submit(b!.cookie, attempt._id)).statusCode).toBe(404);
    // Another student's submit changed nothing: the attempt is its owner's to submit.
    const row = await harness.db.selectFrom('exam_attempts').select(['status', 'score']).where('id', '=', attempt._id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'in-progress', score: null });
    const early = await harness.injectWith(a!.cookie)('GET', `/api/student/attempts/${attempt._id}/result`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ATTEMPT_MESSAGES.notSubmitted);
    expect((await submit(a!.cookie, attempt._id)).statusCode).toBe(200);
  });

  it('shuffles a quiz per attempt and still scores the option the student chose', async () => {
    const examId = await mockExam(12, { examType: 'quiz' });
    const orders = new Set<string>();
    for (const student of students.slice(0, 3)) {
      const attempt = (await start(student.cookie, examId)).json();
      const questions = attempt.questionGroups[0].questions as Array<{ resId: string; options: string[] }>;
      orders.add(questions.map((q) => q.resId).join(','));
      // Option texts are A–D and question i's correct option is index i % 4 of A–D.
      const answers = questions.map((q, n) => {
        const index = Number(q.resId.split('q')[1]) - 1;
        return { questionResId: q.resId, providedAnswerIndex: q.options.indexOf(['A', 'B', 'C', 'D'][index % 4]!), timeElapsedInMs: 1000, revision: n + 1 };
      });
      await save(student.cookie, attempt._id, answers);
      const result = (await submit(student.cookie, attempt._id)).json();
      expect(result.correctAnswerCount).toBe(12);
      expect(
        result.questionGroups[0].questions.every(
          (q: { providedAnswerIndex: number; correctAnswerIndex: number }) => q.providedAnswerIndex === q.correctAnswerIndex,
        ),
      ).toBe(true);
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('keeps the attempt lock: one attempt when it is 1, more when it is -1', async () => {
    const [student] = students;
    const locked = await mockExam(1, { maxNumberOfAttempts: 1 });
    const attempt = (await start(student!.cookie, locked)).json();
    await submit(student!.cookie, attempt._id);
    const again = await start(student!.cookie, locked);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ATTEMPT_MESSAGES.attemptLocked);
    const open = await mockExam(1);
    const one = (await start(student!.cookie, open)).json();
    await submit(student!.cookie, one._id);
    const two = (await start(student!.cookie, open)).json();
    expect(two.attemptNumber).toBe(2);
  });

  it('starts once when two tabs start at the same moment', async () => {
    const [, , , d] = students;
    const examId = await mockExam(1, { maxNumberOfAttempts: 1 });
    const [x, y] = await Promise.all([start(d!.cookie, examId), start(d!.cookie, examId)]);
    expect(x.statusCode).toBe(200);
    expect(y.statusCode).toBe(200);
    expect(x.json()._id).toBe(y.json()._id);
  });
});

describe('a submit', () => {
  it('runs two statements: a read of what it marks by, and the store of its marks once nothing it marked by has changed', async () => {
    const [other, student] = students;
    const examId = await mockExam(3);
    // Another student's submit first: the exam's paper and key are then known to the server.
    expect((await submit(other!.cookie, (await start(other!.cookie, examId)).json()._id)).statusCode).toBe(200);
    const attempt = (await start(student!.cookie, examId)).json();
    const [q1] = attempt.questionGroups[0].questions;
    await save(student!.cookie, attempt._id, [{ questionResId: q1.resId, providedAnswerIndex: 0, timeElapsedInMs: 700, revision: 1 }]);
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    let result;
    let statements: string[];
    try {
      result = await submit(student!.cookie, attempt._id);
      // A named statement by its label, a transaction's own by its text; the session check aside.
      statements = spy.mock.calls
        .map(([config]) => (typeof config === 'string' ? config : ((config as { name?: string }).name?.replace(/:.*/, '') ?? 'unnamed')))
        .filter((label) => label !== 'auth-live-sessions');
    } finally {
      spy.mockRestore();
    }
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ correctAnswerCount: 1, unAttemptedAnswerCount: 2 });
    expect(statements).toEqual(['attempt-submit-facts', 'attempt-submit']);
  });
});

describe('the clock', () => {
  /**
   * A save made `seconds` after now, by the server's clock. (The attempt's own clock is fixed when it
   * starts, and the server keeps it from then on, so moving the attempt's times in the database
   * would not reach a save.)
   */
  const savedLater = async <T>(seconds: number, saving: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + seconds * 1000);
    try {
      return await saving();
    } finally {
      clock.mockRestore();
    }
  };
  const moveBack = (attemptId: string, seconds: number) =>
    sql`update exam_attempts set started_at = started_at - make_interval(secs => ${seconds}), deadline_at = deadline_at - make_interval(secs => ${seconds}) where id = ${attemptId}`.execute(
      harness.db,
    );

  it("refuses answers after the deadline plus the grace, and the worker's sweep submits overdue attempts at their deadline", async () => {
    const [student] = students;
    const examId = await mockExam(2);
    const attempt = (await start(student!.cookie, examId)).json();
    const q = attempt.questionGroups[0].questions[0];
    await save(student!.cookie, attempt._id, [{ questionResId: q.resId, providedAnswerIndex: 0, timeElapsedInMs: 3000, revision: 1 }]);

    // Within the 15 s grace an answer is still taken; after it, refused (another student's attempt, further along).
    await moveBack(attempt._id, 30 * 60 + 10);
    expect(
      (await save(student!.cookie, attempt._id, [{ questionResId: q.resId, providedAnswerIndex: 0, timeElapsedInMs: 3500, revision: 2 }])).statusCode,
    ).toBe(200);
    const other = students[1]!;
    const overdue = (await start(other.cookie, examId)).json();
    const late = await savedLater(30 * 60 + 20, () =>
      save(other.cookie, overdue._id, [{ questionResId: q.resId, providedAnswerIndex: 1, timeElapsedInMs: 4000, revision: 3 }]),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ATTEMPT_MESSAGES.deadlinePassed);
    // The sweep goes by the database's clock: that attempt's times are moved there.
    await moveBack(overdue._id, 30 * 60 + 20);

    const deps = { db: harness.db, config: testConfig() } as unknown as WorkerDeps;
    // The sweep leaves an attempt alone during the grace and submits it once that has passed.
    const logged: string[] = [];
    await submitOverdueAttemptsTask(deps)({}, { logger: { info: (line: string) => logged.push(line) } } as never);
    expect(logged).toEqual(['submitted 1 overdue attempt(s)']);
    expect((await harness.db.selectFrom('exam_attempts').select('status').where('id', '=', attempt._id).executeTakeFirstOrThrow()).status).toBe('in-progress');
    await moveBack(attempt._id, 10);
    logged.length = 0;
    await submitOverdueAttemptsTask(deps)({}, { logger: { info: (line: string) => logged.push(line) } } as never);
    expect(logged).toEqual(['submitted 1 overdue attempt(s)']);
    const row = await harness.db.selectFrom('exam_attempts').selectAll().where('id', '=', attempt._id).executeTakeFirstOrThrow();
    expect(row.status).toBe('submitted');
    expect(row.submitted_by).toBe('deadline');
    expect(row.submitted_at!.getTime()).toBe(row.deadline_at.getTime());
    expect(row.score).toBe(1);
    expect((await harness.injectWith(student!.cookie)('GET', `/api/student/attempts/${attempt._id}/result`)).json()).toMatchObject({
      submittedBy: 'deadline',
      submittedAt: row.deadline_at.toISOString(),
    });
  });

  it('gives each time-restricted group its own window, in order', async () => {
    const [, student] = students;
    const examId = await mockExam(0, {
      questionGroups: [questionGroup(1, { title: 'Part A', restricted: 1 }), questionGroup(1, { title: 'Part B', restricted: 1 })],
      examDurationInMinutes: 30,
      totalQuestions: 2,
      totalMarks: 2,
    });
    const attempt = (await start(student!.cookie, examId)).json();
    const [a, b] = attempt.questionGroups;
    expect(b.opensAt).toBe(a.closesAt);
    expect(Date.parse(a.closesAt) - Date.parse(a.opensAt)).toBe(60_000);
    const answer = (group: { questions: Array<{ resId: string }> }, revision: number) => ({
      questionResId: group.questions[0]!.resId,
      providedAnswerIndex: 0,
      timeElapsedInMs: 1000,
      revision,
    });
    const early = (await save(student!.cookie, attempt._id, [answer(a, 1), answer(b, 1)])).json();
    expect(early.saved).toBe(1);
    expect(early.rejected).toEqual([{ questionResId: b.questions[0].resId, message: ATTEMPT_MESSAGES.groupNotOpen('Part B') }]);
    // Another student, 90 s into the exam: Part A has closed and Part B is open.
    const other = students[2]!;
    const later = (await start(other.cookie, examId)).json();
    const saved = (await savedLater(90, () => save(other.cookie, later._id, [answer(a, 2), answer(b, 2)]))).json();
    expect(saved.saved).toBe(1);
    expect(saved.rejected).toEqual([{ questionResId: a.questions[0].resId, message: ATTEMPT_MESSAGES.groupClosed('Part A') }]);
  });
});

describe('ranks', () => {
  it("ranks each student's first submitted attempt, ties sharing a rank, and shows it once published", async () => {
    const examId = await mockExam(4);
    // Scores: student 1 → 3, student 2 → 3, student 3 → 1, student 4 → -0.33 (negative totals allowed).
    const plan = [
      [0, 1, 2, -1],
      [0, 1, 2, -1],
      [0, -1, -1, -1],
      [1, -1, -1, -1],
    ];
    const attemptIds: string[] = [];
    for (const [n, student] of students.entries()) {
      const attempt = (await start(student.cookie, examId)).json();
      const answers = attempt.questionGroups[0].questions
        .map((q: { resId: string }, i: number) => ({ questionResId: q.resId, providedAnswerIndex: plan[n]![i]!, timeElapsedInMs: 1000, revision: 1 }))
        .filter((a: Answer) => a.providedAnswerIndex >= 0);
      await save(student.cookie, attempt._id, answers);
      await submit(student.cookie, attempt._id);
      attemptIds.push(attempt._id);
    }
    // Student 3 retakes and does better: the ranking keeps the first attempt.
    const retake = (await start(students[2]!.cookie, examId)).json();
    await save(
      students[2]!.cookie,
      retake._id,
      retake.questionGroups[0].questions.map((q: { resId: string }, i: number) => ({
        questionResId: q.resId,
        providedAnswerIndex: i % 4,
        timeElapsedInMs: 1,
        revision: 1,
      })),
    );
    await submit(students[2]!.cookie, retake._id);

    const publishEarly = await asAdmin('PUT', `/api/admin/exams/${examId}/rank/status/published`, {});
    expect(publishEarly.statusCode).toBe(409);
    expect(publishEarly.json().message).toBe('Sync the ranking before publishing it');
    expect((await asAdmin('GET', `/api/admin/exams/analytics/${examId}`)).json()).toEqual([]);

    const synced = await asAdmin('PUT', `/api/admin/exams/${examId}/rank/sync`, {});
    expect(synced.statusCode).toBe(200);
    expect(synced.json()).toEqual({ lastRankRefresh: expect.any(Number), isRankPublished: false });
    const rows = (await asAdmin('GET', `/api/admin/exams/analytics/${examId}`)).json();
    expect(rows.map((r: { rank: number }) => r.rank)).toEqual([1, 1, 3, 4]);
    const byName = rows.map((r: { rank: number; score: number; userId: { name: string } }) => [r.userId.name, r.rank, r.score]).sort();
    expect(byName).toEqual([
      ['Student 1', 1, 3],
      ['Student 2', 1, 3],
      ['Student 3', 3, 1],
      ['Student 4', 4, -0.33],
    ]);
    expect(rows[0]).toMatchObject({
      totalParticipants: 4,
      performance: 75,
      correctAnswerCount: 3,
      wrongAnswerCount: 0,
      unAttemptedAnswerCount: 1,
      unseenQuestionCount: 1,
    });
    expect(rows[0].userId).toMatchObject({ emailAddress: expect.stringContaining('@example.com') });

    // Not yet published: students see no rank.
    const student1 = students[0]!;
    expect((await harness.injectWith(student1.cookie)('GET', `/api/student/exams/${examId}/ranking`)).statusCode).toBe(403);
    expect((await harness.injectWith(student1.cookie)('GET', `/api/student/attempts/${attemptIds[0]}/result`)).json().rank).toBe(-1);

    const published = await asAdmin('PUT', `/api/admin/exams/${examId}/rank/status/published`, {});
    expect(published.json()).toMatchObject({ isRankPublished: true });
    const refused = await asAdmin('PUT', `/api/admin/exams/${examId}/rank/sync`, {});
    expect(refused.statusCode).toBe(409);
    const ranking = (await harness.injectWith(student1.cookie)('GET', `/api/student/exams/${examId}/ranking`)).json();
    expect(ranking.me).toEqual({ rank: 1, score: 3, performance: 75 });
    expect(ranking).toMatchObject({ page: 1, pageSize: 100, hasMore: false });
    expect(ranking.items[0]).not.toHaveProperty('phoneNumber');
    expect((await harness.injectWith(students[3]!.cookie)('GET', `/api/student/attempts/${attemptIds[3]}/result`)).json()).toMatchObject({
      rank: 4,
      totalParticipants: 4,
    });

    const statistics = (await asAdmin('GET', `/api/admin/exams/${examId}/statistics`)).json();
    expect(statistics.participants).toBe(4);
    expect(statistics.scoreDistribution.reduce((sum: number, band: { students: number }) => sum + band.students, 0)).toBe(4);
    expect(statistics.scoreDistribution[0]).toEqual({ range: 'below 0', students: 1 });
    expect(statistics.questions.map((q: { correctShare: number }) => q.correctShare)).toEqual([75, 50, 50, 0]);

    await asAdmin('PUT', `/api/admin/exams/${examId}/rank/status/unpublished`, {});
    expect((await harness.injectWith(student1.cookie)('GET', `/api/student/exams/${examId}/ranking`)).statusCode).toBe(403);
  });

  it("shows a paid exam's published ranking only to students who may take it, or who took it", async () => {
    const paidCard = await createPaidRateCard(harness.db);
    const examId = await mockExam(2, { masterSubscription: paidCard });
    const [taker, outsider] = students;
    await harness.db
      .insertInto('entitlements')
      .values({ user_id: taker!.id, subscription_id: paidCard, expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    const attempt = (await start(taker!.cookie, examId)).json();
    await submit(taker!.cookie, attempt._id);
    await asAdmin('PUT', `/api/admin/exams/${examId}/rank/sync`, {});
    expect((await asAdmin('PUT', `/api/admin/exams/${examId}/rank/status/published`, {})).json()).toMatchObject({ isRankPublished: true });

    const refused = await harness.injectWith(outsider!.cookie)('GET', `/api/student/exams/${examId}/ranking`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ATTEMPT_MESSAGES.notEntitled);
    expect(refused.body).not.toContain('Student 1');
    expect((await harness.injectWith(taker!.cookie)('GET', `/api/student/exams/${examId}/ranking`)).json()).toMatchObject({
      totalParticipants: 1,
      me: { rank: 1 },
    });
    // The taker's grant ends: the place they earned stays theirs to see.
    await harness.db
      .updateTable('entitlements')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', taker!.id)
      .where('subscription_id', '=', paidCard)
      .execute();
    expect((await harness.injectWith(taker!.cookie)('GET', `/api/student/exams/${examId}/ranking`)).statusCode).toBe(200);
    // A grant opens it to a student who has not taken it yet.
    await harness.db
      .insertInto('entitlements')
      .values({ user_id: outsider!.id, subscription_id: paidCard, expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    expect((await harness.injectWith(outsider!.cookie)('GET', `/api/student/exams/${examId}/ranking`)).statusCode).toBe(200);
  });

  it('syncs from the command line with npm run rank:sync', async () => {
    const examId = await mockExam(1);
    const attempt = (await start(students[0]!.cookie, examId)).json();
    await submit(students[0]!.cookie, attempt._id);
    const { stdout } = await run(process.execPath, ['scripts/rank-sync.ts', examId], {
      env: { ...process.env, DATABASE_URL: harness.database.url, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(32) },
    });
    expect(stdout).toContain(`${examId}: 1 students ranked`);
    const exam = await harness.db.selectFrom('exams').select(['rank_participants', 'last_rank_refresh']).where('id', '=', examId).executeTakeFirstOrThrow();
    expect(exam.rank_participants).toBe(1);
    await expect(
      run(process.execPath, ['scripts/rank-sync.ts', '00000000-0000-4000-8000-000000000000'], {
        env: { ...process.env, DATABASE_URL: harness.database.url, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(32) },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('Exam not found') });
  });
});
