import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { REGRADE_MESSAGES } from '../../shared/exams/regrade.schema.ts';
import { createConsoleUser, createStudent, signInThroughApi, type Account } from './support/helpers.ts';
import { shootSizes } from './support/screens.ts';
import { editableExam } from '../support/exam-factory.ts';

const GROUP = 'General knowledge';
const RIVER = 'Which river is the longest in Kerala?';
const POET = 'Who wrote "Duravastha"?';
const DISTRICT = 'Which district of Kerala is the largest by area?';
const OPTIONS: Record<string, string[]> = {
  [RIVER]: ['Periyar', 'Bharathapuzha', 'Pamba', 'Chaliyar'],
  [POET]: ['Kumaran Asan', 'Vallathol', 'Ulloor', 'Changampuzha'],
  [DISTRICT]: ['Idukki', 'Palakkad', 'Wayanad', 'Malappuram'],
};

/**
 * A published mock test (+1 right, .33 off a wrong answer) whose key wrongly says Idukki for the
 * district question (question 3), made through the admin API as the editor would save it.
 */
async function publishedExam(page: Page, title: string): Promise<string> {
  const card = await page.request.post('/api/admin/subscriptions', { data: { title: `${title} card` } });
  expect(card.status(), await card.text()).toBe(200);
  const { _id: cardId } = (await card.json()) as { _id: string };
  const free = await page.request.put(`/api/admin/subscriptions/${cardId}`, { data: { value: { title: `${title} card`, isFree: true, freeMode: 'none' } } });
  expect(free.status(), await free.text()).toBe(200);
  const created = await page.request.post('/api/admin/exams', { data: { title, templateId: 'regular' } });
  expect(created.status(), await created.text()).toBe(200);
  const { _id: id } = (await created.json()) as { _id: string };
  const questions = [RIVER, POET, DISTRICT].map((question) => ({ question, options: OPTIONS[question], correctAnswerIndex: 0 }));
  const value = {
    title,
    isVisible: true,
    masterSubscription: cardId,
    examDurationInMinutes: 30,
    totalQuestions: 3,
    totalMarks: 3,
    correctAnswerScore: 1,
    wrongAnswerScore: 0.33,
    questionGroups: [{ title: GROUP, questions }],
  };
  const saved = await page.request.put(`/api/admin/exams/${id}`, { data: { value } });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

async function studentSession(baseURL: string, student: Account): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: { emailAddress: student.email, password: student.password } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/** A student answers (by option text, or blank) and, unless told not to, submits; the attempt's id. */
async function takeExam(baseURL: string, student: Account, examId: string, answers: Record<string, string | null>, submit = true): Promise<string> {
  const api = await studentSession(baseURL, student);
  try {
    const started = await api.post(`/api/student/exams/${examId}/attempts`);
    expect(started.status(), await started.text()).toBe(200);
    const attempt = (await started.json()) as {
      _id: string;
      questionGroups: Array<{ questions: Array<{ resId: string; question: string; options: string[] }> }>;
    };
    const given = attempt.questionGroups
      .flatMap((group) => group.questions)
      .flatMap((question, index) => {
        const text = answers[question.question] ?? null;
        return text === null
          ? []
          : [{ questionResId: question.resId, providedAnswerIndex: question.options.indexOf(text), timeElapsedInMs: 5000 + index, revision: 1 }];
      });
    const saved = await api.put(`/api/student/attempts/${attempt._id}/answers`, { data: { answers: given } });
    expect(saved.status(), await saved.text()).toBe(200);
    if (submit) {
      const submitted = await api.post(`/api/student/attempts/${attempt._id}/submit`);
      expect(submitted.status(), await submitted.text()).toBe(200);
    }
    return attempt._id;
  } finally {
    await api.dispose();
  }
}

/**
 * Four students submit and one is still answering. By the wrong key (Idukki) and by the right one (Palakkad):
 * Anjali 3 → 1.67 (rank 1 → 3), Bibin 0.34 → 1.67 (4 → 3), Chitra 2 → 2 (2 → 1), Deepak 0.67 → 2 (3 → 1).
 */
async function takenExam(page: Page, baseURL: string, title: string) {
  const examId = await publishedExam(page, title);
  const suffix = title.split(' ').at(-1)!;
  const anjali = await createStudent({ name: `Anjali ${suffix}` });
  await takeExam(baseURL, anjali, examId, { [RIVER]: 'Periyar', [POET]: 'Kumaran Asan', [DISTRICT]: 'Idukki' });
  const bibin = await createStudent({ name: `Bibin ${suffix}` });
  const bibinAttempt = await takeExam(baseURL, bibin, examId, { [RIVER]: 'Periyar', [POET]: 'Vallathol', [DISTRICT]: 'Palakkad' });
  await takeExam(baseURL, await createStudent({ name: `Chitra ${suffix}` }), examId, { [RIVER]: 'Periyar', [POET]: 'Kumaran Asan' });
  await takeExam(baseURL, await createStudent({ name: `Deepak ${suffix}` }), examId, { [RIVER]: 'Periyar', [DISTRICT]: 'Palakkad' });
  await takeExam(baseURL, await createStudent({ name: `Eldho ${suffix}` }), examId, { [RIVER]: 'Periyar' }, false);
  return { examId, suffix, bibin, bibinAttempt };
}

/** Opens the editor's questions, sets question 3's answer to Palakkad (B) and saves: the Regrade dialog opens. */
async function correctTheKey(page: Page, examId: string) {
  await page.goto(`/admin/exams/editor/${examId}/questions`);
  const item = page.getByRole('listitem', { name: `Question 3 of ${GROUP}` });
  // A short exam opens with every question open.
  await expect(item.getByRole('button', { name: `Collapse Question 3 of ${GROUP}` })).toBeVisible();
  await item.getByRole('radio', { name: 'Option B is correct' }).click();
  await expect(item.getByText('Answer B')).toBeVisible();
  await page.locator('header').getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regrade' });
  await expect(dialog).toContainText(REGRADE_MESSAGES.regradeRequired(4));
  return { dialog, item };
}

async function regradesOf(page: Page, examId: string): Promise<Array<{ reason: string }>> {
  const response = await page.request.get(`/api/admin/exams/${examId}/regrades`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Array<{ reason: string }>;
}

test.describe('regrading an exam', () => {
  test.setTimeout(180_000);

  test('a corrected key opens the dry run with its figures; an empty reason is refused; Apply re-marks, says so, lists it and tells the students', async ({
    page,
    baseURL,
  }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Meera Regrade'));
    const title = `Regrade mock ${Date.now().toString(36)}`;
    const { examId, suffix, bibin, bibinAttempt } = await takenExam(page, baseURL!, title);
    const { dialog, item } = await correctTheKey(page, examId);

    // The dry run: the change in words, and figures worked out from the answers above.
    await expect(dialog.getByRole('region', { name: 'Changes', exact: true })).toContainText('Question 3: the answer is B (it was A)');
    const summary = dialog.getByRole('region', { name: 'Summary', exact: true });
    const figure = (label: string) =>
      summary
        .locator('div')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd');
    await expect(figure('Attempts re-marked')).toHaveText('4');
    await expect(figure('Scores that change')).toHaveText('3');
    await expect(figure('Up / down')).toHaveText('2 up, 1 down');
    await expect(figure('Largest gain')).toHaveText('+1.33');
    await expect(figure('Largest loss')).toHaveText('-1.33');
    await expect(figure('Average change')).toHaveText('+0.44');
    await expect(figure('In progress')).toHaveText('1');
    await expect(figure('Ranked students')).toHaveText('4');
    await expect(figure('Ranks that change')).toHaveText('4');
    const buckets = dialog.getByRole('list', { name: 'Most common score changes' }).getByRole('listitem');
    await expect(buckets).toHaveText(['+1.33: 2 attempts', '-1.33: 1 attempt']);
    const up = dialog.getByRole('table', { name: 'Largest moves up' });
    await expect(up.getByRole('row', { name: new RegExp(`Deepak ${suffix}`) })).toContainText('3 → 1');
    await expect(up.getByRole('row', { name: new RegExp(`Deepak ${suffix}`) })).toContainText('0.67 → 2');
    await expect(up.getByRole('row', { name: new RegExp(`Bibin ${suffix}`) })).toContainText('0.34 → 1.67');
    const down = dialog.getByRole('table', { name: 'Largest moves down' });
    await expect(down.getByRole('row')).toHaveCount(2);
    await expect(down.getByRole('row', { name: new RegExp(`Anjali ${suffix}`) })).toContainText('1 → 3');
    await expect(down.getByRole('row', { name: new RegExp(`Anjali ${suffix}`) })).toContainText('3 → 1.67');
    await expect(dialog.getByRole('table', { name: 'Before' }).getByRole('row').nth(1)).toContainText(`1Anjali ${suffix}3`);
    await expect(dialog.getByRole('table', { name: 'After' }).getByRole('row')).toHaveCount(5);
    await expect(dialog.getByRole('table', { name: 'After' }).getByRole('row').nth(4)).toContainText('1.67');
    await shootSizes(page, 'regrade-dry-run', { fullPage: false });

    // Apply with no reason: the server's message under the field, and nothing applied.
    const apply = dialog.getByRole('button', { name: 'Apply regrade' });
    await apply.click();
    await expect(dialog.getByText(REGRADE_MESSAGES.reasonRequired)).toBeVisible();
    await expect(dialog.getByLabel('Reason students will read')).toHaveAttribute('aria-invalid', 'true');
    expect(await regradesOf(page, examId)).toEqual([]);

    // The reason, with its counter; Apply.
    const reason = 'The answer to question 3 is Palakkad: the key was corrected after the board’s notice.';
    await dialog.getByLabel('Reason students will read').fill(reason);
    await expect(dialog.getByText(`${reason.length} / 500`)).toBeVisible();
    await apply.click();
    await expect(page.getByText('Regrade applied')).toBeVisible();
    await expect(page.getByText('3 results changed')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The editor is clean, with the new key.
    await expect(page.locator('header').getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(item.getByText('Answer B')).toBeVisible();
    const stored = await regradesOf(page, examId);
    expect(stored.map((regrade) => regrade.reason)).toEqual([reason]);

    // The history under Analytics.
    await page.getByRole('navigation', { name: 'Exam editor' }).getByRole('link', { name: 'Analytics' }).click();
    const history = page.getByRole('list', { name: 'Regrades' }).getByRole('listitem').first();
    await expect(history).toContainText('by Meera Regrade');
    await expect(history).toContainText('3 results changed, 4 attempts re-marked');
    await expect(history).toContainText(reason);
    await expect(history).toContainText('Question 3: the answer is B (it was A)');
    await shootSizes(page, 'regrade-history');

    // Bibin's result says it was regraded, why, and what it was.
    const api = await studentSession(baseURL!, bibin);
    try {
      const result = await api.get(`/api/student/attempts/${bibinAttempt}/result`);
      expect(result.status(), await result.text()).toBe(200);
      const body = (await result.json()) as { score: number; regrade: { reason: string; previousScore: number; changes: string[] } | null };
      expect(body.score).toBe(1.67);
      expect(body.regrade).toMatchObject({ reason, previousScore: 0.34, changes: ['Question 3: the answer is B (it was A)'] });
    } finally {
      await api.dispose();
    }
  });

  test('a save made elsewhere while the dialog is open is shown in it, and the draft keeps the corrected key', async ({ page, baseURL }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Meera Regrade'));
    const title = `Regrade stale ${Date.now().toString(36)}`;
    const { examId } = await takenExam(page, baseURL!, title);
    const { dialog, item } = await correctTheKey(page, examId);
    await expect(dialog.getByRole('region', { name: 'Summary', exact: true })).toContainText('Attempts re-marked');

    // Someone renames the exam meanwhile (a save that re-marks nothing).
    const details = (await (await page.request.get(`/api/admin/exams/details/${examId}`)).json()) as Record<string, unknown> & { version: number };
    const value = editableExam(details, ['version', 'updatedAt']);
    const renamed = await page.request.put(`/api/admin/exams/${examId}`, {
      data: { value: { ...value, title: `${title} (renamed)` }, version: details.version },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);

    await dialog.getByLabel('Reason students will read').fill('The key of question 3 was wrong.');
    await dialog.getByRole('button', { name: 'Apply regrade' }).click();
    const failure = dialog.getByRole('alert').filter({ hasText: 'Regrade failed' });
    await expect(failure).toContainText('Meera Regrade saved this exam at');
    expect(await regradesOf(page, examId)).toEqual([]);
    await shootSizes(page, 'regrade-stale', { fullPage: false });

    // Cancel: the draft still has the corrected key, unsaved.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(item.getByRole('radio', { name: 'Option B is correct' })).toBeChecked();
    await expect(page.locator('header').getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
