import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test, type Download, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { questionGroup } from '../support/exam-factory.ts';
import { createConsoleUser, createStudent, query, signInThroughApi, type Account } from './support/helpers.ts';
import { shootSizes } from './support/screens.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A visible exam of `questions` questions (option A right in each), free for every student; answers its id. */
async function examWithQuestions(page: Page, title: string, questions: number): Promise<string> {
  const [card] = await query<{ id: string }>(
    `insert into subscriptions (title, is_free, gross_amount, gst_rate, gst_amount, net_amount) values ($1, true, 0, 18, 0, 0) returning id`,
    [`Free ${title}`],
  );
  const created = await page.request.post('/api/admin/exams', { data: { title, templateId: 'regular' } });
  expect(created.status(), await created.text()).toBe(200);
  const { _id: id } = (await created.json()) as { _id: string };
  const value = {
    title,
    isVisible: true,
    examDurationInMinutes: 30,
    totalQuestions: questions,
    totalMarks: questions,
    masterSubscription: card!.id,
    questionGroups: [questionGroup(questions)],
  };
  const saved = await page.request.put(`/api/admin/exams/${id}`, { data: { value } });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

/** A student taking the exam through the student routes in a session of their own, answering the first `right` questions right and the rest not at all. */
async function takeExam(baseURL: string, student: Account, examId: string, right: number): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    const login = await api.post('/api/auth/login', { data: { emailAddress: student.email, password: student.password } });
    expect(login.status(), await login.text()).toBe(200);
    const started = await api.post(`/api/student/exams/${examId}/attempts`);
    expect(started.status(), await started.text()).toBe(200);
    const attempt = (await started.json()) as { _id: string; questionGroups: Array<{ questions: Array<{ resId: string; options: string[] }> }> };
    const answers = attempt.questionGroups
      .flatMap((group) => group.questions)
      .slice(0, right)
      .map((question) => ({ questionResId: question.resId, providedAnswerIndex: question.options.indexOf('A'), timeElapsedInMs: 3000, revision: 1 }));
    const saved = await api.put(`/api/student/attempts/${attempt._id}/answers`, { data: { answers } });
    expect(saved.status(), await saved.text()).toBe(200);
    const submitted = await api.post(`/api/student/attempts/${attempt._id}/submit`);
    expect(submitted.status(), await submitted.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** The heading and rows of a downloaded CSV, which starts with a UTF-8 byte order mark. */
async function csvOf(file: Download): Promise<{ heading: string[]; rows: string[][] }> {
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [heading, ...rows] = parse(bytes, { bom: true }) as string[][];
  return { heading: heading!, rows };
}

test.describe('exports of exam results, coupons, alerts and sent notifications', () => {
  test('exports the ranked students of an exam from its Analytics tab as CSV, best first, names intact', async ({ page, baseURL }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Results Exporter'));
    const examId = await examWithQuestions(page, `Results export ${unique()}`, 3);
    // Taken out of rank order, so that the file's order comes from the ranking and not from when they submitted.
    const third = await createStudent({ name: 'Chitra Third' });
    const first = await createStudent({ name: 'അനുശ്രീ Topper' });
    const second = await createStudent({ name: 'Biju Second' });
    await takeExam(baseURL!, third, examId, 1);
    await takeExam(baseURL!, first, examId, 3);
    await takeExam(baseURL!, second, examId, 2);

    await page.goto(`/admin/exams/editor/${examId}/analytics`);
    const exportCsv = page.getByRole('button', { name: 'Export the exam results (every ranked student) shown as CSV' });
    // Nothing to export before the first sync.
    await expect(page.getByText('Never synced')).toBeVisible();
    await expect(exportCsv).toHaveCount(0);
    await page.getByRole('button', { name: 'Sync Ranking' }).click();
    await expect(page.getByRole('table', { name: 'Ranking' }).getByRole('row').filter({ hasText: 'അനുശ്രീ Topper' })).toBeVisible();

    const download = page.waitForEvent('download');
    await exportCsv.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^exam-results-\d{4}-\d{2}-\d{2}\.csv$/);
    const { heading, rows } = await csvOf(file);
    const column = (name: string) => heading.indexOf(name);
    expect(rows.map((row) => [row[column('Rank')], row[column('Student')], row[column('Email address')], row[column('Score')]])).toEqual([
      ['1', 'അനുശ്രീ Topper', first.email, '3'],
      ['2', 'Biju Second', second.email, '2'],
      ['3', 'Chitra Third', third.email, '1'],
    ]);
    await shootSizes(page, 'exam-results-export');
  });

  test('says why an exam results export failed: the exam was deleted after the tab opened', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Results Exporter 2'));
    const examId = await examWithQuestions(page, `Results gone ${unique()}`, 2);
    await page.goto(`/admin/exams/editor/${examId}/analytics`);
    await page.getByRole('button', { name: 'Sync Ranking' }).click();
    await expect(page.getByText('Never synced')).toHaveCount(0);
    // Deleted elsewhere (no student has taken it, so the delete is allowed).
    const deleted = await page.request.delete(`/api/admin/exams/${examId}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
    const exportXlsx = page.getByRole('button', { name: 'Export the exam results (every ranked student) shown as XLSX' });
    await exportXlsx.click();
    const failure = page.getByRole('alert').filter({ hasText: 'Export failed' });
    await expect(failure).toContainText('Exam not found');
    await expect(exportXlsx).toBeEnabled();
    await shootSizes(page, 'exam-results-export-failed');
  });

  test('exports the coupons as XLSX: the workbook opens and holds a new coupon', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Coupons Exporter'));
    const code = `XP${unique().toUpperCase()}`;
    const created = await page.request.post('/v2/coupons', { data: { code, discountType: 'rate', value: 12.5 } });
    expect(created.status(), await created.text()).toBe(200);
    await page.goto('/admin/coupons');
    await expect(page.getByRole('heading', { name: 'Discount Coupons' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the coupons shown as XLSX' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^coupons-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await file.path())!);
    const sheet = workbook.worksheets[0]!;
    const heading = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: unknown[][] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push((row.values as unknown[]).slice(1));
    });
    const ours = rows.find((row) => row[heading.indexOf('Coupon code')] === code);
    expect(ours, `${code} in ${rows.length} rows`).toBeDefined();
    expect(ours![heading.indexOf('Type')]).toBe('By Rate (%)');
    expect(ours![heading.indexOf('Rate (%)')]).toBe(12.5);
    await shootSizes(page, 'coupons-export');
  });

  test('exports the alerts a search shows and the sent notifications as CSV', async ({ page }) => {
    const tag = unique();
    await query(`insert into admin_alerts (message) values ($1), ($2)`, [`ഫയൽ ${tag} failed`, `Other ${tag}`]);
    // The newest notification sent: the card shows the latest 50, and so does its export.
    await query(
      `insert into push_notifications (title, body, target_type, group_targets, targeted, delivered, gone, failed, completed_at)
       values ($1, 'പരീക്ഷ നാളെ', 'group', '{LDC}', 4, 3, 1, 0, now())`,
      [`Exam ${tag}`],
    );
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Alerts Exporter'));
    await page.goto('/admin/notifications');
    await page.getByRole('textbox', { name: 'Filter Message' }).fill(`ഫയൽ ${tag}`);
    const tableRows = page.getByRole('table', { name: 'Alerts' }).getByRole('row');
    await expect(tableRows.filter({ hasText: `Other ${tag}` })).toHaveCount(0);
    await expect(tableRows.filter({ hasText: `ഫയൽ ${tag}` })).toHaveCount(1);
    const alerts = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the alerts shown as CSV' }).click();
    const alertsFile = await csvOf(await alerts);
    expect(alertsFile.rows.map((row) => row[alertsFile.heading.indexOf('Message')])).toEqual([`ഫയൽ ${tag} failed`]);

    const sent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the sent notifications shown as CSV' }).click();
    const sentFile = await sent;
    expect(sentFile.suggestedFilename()).toMatch(/^sent-notifications-\d{4}-\d{2}-\d{2}\.csv$/);
    const sentTable = await csvOf(sentFile);
    const newest = sentTable.rows[0]!;
    const sentColumn = (name: string) => newest[sentTable.heading.indexOf(name)];
    expect([sentColumn('Title'), sentColumn('Body'), sentColumn('Target'), sentColumn('Delivered'), sentColumn('Gone')]).toEqual([
      `Exam ${tag}`,
      'പരീക്ഷ നാളെ',
      'LDC',
      '3',
      '1',
    ]);
    await shootSizes(page, 'alerts-export');
  });
});
