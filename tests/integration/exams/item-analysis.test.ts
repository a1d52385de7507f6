import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_ANALYSIS_MESSAGES, type ItemAnalysis, type ItemAnalysisQuestion } from '../../../shared/exams/item-analysis.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { createFreeRateCard, createPublishedExam, editableExam, questionGroup } from '../../support/exam-factory.ts';
import { csvTable, xlsxTable } from '../../support/export-files.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'student', 'educator'] });
const asAdmin = harness.injectAs('admin');
let freeCard: string;
const students: Array<{ id: string; cookie: string }> = [];

beforeAll(async () => {
  freeCard = await createFreeRateCard(harness.db);
  for (let i = 0; i < 12; i += 1) {
    const user = await createUser(harness.db, { email: `item${i}@example.com`, name: `Item student ${i}` });
    students.push({ id: user.id, cookie: await harness.signIn(`item${i}@example.com`) });
  }
});

/** One student's answer to a question: the option (-1 none) and the time spent (0: never seen, so not saved). */
type Given = { answer: number; timeMs: number };

/** What a student did, as the test keeps it for its recomputation. */
interface Taken {
  userId: string;
  paper: string[];
  given: Map<string, Given>;
}

/** Takes the exam through the student API: start, one autosave of the answers seen, submit; answers the submitted score. */
async function take(
  student: { id: string; cookie: string },
  examId: string,
  plan: (resId: string, place: number) => Given,
): Promise<Taken & { score: number }> {
  const as = harness.injectWith(student.cookie);
  const attempt = (await as('POST', `/api/student/exams/${examId}/attempts`)).json();
  const paper = (attempt.questionGroups as Array<{ questions: Array<{ resId: string }> }>).flatMap((group) => group.questions.map((q) => q.resId));
  const given = new Map(paper.map((resId, place) => [resId, plan(resId, place)]));
  const answers = [...given]
    .filter(([, g]) => g.timeMs > 0)
    .map(([questionResId, g]) => ({ questionResId, providedAnswerIndex: g.answer, timeElapsedInMs: g.timeMs, revision: 1 }));
  if (answers.length > 0) expect((await as('PUT', `/api/student/attempts/${attempt._id}/answers`, { answers })).statusCode).toBe(200);
  const submitted = await as('POST', `/api/student/attempts/${attempt._id}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { userId: student.id, paper, given, score: submitted.json().score };
}

type Key = Map<string, { correct: number; voided: boolean }>;

/** The score of an attempt marked +1 a correct answer, nothing otherwise, voided questions not counted. */
const scoreOf = (taken: Taken, key: Key) =>
  taken.paper.filter((resId) => !key.get(resId)!.voided && taken.given.get(resId)!.answer === key.get(resId)!.correct).length;

/** Every figure of one question, worked out from the answers given (the ranking's order: score, then user id). */
function recompute(all: Taken[], key: Key, resId: string, optionCount: number) {
  const ordered = [...all].sort((a, b) => scoreOf(b, key) - scoreOf(a, key) || (a.userId < b.userId ? -1 : 1));
  const band = all.length >= 10 ? Math.round(0.27 * all.length) : 0;
  const upper = ordered.slice(0, band);
  const lower = band > 0 ? ordered.slice(-band) : [];
  const had = (group: Taken[]) => group.filter((t) => t.paper.includes(resId));
  const correctShare = (group: Taken[]) => had(group).filter((t) => t.given.get(resId)!.answer === key.get(resId)!.correct).length / had(group).length;
  const takers = had(all);
  const answersOf = takers.map((t) => t.given.get(resId)!);
  const seen = answersOf.filter((g) => g.timeMs > 0);
  const counts = Array.from({ length: optionCount }, (_, option) => answersOf.filter((g) => g.answer === option).length);
  const unattempted = answersOf.filter((g) => g.answer < 0).length;
  return {
    students: takers.length,
    facility: correctShare(all),
    // None when a band holds nobody whose paper had the question.
    discrimination: band > 0 && had(upper).length > 0 && had(lower).length > 0 ? correctShare(upper) - correctShare(lower) : null,
    counts,
    shares: counts.map((count) => count / takers.length),
    unattempted,
    unattemptedShare: unattempted / takers.length,
    averageTimeMs: seen.length > 0 ? Math.round(seen.reduce((sum, g) => sum + g.timeMs, 0) / seen.length) : null,
  };
}

function expectFigures(question: ItemAnalysisQuestion, expected: ReturnType<typeof recompute>) {
  expect(question.students).toBe(expected.students);
  expect(question.facility).toBeCloseTo(expected.facility, 4);
  if (expected.discrimination === null) expect(question.discrimination).toBeNull();
  else expect(question.discrimination).toBeCloseTo(expected.discrimination, 4);
  expect(question.options.map((o) => o.count)).toEqual(expected.counts);
  question.options.forEach((o, i) => expect(o.share).toBeCloseTo(expected.shares[i]!, 4));
  expect(question.unattempted).toBe(expected.unattempted);
  expect(question.unattemptedShare).toBeCloseTo(expected.unattemptedShare, 4);
  expect(question.averageTimeMs).toBe(expected.averageTimeMs);
}

async function examValue(examId: string) {
  return (await asAdmin('GET', `/api/admin/exams/details/${examId}`)).json();
}

const analysisOf = async (examId: string) => {
  const answer = await asAdmin('GET', `/api/admin/exams/${examId}/item-analysis`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ItemAnalysis;
};

const sync = async (examId: string) => expect((await asAdmin('PUT', `/api/admin/exams/${examId}/rank/sync`, {})).statusCode).toBe(200);

const marking = { correctAnswerScore: 1, wrongAnswerScore: 0, unAnsweredScore: 0 };

/**
 * Six questions, keys 0, 1, 2, 3, 0, 1. Student i (0 strongest):
 *   easy (q1): all right but the last, who leaves it blank;  hard (q2): only student 0 right;
 *   wrong key (q3): the stronger half choose option 1 (the real answer), the weaker the keyed 2;
 *   q4–q6: right for i below 9, 7 and 5, the rest wrong or blank; student 10 never sees q6.
 */
function plan(i: number) {
  return (resId: string, place: number): Given => {
    const time = 1000 + 250 * i + 100 * place;
    switch (place) {
      case 0:
        return i === 11 ? { answer: -1, timeMs: time } : { answer: 0, timeMs: time };
      case 1:
        return i === 0 ? { answer: 1, timeMs: time } : { answer: [2, 3, -1][i % 3]!, timeMs: time };
      case 2:
        return { answer: i < 6 ? 1 : 2, timeMs: time };
      default: {
        const rightBelow = [9, 7, 5][place - 3]!;
        const key = [3, 0, 1][place - 3]!;
        if (place === 5 && i === 10) return { answer: -1, timeMs: 0 };
        if (i < rightBelow) return { answer: key, timeMs: time };
        return i % 2 === 0 ? { answer: (key + 1) % 4, timeMs: time } : { answer: -1, timeMs: time };
      }
    }
  };
}

describe('item analysis', () => {
  let examId: string;
  let taken: Array<Taken & { score: number }>;
  let key: Key;

  beforeAll(async () => {
    const keys = [0, 1, 2, 3, 0, 1];
    ({ id: examId } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Item analysis',
      questionGroups: [questionGroup(6, { correct: (i) => keys[i]! })],
      masterSubscription: freeCard,
      ...marking,
    }));
    taken = [];
    for (const [i, student] of students.entries()) taken.push(await take(student, examId, plan(i)));
    key = new Map(taken[0]!.paper.map((resId, i) => [resId, { correct: keys[i]!, voided: false }]));
  });

  it('refuses an exam whose ranking was never synced (409), an unknown exam (404) and a role without exams (403)', async () => {
    const before = await asAdmin('GET', `/api/admin/exams/${examId}/item-analysis`);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe(ITEM_ANALYSIS_MESSAGES.neverSynced);
    expect((await asAdmin('GET', `/api/admin/exams/${examId}/item-analysis/export.csv`)).statusCode).toBe(409);
    expect((await asAdmin('GET', '/api/admin/exams/00000000-0000-4000-8000-000000000000/item-analysis')).statusCode).toBe(404);
    for (const role of ['student', 'educator'] as const) {
      const as = harness.injectAs(role);
      expect((await as('GET', `/api/admin/exams/${examId}/item-analysis`)).statusCode).toBe(403);
      expect((await as('GET', `/api/admin/exams/${examId}/item-analysis/export.xlsx`)).statusCode).toBe(403);
    }
    expect((await harness.injectAs('nobody')('GET', `/api/admin/exams/${examId}/item-analysis`)).statusCode).toBe(401);
  });

  it('gives every figure as a recomputation from the answers given, and flags the easy, the hard and the wrongly keyed question', async () => {
    // The test's marking is the server's.
    for (const t of taken) expect(t.score).toBe(scoreOf(t, key));
    await sync(examId);
    const analysis = await analysisOf(examId);
    expect(analysis.participants).toBe(12);
    expect(analysis.bandSize).toBe(3);
    expect(analysis.questions.map((q) => q.resId)).toEqual(taken[0]!.paper);
    expect(analysis.questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const question of analysis.questions) {
      expectFigures(question, recompute(taken, key, question.resId, 4));
      expect(question.options.filter((o) => o.isCorrect).map((o) => o.index)).toEqual([key.get(question.resId)!.correct]);
    }
    expect(analysis.questions.map((q) => q.flags)).toEqual([['too-easy'], ['too-hard'], ['negative-discrimination'], [], [], []]);
    // Which of the tied students fall in a band follows their (random) ids: the figure is the recomputation's, and negative.
    expect(analysis.questions[2]!.discrimination).toBeLessThan(0);
    expect(analysis.questions[0]!.excerpt).toBe('Question 1: which is right?');
    expect(analysis.questions.map((q) => q.openReports)).toEqual([0, 0, 0, 0, 0, 0]);

    // Two students report the wrongly keyed question: the analysis counts their open reports.
    const disputed = analysis.questions[2]!.resId;
    for (const student of students.slice(0, 2)) {
      const reported = await harness.injectWith(student.cookie)('POST', `/api/student/exams/${examId}/questions/${disputed}/reports`, {
        reason: 'The answer key marks the wrong option',
      });
      expect(reported.statusCode, reported.body).toBe(201);
    }
    expect((await analysisOf(examId)).questions.map((q) => q.openReports)).toEqual([0, 0, 2, 0, 0, 0]);
  });

  it('answers the same through tRPC, and exports the same rows as CSV and XLSX', async () => {
    const analysis = await analysisOf(examId);
    const trpc = await asAdmin('GET', `/trpc/exams.itemAnalysis?input=${encodeURIComponent(JSON.stringify({ id: examId }))}`);
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data).toEqual(analysis);

    const csv = csvTable(await asAdmin('GET', `/api/admin/exams/${examId}/item-analysis/export.csv`), 'item-analysis');
    const xlsx = await xlsxTable(await asAdmin('GET', `/api/admin/exams/${examId}/item-analysis/export.xlsx`), 'Item analysis');
    for (const table of [csv, xlsx]) {
      const cell = (value: unknown) => (table === csv ? String(value ?? '') : (value ?? undefined));
      expect(table.rows).toHaveLength(analysis.questions.length);
      expect(table.columnOf('Question id')).toEqual(analysis.questions.map((q) => q.resId));
      expect(table.columnOf('Number')).toEqual(analysis.questions.map((q) => cell(q.number)));
      expect(table.columnOf('Facility')).toEqual(analysis.questions.map((q) => cell(q.facility)));
      expect(table.columnOf('Discrimination')).toEqual(analysis.questions.map((q) => cell(q.discrimination)));
      for (const [option, letter] of ['A', 'B', 'C', 'D'].entries()) {
        expect(table.columnOf(`Chose ${letter}`)).toEqual(analysis.questions.map((q) => cell(q.options[option]!.count)));
      }
      expect(table.columnOf('Unattempted')).toEqual(analysis.questions.map((q) => cell(q.unattempted)));
      expect(table.columnOf('Correct option')).toEqual(analysis.questions.map((q) => cell('ABCD'[q.correctAnswerIndex])));
    }
    expect(csv.columnOf('Flags')).toEqual(['Too easy', 'Too hard', 'Negative discrimination', '', '', '']);
    expect(csv.columnOf('Chose E')).toEqual(['', '', '', '', '', '']);
  });
});

describe('item analysis across papers', () => {
  it('sums a question over the papers that held it, counts an added one over its own takers, and lists a removed one last', async () => {
    const { id: examId } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Two papers',
      questionGroups: [questionGroup(3, { correct: (i) => i })],
      masterSubscription: freeCard,
      ...marking,
    });
    const answerOf = (i: number) => (resId: string, place: number) => ({ answer: (i + place) % 4, timeMs: 500 + 100 * i });
    const taken: Taken[] = [];
    for (const [i, student] of students.slice(0, 6).entries()) taken.push(await take(student, examId, answerOf(i)));
    const [q1, q2, q3] = taken[0]!.paper;

    // Saved between attempts: a question added first and the second taken out (their keys unchanged, so no regrade).
    const exam = await examValue(examId);
    const group = exam.questionGroups[0];
    const added = { ...group.questions[0], resId: 'added-q', question: '<p>An added   question</p>', correctAnswerIndex: 3 };
    const saved = await asAdmin('PUT', `/api/admin/exams/${examId}`, {
      value: {
        ...editableExam(exam, ['version']),
        totalQuestions: 3,
        totalMarks: 3,
        questionGroups: [{ ...group, questions: [added, group.questions[0], group.questions[2]] }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const [i, student] of students.slice(6).entries()) taken.push(await take(student, examId, answerOf(i + 6)));
    expect(taken[6]!.paper).toEqual(['added-q', q1, q3]);
    await sync(examId);

    const analysis = await analysisOf(examId);
    expect(analysis.participants).toBe(12);
    expect(analysis.questions.map((q) => [q.number, q.resId])).toEqual([
      [1, 'added-q'],
      [2, q1],
      [3, q3],
      [null, q2],
    ]);
    const key: Key = new Map([
      ['added-q', { correct: 3, voided: false }],
      [q1!, { correct: 0, voided: false }],
      [q2!, { correct: 1, voided: false }],
      [q3!, { correct: 2, voided: false }],
    ]);
    for (const question of analysis.questions) expectFigures(question, recompute(taken, key, question.resId, 4));
    expect(analysis.questions.map((q) => q.students)).toEqual([6, 12, 12, 6]);
    expect(analysis.questions[0]!.excerpt).toBe('An added question');
  });
});

describe('item analysis of a small exam with a voided question', () => {
  it('shows the voided question without flags, and no discrimination below ten students', async () => {
    const group = questionGroup(2, { correct: () => 0 });
    group.questions[1] = { ...group.questions[1]!, isVoided: true };
    const { id: examId } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Voided',
      questionGroups: [group],
      masterSubscription: freeCard,
      ...marking,
    });
    // Nobody chooses the keyed option of the voided question: it would be too hard.
    for (const student of students.slice(0, 3)) await take(student, examId, () => ({ answer: 2, timeMs: 800 }));
    await sync(examId);
    const analysis = await analysisOf(examId);
    expect(analysis.bandSize).toBe(0);
    const [first, voided] = analysis.questions;
    expect(voided).toMatchObject({ isVoided: true, facility: 0, discrimination: null, flags: [] });
    expect(first).toMatchObject({ isVoided: false, facility: 0, discrimination: null, flags: ['too-hard'], averageTimeMs: 800 });
  });
});
