import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExamPaper } from '../../../shared/exams/attempts.schema.ts';
import { computeExamResult, type GivenAnswer } from '../../../shared/exams/exam-scoring.rules.ts';
import { markedPaper, questionKeysOf, type ScoringKey } from '../../../shared/exams/exam-scoring-key.rules.ts';
import { MAX_REGRADE_REASON_LENGTH, REGRADE_MESSAGES } from '../../../shared/exams/regrade.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { createFreeRateCard, createPublishedExam, editableExam, questionGroup } from '../../support/exam-factory.ts';
import { waitUntilWaiting } from '../../support/pg-activity.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ poolSize: 20 });
const asAdmin = harness.injectAs('admin');
const asNobody = harness.injectAs('nobody');
let freeCard: string;
const students: Array<{ id: string; cookie: string; name: string }> = [];
const STUDENTS = 12;
const QUESTIONS = 6;

beforeAll(async () => {
  for (let i = 1; i <= STUDENTS; i += 1) {
    const name = `Regrade Student ${String(i).padStart(2, '0')}`;
    const user = await createUser(harness.db, { email: `regrade${i}@example.com`, name });
    students.push({ id: user.id, cookie: await harness.signIn(`regrade${i}@example.com`), name });
  }
  freeCard = await createFreeRateCard(harness.db);
});

type Exam = Record<string, unknown> & { version: number; questionGroups: Array<{ questions: Array<Record<string, unknown> & { resId: string }> }> };

const start = (cookie: string, examId: string) => harness.injectWith(cookie)('POST', `/api/student/exams/${examId}/attempts`);
const submit = (cookie: string, attemptId: string) => harness.injectWith(cookie)('POST', `/api/student/attempts/${attemptId}/submit`);
const details = async (examId: string) => (await asAdmin('GET', `/api/admin/exams/details/${examId}`)).json() as Exam;

/** Student n's answer to question i (the right answer is i % 4): a spread of right, wrong and blank. */
const planned = (n: number, i: number) => ((n * 7 + i * 3) % 6 === 0 ? -1 : (n + i * (n % 3)) % 4);

/** A mock test (+1, a .33 penalty) that every student takes and submits, ranked. */
async function takenExam(): Promise<{ examId: string; attempts: string[] }> {
  const { id: examId } = await createPublishedExam(harness.app, harness.cookie('admin'), {
    title: 'Regrade mock',
    questionGroups: [questionGroup(QUESTIONS, { correct: (i) => i % 4 })],
    wrongAnswerScore: 0.33,
    masterSubscription: freeCard,
  });
  const attempts: string[] = [];
  for (const [n, student] of students.entries()) {
    const attempt = await takeAndKeepOpen(student.cookie, examId, n);
    expect((await submit(student.cookie, attempt)).statusCode).toBe(200);
    attempts.push(attempt);
  }
  expect((await asAdmin('PUT', `/api/admin/exams/${examId}/rank/sync`, {})).statusCode).toBe(200);
  return { examId, attempts };
}

/** Starts an attempt and answers it as planned, without submitting. */
async function takeAndKeepOpen(cookie: string, examId: string, n: number): Promise<string> {
  const started = await start(cookie, examId);
  expect(started.statusCode, started.body).toBe(200);
  const attempt = started.json();
  const answers = attempt.questionGroups[0].questions
    .map((q: { resId: string }, i: number) => ({ questionResId: q.resId, providedAnswerIndex: planned(n, i), timeElapsedInMs: 1000 + i, revision: 1 }))
    .filter((a: { providedAnswerIndex: number }) => a.providedAnswerIndex >= 0);
  const saved = await harness.injectWith(cookie)('PUT', `/api/student/attempts/${attempt._id}/answers`, { answers });
  expect(saved.statusCode, saved.body).toBe(200);
  return attempt._id as string;
}

/** The exam value with question `index`'s key changed, voided, or the marks changed. */
function edited(exam: Exam, change: { key?: [number, number]; void?: number; marks?: Record<string, number> }) {
  const value = editableExam(exam, ['version', 'updatedAt']) as Exam;
  const questions = value.questionGroups[0]!.questions.map((question, index) => ({
    ...question,
    ...(change.key && change.key[0] === index ? { correctAnswerIndex: change.key[1] } : {}),
    ...(change.void === index ? { isVoided: true } : {}),
  }));
  return { ...value, ...change.marks, questionGroups: [{ ...value.questionGroups[0], questions }] };
}

