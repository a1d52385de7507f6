import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { createConsoleUser, createStudent, signInThroughApi, type Account } from './support/helpers.ts';
import { snap } from './support/media.ts';

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

const question = (resId: string, text: string) => ({
  resId,
  question: text,
  options: ['Periyar', 'Bharathapuzha', 'Pamba', 'Chaliyar'],
  correctAnswerIndex: 0,
  questionMimeType: 'text',
});

/** A free, visible exam of three questions (option A correct in each), made through the admin API. */
async function createExam(page: Page, title: string): Promise<string> {
  const card = await page.request.post('/api/admin/subscriptions', { data: { title: `${title} card` } });
  const cardId = ((await card.json()) as { _id: string })._id;
  expect(
    (await page.request.put(`/api/admin/subscriptions/${cardId}`, { data: { value: { title: `${title} card`, isFree: true, freeMode: 'none' } } })).status(),
  ).toBe(200);
  const created = await page.request.post('/api/admin/exams', { data: { title, templateId: 'regular' } });
  const id = ((await created.json()) as { _id: string })._id;
  const value = {
    title,
    isVisible: true,
    examDurationInMinutes: 30,
    totalQuestions: 3,
    totalMarks: 3,
    correctAnswerScore: 1,
    wrongAnswerScore: 0,
    unAnsweredScore: 0,
    masterSubscription: cardId,
    questionGroups: [
      {
        resId: 'g1',
        title: 'Rivers',
        questions: [
          question('easy', 'Which river is the longest in Kerala?'),
          question('hard', 'Which river flows east from Kerala?'),
          question('mixed', 'Which river is called the Nila?'),
        ],
      },
    ],
  };
  const saved = await page.request.put(`/api/admin/exams/${id}`, { data: { value } });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

/** A student takes the exam through the student API: the options chosen per question (-1 none), then submit. */
async function takeExam(baseURL: string, student: Account, examId: string, chosen: Record<string, number>) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    expect((await api.post('/api/auth/login', { data: { emailAddress: student.email, password: student.password } })).status()).toBe(200);
    const attempt = (await (await api.post(`/api/student/exams/${examId}/attempts`)).json()) as { _id: string };
    const answers = Object.entries(chosen).map(([questionResId, providedAnswerIndex]) => ({
      questionResId,
      providedAnswerIndex,
      timeElapsedInMs: 6000,
      revision: 1,
    }));
    expect((await api.put(`/api/student/attempts/${attempt._id}/answers`, { data: { answers } })).status()).toBe(200);
    expect((await api.post(`/api/student/attempts/${attempt._id}/submit`)).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

test.describe('item analysis', () => {
  test('a ranking still loading when the sync ends is asked for again: the synced students show, not the answer from before', async ({ page, baseURL }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Item Admin 3'));
    const examId = await createExam(page, `Rivers ${unique()}`);
    for (const third of [0, 2]) await takeExam(baseURL!, await createStudent({ name: `Ranked ${third}` }), examId, { easy: 0, hard: 1, mixed: third });
    // The tab's first ranking answer is read from the server at once (before the sync: no one ranked),
    // and handed to the page only after the sync has finished.
    let release!: () => void;
    const synced = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(/\/trpc\/[^?]*exams\.analytics/, async (route) => {
      if (held) return route.continue();
      held = true;
      const before = await route.fetch();
      await synced;
      // The page may have given up on it meanwhile (cancelled): then there is no one to answer.
      await route.fulfill({ response: before }).catch(() => {});
    });
    await page.goto(`/admin/exams/editor/${examId}/analytics`);
    await expect.poll(() => held).toBe(true);
    await expect(page.getByText('Never synced')).toBeVisible();
    await page.getByRole('button', { name: 'Sync Ranking' }).click();
    // The sync has answered: the rank state shows its time.
    await expect(page.getByText('Never synced')).toHaveCount(0);
    release();
    await expect(page.getByText('Ranking synced')).toBeVisible();
    const ranking = page.getByRole('table', { name: 'Ranking' });
    await expect(ranking.getByRole('row').filter({ hasText: 'Ranked 0' }).getByRole('cell').first()).toHaveText('1');
    await expect(ranking.getByRole('row').filter({ hasText: 'Ranked 2' }).getByRole('cell').first()).toHaveText('2');
    await expect(ranking).not.toContainText('No submitted attempts in the last sync');
  });

  test('shows each question with its flags, filters the flagged ones and exports them as CSV', async ({ page, baseURL }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Item Admin'));
    const examId = await createExam(page, `Rivers ${unique()}`);
    // Everyone gets the first right (too easy), nobody the second (too hard), two of three the third.
    for (const third of [0, 0, 2]) await takeExam(baseURL!, await createStudent(), examId, { easy: 0, hard: 1, mixed: third });

    await page.goto(`/admin/exams/editor/${examId}/analytics`);
    const section = page.getByRole('region', { name: 'Item analysis' });
    await expect(section.getByText('Sync the ranking to see the item analysis')).toBeVisible();
    await page.getByRole('button', { name: 'Sync Ranking' }).click();

    const table = section.getByRole('table', { name: 'Item analysis' });
    const rows = table.getByRole('row').filter({ hasText: /^Q\d/ });
    await expect(rows).toHaveCount(3);
    const easy = rows.filter({ hasText: 'longest in Kerala' });
    await expect(easy).toContainText('Too easy');
    await expect(easy).toContainText('1.00');
    await expect(easy.getByRole('listitem').first()).toHaveText(/A\s*3 \(100%\)\s*correct/);
    await expect(rows.filter({ hasText: 'flows east' })).toContainText('Too hard');
    await expect(rows.filter({ hasText: 'called the Nila' })).toContainText('0.67');
    await expect(section).toContainText('Discrimination: the share correct in the top 27%');
    await snap(page, 'item-analysis');

    await section.getByLabel(/Flagged only/).check();
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'called the Nila' })).toHaveCount(0);

    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export the item analysis (every question) shown as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^item-analysis-\d{4}-\d{2}-\d{2}\.csv$/);
    const [heading, ...lines] = parse(await readFile((await file.path())!), { bom: true }) as string[][];
    const column = (name: string) => lines.map((line) => line[heading!.indexOf(name)]);
    expect(column('Question id')).toEqual(['easy', 'hard', 'mixed']);
    expect(column('Facility')).toEqual(['1', '0', '0.6667']);
    expect(column('Flags')).toEqual(['Too easy', 'Too hard', '']);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(section.getByRole('button', { name: 'Export the item analysis (every question) shown as CSV' })).toBeVisible();
    await expect(rows.first()).toContainText('Too easy');
    await snap(page, 'item-analysis-390');
  });

  test('a failed load says "Failed to fetch the item analysis" and Try again reloads it', async ({ page, baseURL }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Item Admin'));
    const examId = await createExam(page, `Rivers ${unique()}`);
    await takeExam(baseURL!, await createStudent(), examId, { easy: 0 });
    expect((await page.request.put(`/api/admin/exams/${examId}/rank/sync`)).status()).toBe(200);
    let refuse = true;
    await page.route(/\/trpc\/[^?]*exams\.itemAnalysis/, (route) => (refuse ? route.abort('connectionrefused') : route.continue()));
    await page.goto(`/admin/exams/editor/${examId}/analytics`);
    const section = page.getByRole('region', { name: 'Item analysis' });
    await expect(section.getByRole('alert').filter({ hasText: 'Failed to fetch the item analysis' })).toContainText('Network error', { timeout: 30_000 });
    await snap(page, 'item-analysis-failed');
    refuse = false;
    await section.getByRole('button', { name: 'Try again' }).click();
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expect(section.getByRole('table', { name: 'Item analysis' }).getByRole('row').filter({ hasText: /^Q\d/ })).toHaveCount(3);
  });
});
