import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { createFreeRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { csvTable, xlsxTable } from '../../support/export-files.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'student'] });
const asAdmin = harness.injectAs('admin');
const asStudent = harness.injectAs('student');
let examId: string;
let neverSynced: string;

type Answer = { questionResId: string; providedAnswerIndex: number; timeElapsedInMs: number; revision: number };

beforeAll(async () => {
  const freeCard = await createFreeRateCard(harness.db);
  const exam = (title: string) =>
    createPublishedExam(harness.app, harness.cookie('admin'), {
      title,
      questionGroups: [questionGroup(4, { correct: (i) => i % 4 })],
      wrongAnswerScore: 0.33,
      masterSubscription: freeCard,
    });
  examId = (await exam('Mock')).id;
  neverSynced = (await exam('Not synced')).id;
  // Scores: 3, 3, 1 and -0.33; the first two share rank 1.
  const plan = [
    [0, 1, 2, -1],
    [0, 1, 2, -1],
    [0, -1, -1, -1],
    [1, -1, -1, -1],
  ];
  const names = ['=അനു', 'Biju', 'Chitra', 'Deepa'];
  for (const [n, answers] of plan.entries()) {
    await createUser(harness.db, { email: `taker${n}@example.com`, name: names[n]!, phone: `984700000${n}` });
    const as = harness.injectWith(await harness.signIn(`taker${n}@example.com`));
    const attempt = (await as('POST', `/api/student/exams/${examId}/attempts`)).json();
    const given = attempt.questionGroups[0].questions
      .map((q: { resId: string }, i: number) => ({ questionResId: q.resId, providedAnswerIndex: answers[i]!, timeElapsedInMs: 1000, revision: 1 }))
      .filter((a: Answer) => a.providedAnswerIndex >= 0);
    await as('PUT', `/api/student/attempts/${attempt._id}/answers`, { answers: given });
    expect((await as('POST', `/api/student/attempts/${attempt._id}/submit`)).statusCode).toBe(200);
    await harness.db
      .updateTable('exam_attempts')
      .set({ started_at: new Date(Date.UTC(2026, 10, 27, 4, 0, n)), submitted_at: new Date(Date.UTC(2026, 10, 27, 4, 10 + n, 30)) })
      .where('id', '=', attempt._id)
      .execute();
  }
  expect((await asAdmin('PUT', `/api/admin/exams/${examId}/rank/sync`, {})).statusCode).toBe(200);
});

describe('exam results export', () => {
  it('answers as CSV the ranking the Analytics tab shows, in its order, with each attempt figures in India time', async () => {
    const table = csvTable(await asAdmin('GET', `/api/admin/exams/${examId}/results/export.csv`), 'exam-results');
    const analytics = (await asAdmin('GET', `/api/admin/exams/analytics/${examId}`)).json() as Array<{ userId: { _id: string }; rank: number; score: number }>;
    expect(analytics).toHaveLength(4);
    expect(table.columnOf('Student id')).toEqual(analytics.map((row) => row.userId._id));
    expect(table.columnOf('Rank')).toEqual(['1', '1', '3', '4']);
    expect(table.columnOf('Score')).toEqual(['3', '3', '1', '-0.33']);
    const first = table.rows.find((row) => table.column(row, 'Phone number') === '9847000000')!;
    expect(table.column(first, 'Student')).toBe(`'=അനു`);
    expect(table.column(first, 'Correct')).toBe('3');
    expect(table.column(first, 'Wrong')).toBe('0');
    expect(table.column(first, 'Unattempted')).toBe('1');
    expect(table.column(first, 'Time taken (seconds)')).toBe('630');
    expect(table.column(first, 'Submitted at (India time)')).toBe('2026-11-27 09:40:30');
    const last = table.rows[3]!;
    expect(table.column(last, 'Student')).toBe('Deepa');
    expect(table.column(last, 'Wrong')).toBe('1');
    expect(table.column(last, 'Time taken (seconds)')).toBe('807');
  });

  it('answers an XLSX that exceljs opens, and an exam never synced as its heading alone', async () => {
    const table = await xlsxTable(await asAdmin('GET', `/api/admin/exams/${examId}/results/export.xlsx`), 'Results');
    expect(table.columnOf('Rank')).toEqual([1, 1, 3, 4]);
    expect(table.columnOf('Score')).toEqual([3, 3, 1, -0.33]);
    const empty = csvTable(await asAdmin('GET', `/api/admin/exams/${neverSynced}/results/export.csv`), 'exam-results');
    expect(empty.heading).toContain('Rank');
    expect(empty.rows).toEqual([]);
  });

  it('answers 404 for an exam that does not exist, and 403 to a student', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const missing = await asAdmin('GET', `/api/admin/exams/${id}/results/export.csv`);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
    }
    for (const format of ['csv', 'xlsx']) {
      expect((await asStudent('GET', `/api/admin/exams/${examId}/results/export.${format}`)).statusCode).toBe(403);
    }
  });
});