interface Recomputed {
  attemptId: string;
  userId: string;
  score: number;
  performance: number;
  correct: number;
  wrong: number;
  unattempted: number;
}

/** Every submitted attempt's figures worked out again from the answers the students gave, by `value`'s key. */
async function recomputed(examId: string, value: Exam & { correctAnswerScore?: number }): Promise<Recomputed[]> {
  const exam = await harness.db.selectFrom('exams').selectAll().where('id', '=', examId).executeTakeFirstOrThrow();
  const key: ScoringKey = {
    correctAnswerScore: Number(value.correctAnswerScore ?? exam.correct_answer_score),
    wrongAnswerScore: Number(value.wrongAnswerScore ?? exam.wrong_answer_score),
    unAnsweredScore: Number(value.unAnsweredScore ?? exam.un_answered_score),
    totalMarks: Number(value.totalMarks ?? exam.total_marks),
    questions: questionKeysOf(value as never, exam.scoring_key),
  };
  const attempts = await harness.db
    .selectFrom('exam_attempts as a')
    .innerJoin('exam_papers as p', 'p.id', 'a.paper_id')
    .select(['a.id', 'a.user_id', 'p.paper'])
    .where('a.exam_id', '=', examId)
    .where('a.status', '=', 'submitted')
    .execute();
  const results: Recomputed[] = [];
  for (const attempt of attempts) {
    const given = await harness.db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attempt.id).execute();
    const answers = new Map<string, GivenAnswer>(
      given.map((g) => [g.question_res_id, { providedAnswerIndex: g.provided_answer_index, timeElapsedInMs: g.time_elapsed_in_ms }]),
    );
    const result = computeExamResult(markedPaper(attempt.paper as ExamPaper, key), answers);
    results.push({
      attemptId: attempt.id,
      userId: attempt.user_id,
      score: result.score,
      performance: result.performance,
      correct: result.correctAnswerCount,
      wrong: result.wrongAnswerCount,
      unattempted: result.unAttemptedAnswerCount,
    });
  }
  return results.sort((a, b) => a.attemptId.localeCompare(b.attemptId));
}

async function stored(examId: string): Promise<Recomputed[]> {
  const rows = await harness.db
    .selectFrom('exam_attempts')
    .select(['id', 'user_id', 'score', 'performance', 'correct_count', 'wrong_count', 'unattempted_count'])
    .where('exam_id', '=', examId)
    .where('status', '=', 'submitted')
    .execute();
  return rows
    .map((row) => ({
      attemptId: row.id,
      userId: row.user_id,
      score: Number(row.score),
      performance: Number(row.performance),
      correct: row.correct_count!,
      wrong: row.wrong_count!,
      unattempted: row.unattempted_count!,
    }))
    .sort((a, b) => a.attemptId.localeCompare(b.attemptId));
}

/** Ranks (1 + the students with a higher score) of each student's score. */
function ranksOf(rows: Array<{ userId: string; score: number }>): Map<string, number> {
  return new Map(rows.map((row) => [row.userId, 1 + rows.filter((other) => other.score > row.score).length]));
}

