import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { shootSizes } from './support/screens.ts';
import { BUSY_ANSWER } from './support/answers.ts';

const QUESTIONS = 2000;

/** An exam of 2,000 questions in one group, saved through the API as an import would leave it. */
async function largeExam(page: Page, title: string): Promise<string> {
  const created = await page.request.post('/api/admin/exams', { data: { title, templateId: 'regular' } });
  const { _id: id } = (await created.json()) as { _id: string };
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
    resId: `large-q${i + 1}`,
    question: `Question text ${i + 1}: which district is number ${i + 1}?`,
    options: ['Idukki', 'Wayanad', 'Kasaragod', 'Palakkad'],
    correctAnswerIndex: i % 4,
  }));
  const value = {
    title,
    examDurationInMinutes: 120,
    totalQuestions: QUESTIONS,
    totalMarks: QUESTIONS,
    questionGroups: [{ title: 'General knowledge', questions }],
  };
  const saved = await page.request.put(`/api/admin/exams/${id}`, { data: { value }, timeout: 120_000 });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

/**
 * The editor's Save, found within its header: a role query over the whole page would check whether
 * each of the 10,000 buttons of 2,000 rows is hidden, which takes Chromium tens of seconds for rows
 * skipped by content-visibility.
 */
const saveButton = (page: Page) => page.locator('header').getByRole('button', { name: 'Save' });

/** Jumps to a question: it opens and comes into view. */
async function openQuestion(page: Page, number: number) {
  const jump = page.getByRole('form', { name: 'Jump to a question' });
  await jump.getByLabel('Jump to question').fill(String(number));
  await jump.getByRole('button', { name: 'Go' }).click();
  const item = page.getByRole('listitem', { name: `Question ${number} of General knowledge` });
  await expect(item.getByLabel('Question', { exact: true })).toBeVisible({ timeout: 60_000 });
  return item;
}

async function storedQuestion(page: Page, id: string, index: number): Promise<{ count: number; text: string }> {
  const exam = (await (await page.request.get(`/api/admin/exams/details/${id}`)).json()) as {
    questionGroups: Array<{ questions: Array<{ question: string }> }>;
  };
  return { count: exam.questionGroups[0]!.questions.length, text: exam.questionGroups[0]!.questions[index]!.question };
}

test.describe('a 2,000-question exam', () => {
  // Opening 2,000 questions on a busy machine takes a while: a ceiling, not an expectation.
  test.setTimeout(300_000);

  test('opens, takes typing in a question far down the list, and saves all 2,000 questions', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Large Exam Admin'));
    const id = await largeExam(page, `Large mock ${Date.now().toString(36)}`);
    await page.goto(`/admin/exams/editor/${id}/questions`);
    await expect(page.getByText(`1 group, ${QUESTIONS} questions`)).toBeVisible({ timeout: 60_000 });

    const item = await openQuestion(page, 1500);
    const text = item.getByLabel('Question', { exact: true });
    await text.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' (Malayalam: ജില്ല)');
    await expect(text).toHaveValue('Question text 1500: which district is number 1500? (Malayalam: ജില്ല)');
    // Its one-line summary follows; the questions around it are as they were.
    await expect(item.getByRole('button', { name: 'Collapse Question 1500 of General knowledge' })).toHaveAttribute('title', /\(Malayalam: ജില്ല\)$/);
    await expect(page.getByRole('listitem', { name: 'Question 1499 of General knowledge' }).getByRole('button', { name: /^Expand/ })).toHaveAttribute(
      'title',
      'Question text 1499: which district is number 1499?',
    );
    // Questions far off screen are not drawn while one is typed in.
    const farAway = await page.locator('#q-large-q10').evaluate((row) => row.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
    expect(farAway).toBe(false);
    await shootSizes(page, 'exam-large-typing', { fullPage: false });

    const save = saveButton(page);
    await save.click();
    await expect(save).toBeDisabled({ timeout: 60_000 });
    expect(await storedQuestion(page, id, 1499)).toEqual({ count: QUESTIONS, text: 'Question text 1500: which district is number 1500? (Malayalam: ജില്ല)' });
  });

  test('on a phone (390 px wide) the Questions tab of a 2,000-question exam does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Large Exam Admin 3'));
    const id = await largeExam(page, `Large mock ${Date.now().toString(36)}`);
    await page.goto(`/admin/exams/editor/${id}/questions`);
    await expect(page.getByText(`1 group, ${QUESTIONS} questions`)).toBeVisible({ timeout: 60_000 });
    const item = await openQuestion(page, 1000);
    const text = item.getByLabel('Question', { exact: true });
    await text.click();
    await page.keyboard.press('End');
    // A long question gives its row a long one-line summary.
    await page.keyboard.type(' Which of these districts of Kerala has no sea coast, and which river flows through it?');
    await expect(text).toHaveValue(/flows through it\?$/);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
  });

  test('a failed save keeps what was typed in a 2,000-question exam; saving again stores it', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Large Exam Admin 2'));
    const id = await largeExam(page, `Large mock ${Date.now().toString(36)}`);
    await page.goto(`/admin/exams/editor/${id}/questions`);
    const item = await openQuestion(page, 2000);
    const text = item.getByLabel('Question', { exact: true });
    await text.fill('Which is the longest river in Kerala?');
    await page.route(/\/trpc\/[^?]*exams\.save/, (route) => route.fulfill(BUSY_ANSWER));
    const save = saveButton(page);
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Saving the exam failed' })).toContainText('The database is busy');
    await expect(text).toHaveValue('Which is the longest river in Kerala?');
    expect((await storedQuestion(page, id, 1999)).text).toBe('Question text 2000: which district is number 2000?');

    await page.unrouteAll({ behavior: 'wait' });
    await text.press('End');
    await page.keyboard.type(' (Periyar)');
    await save.click();
    await expect(save).toBeDisabled({ timeout: 60_000 });
    expect(await storedQuestion(page, id, 1999)).toEqual({ count: QUESTIONS, text: 'Which is the longest river in Kerala? (Periyar)' });
  });
});