describe('a save that changes the answer key of an exam with submitted attempts', () => {
  it('is refused with 409 and the number of attempts it would re-mark, and changes nothing', async () => {
    const { examId } = await takenExam();
    const exam = await details(examId);
    const before = await stored(examId);
    const saved = await asAdmin('PUT', `/api/admin/exams/${examId}`, { value: edited(exam, { key: [1, 2] }), version: exam.version });
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toMatchObject({ message: REGRADE_MESSAGES.regradeRequired(STUDENTS), regrade: { attempts: STUDENTS } });
    expect((await details(examId)).version).toBe(exam.version);
    expect(await stored(examId)).toEqual(before);
    // A save that changes no marking (the title) goes through.
    const renamed = await asAdmin('PUT', `/api/admin/exams/${examId}`, {
      value: { ...edited(exam, {}), title: 'Regrade mock, renamed' },
      version: exam.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('the dry run', () => {
  it('shows what would change, worked out as a recomputation from the answers does, and writes nothing', async () => {
    const { examId } = await takenExam();
    const exam = await details(examId);
    const value = edited(exam, { key: [1, 2] });
    const before = await stored(examId);
    const dry = await asAdmin('POST', `/api/admin/exams/${examId}/regrade/dry-run`, { value, version: exam.version });
    expect(dry.statusCode, dry.body).toBe(200);
    const body = dry.json();
    expect(body.changes).toEqual([
      {
        kind: 'key',
        questionResId: exam.questionGroups[0]!.questions[1]!.resId,
        questionNumber: 2,
        field: null,
        from: 1,
        to: 2,
        label: 'Question 2: the answer is C (it was B)',
      },
    ]);

    const after = await recomputed(examId, value as Exam);
    const deltas = after.map((row, i) => Math.round((row.score - before[i]!.score) * 100) / 100).filter((d) => d !== 0);
    expect(deltas.length).toBeGreaterThan(0);
    expect(body.summary).toEqual({
      attempts: STUDENTS,
      changedAttempts: deltas.length,
      up: deltas.filter((d) => d > 0).length,
      down: deltas.filter((d) => d < 0).length,
      maxGain: Math.max(0, ...deltas),
      maxLoss: Math.min(0, ...deltas),
      averageChange: Math.round((deltas.reduce((a, b) => a + b, 0) / deltas.length) * 100) / 100,
      inProgress: 0,
      ranked: STUDENTS,
      moved: expect.any(Number),
    });
    const rankBefore = ranksOf(before);
    const rankAfter = ranksOf(after);
    const moved = [...rankBefore].filter(([user, rank]) => rankAfter.get(user) !== rank);
    expect(body.summary.moved).toBe(moved.length);
    const gainOf = (user: string) => rankBefore.get(user)! - rankAfter.get(user)!;
    const expectedMoves = (up: boolean) =>
      moved
        .map(([user]) => user)
        .filter((user) => (up ? gainOf(user) > 0 : gainOf(user) < 0))
        .sort((x, y) => (up ? gainOf(y) - gainOf(x) : gainOf(x) - gainOf(y)) || x.localeCompare(y))
        .slice(0, 10)
        .map((user) => ({ userId: user, rankBefore: rankBefore.get(user), rankAfter: rankAfter.get(user) }));
    const movesOf = (moves: Array<{ userId: string; rankBefore: number; rankAfter: number }>) =>
      moves.map(({ userId, rankBefore: was, rankAfter: now }) => ({ userId, rankBefore: was, rankAfter: now }));
    expect(movesOf(body.movesUp)).toEqual(expectedMoves(true));
    expect(movesOf(body.movesDown)).toEqual(expectedMoves(false));
    expect(body.movesUp.length + body.movesDown.length).toBeGreaterThan(0);
    const expectedTop = [...after].sort((a, b) => b.score - a.score || a.userId.localeCompare(b.userId));
    expect(body.topAfter.map((row: { userId: string; score: number; rank: number }) => [row.userId, row.score, row.rank])).toEqual(
      expectedTop.map((row) => [row.userId, row.score, rankAfter.get(row.userId)]),
    );
    expect(body.topBefore).toHaveLength(STUDENTS);
    // Nothing was written.
    expect(await stored(examId)).toEqual(before);
    expect((await details(examId)).version).toBe(exam.version);
  });

  it('refuses a change that re-marks nothing, a stale copy, and a student', async () => {
    const { examId } = await takenExam();
    const exam = await details(examId);
    const nothing = await asAdmin('POST', `/api/admin/exams/${examId}/regrade/dry-run`, { value: edited(exam, {}), version: exam.version });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ message: REGRADE_MESSAGES.nothingToRegrade, field: 'value' });
    const stale = await asAdmin('POST', `/api/admin/exams/${examId}/regrade/dry-run`, { value: edited(exam, { key: [0, 3] }), version: exam.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().stale).toMatchObject({ version: exam.version });
    expect((await asNobody('POST', `/api/admin/exams/${examId}/regrade/dry-run`, { value: edited(exam, { key: [0, 3] }) })).statusCode).toBe(401);
    const asStudent = harness.injectWith(students[0]!.cookie);
    expect((await asStudent('POST', `/api/admin/exams/${examId}/regrade/dry-run`, { value: edited(exam, { key: [0, 3] }) })).statusCode).toBe(403);
    expect((await asStudent('POST', `/api/admin/exams/${examId}/regrade`, { value: edited(exam, { key: [0, 3] }), reason: 'x' })).statusCode).toBe(403);
    expect((await asAdmin('POST', `/api/admin/exams/${examId}/regrade/dry-run`, { value: { title: '' } })).json().field).toMatch(/^value/);
  });
});

describe('applying a regrade', () => {
  it('re-marks every attempt as a recomputation from the answers does, re-ranks, and tells the students why', async () => {
    const { examId, attempts } = await takenExam();
    const exam = await details(examId);
    const value = edited(exam, { key: [1, 2] });
    const before = await stored(examId);
    const seq = await lastAuditSeq(harness.db);
    const reason = 'The PSC answer key gives C for question 2';
    const applied = await asAdmin('POST', `/api/admin/exams/${examId}/regrade`, { value, version: exam.version, reason });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ version: exam.version + 1, regrade: { reason, changes: [{ label: 'Question 2: the answer is C (it was B)' }] } });

    const after = await recomputed(examId, value as Exam);
    expect(await stored(examId)).toEqual(after);
    const changed = after.filter((row, i) => row.score !== before[i]!.score);
    expect(applied.json().regrade.summary.changedAttempts).toBe(changed.length);

    // Each result is the recomputation; a changed one names the regrade and the score before it.
    for (const [n, student] of students.entries()) {
      const result = (await harness.injectWith(student.cookie)('GET', `/api/student/attempts/${attempts[n]}/result`)).json();
      const mine = after.find((row) => row.attemptId === attempts[n])!;
      const was = before.find((row) => row.attemptId === attempts[n])!;
      expect(result).toMatchObject({
        score: mine.score,
        correctAnswerCount: mine.correct,
        wrongAnswerCount: mine.wrong,
        unAttemptedAnswerCount: mine.unattempted,
      });
      if (mine.score !== was.score || mine.correct !== was.correct) {
        expect(result.regrade).toEqual({
          regradedAt: expect.any(String),
          reason,
          previousScore: was.score,
          changes: ['Question 2: the answer is C (it was B)'],
        });
      } else {
        expect(result.regrade).toBeNull();
      }
      expect(result.questionGroups[0].questions[1].correctAnswerIndex).toBe(2);
    }

    // The ranking is the new scores'.
    const ranking = (await asAdmin('GET', `/api/admin/exams/analytics/${examId}`)).json() as Array<{ userId: { _id: string }; rank: number; score: number }>;
    const ranks = ranksOf(after);
    for (const row of ranking) expect(row.rank).toBe(ranks.get(row.userId._id));

    // The exam's history and the audit log have it.
    const history = (await asAdmin('GET', `/api/admin/exams/${examId}/regrades`)).json();
    expect(history).toEqual([expect.objectContaining({ reason, appliedBy: expect.objectContaining({ name: expect.any(String) }) })]);
    const [entry] = await auditEntries(harness.db, { afterSeq: seq, resourceType: 'exam' });
    expect(entry).toMatchObject({ action: 'regrade', resource_id: examId });
    expect(JSON.stringify(entry!.changes)).toContain(reason);
    await expectUnbrokenChain(harness.db);
  });

  it('voids a question and changes the penalty: every figure is the recomputation', async () => {
    const { examId, attempts } = await takenExam();
    const exam = await details(examId);
    const value = edited(exam, { void: 3, marks: { wrongAnswerScore: 0.25 } });
    const applied = await asAdmin('POST', `/api/admin/exams/${examId}/regrade`, { value, version: exam.version, reason: 'Question 4 had two right options' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().regrade.changes.map((c: { label: string }) => c.label)).toEqual([
      'Penalty for a wrong answer: 0.25 (it was 0.33)',
      'Question 4 is voided: it counts for no one',
    ]);
    expect(await stored(examId)).toEqual(await recomputed(examId, value as Exam));
    const result = (await harness.injectWith(students[0]!.cookie)('GET', `/api/student/attempts/${attempts[0]}/result`)).json();
    expect(result.totalQuestionCount).toBe(QUESTIONS - 1);
    expect(result.questionGroups[0].questions[3]).toMatchObject({ isVoided: true, score: 0 });
  });

  it('asks for a reason of 1 to 500 characters, naming the field', async () => {
    const { examId } = await takenExam();
    const exam = await details(examId);
    const value = edited(exam, { key: [0, 1] });
    for (const reason of [undefined, '   ', 'x'.repeat(MAX_REGRADE_REASON_LENGTH + 1)]) {
      const refused = await asAdmin('POST', `/api/admin/exams/${examId}/regrade`, {
        value,
        version: exam.version,
        ...(reason === undefined ? {} : { reason }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        field: 'reason',
        message: reason && reason.length > MAX_REGRADE_REASON_LENGTH ? REGRADE_MESSAGES.reasonTooLong : REGRADE_MESSAGES.reasonRequired,
      });
    }
    expect((await details(examId)).version).toBe(exam.version);
    const longest = await asAdmin('POST', `/api/admin/exams/${examId}/regrade`, {
      value,
      version: exam.version,
      reason: 'y'.repeat(MAX_REGRADE_REASON_LENGTH),
    });
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it('two staff applying from the same copy: one regrade, the other is told who saved first', async () => {
    const { examId } = await takenExam();
    const exam = await details(examId);
    const [a, b] = await Promise.all([
      asAdmin('POST', `/api/admin/exams/${examId}/regrade`, { value: edited(exam, { key: [0, 1] }), version: exam.version, reason: 'First' }),
      asAdmin('POST', `/api/admin/exams/${examId}/regrade`, { value: edited(exam, { key: [0, 2] }), version: exam.version, reason: 'Second' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().stale).toMatchObject({ version: exam.version + 1 });
    expect((await asAdmin('GET', `/api/admin/exams/${examId}/regrades`)).json()).toHaveLength(1);
  });

  it('a submit arriving mid-regrade waits for it and is marked by the new key; one started before is too', async () => {
    const { examId } = await takenExam();
    // Two more students: one answers before the regrade and submits during it.
    const late = await createUser(harness.db, { email: 'regrade-late@example.com', name: 'Late Student' });
    const lateCookie = await harness.signIn('regrade-late@example.com');
    const lateAttempt = await takeAndKeepOpen(lateCookie, examId, 3);
    const exam = await details(examId);
    const value = edited(exam, { key: [1, 2] });

    // Hold the regrade at its last statement (the audit entry), after it has re-marked the attempts.
    const gate = new pg.Client({ connectionString: harness.database.url });
    await gate.connect();
    try {
      await gate.query('begin');
      await gate.query('select * from audit_chain_head for update');
      const applying = asAdmin('POST', `/api/admin/exams/${examId}/regrade`, { value, version: exam.version, reason: 'Key fixed' });
      await waitUntilWaiting(harness.db, '%audit_chain_head%');
      const submitting = submit(lateCookie, lateAttempt);
      await waitUntilWaiting(harness.db, '%pg_advisory_xact_lock_shared%', { waitEvent: 'advisory' });
      // What another reader sees meanwhile: the old figures (the regrade has not committed).
      const midway = await sql<{ status: string }>`select status from exam_attempts where id = ${lateAttempt}`.execute(harness.db);
      expect(midway.rows[0]!.status).toBe('in-progress');
      await gate.query('commit');
      const [applied, submitted] = await Promise.all([applying, submitting]);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(applied.json().regrade.summary.attempts).toBe(STUDENTS);
    } finally {
      await gate.end();
    }
    // Every attempt, the late one included, is marked by the new key.
    expect(await stored(examId)).toEqual(await recomputed(examId, value as Exam));
    const lateResult = (await harness.injectWith(lateCookie)('GET', `/api/student/attempts/${lateAttempt}/result`)).json();
    expect(lateResult.regrade).toBeNull();
    expect(lateResult.questionGroups[0].questions[1].correctAnswerIndex).toBe(2);
    expect(late.id).toBeTruthy();
  });
});
