import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { shootSizes } from './support/screens.ts';

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** A published exam of one question under a free rate card, with one written instruction line. */
async function publishedExam(page: Page, title: string): Promise<string> {
  const card = await page.request.post('/api/admin/subscriptions', { data: { title: `${title} card` } });
  const { _id: cardId } = (await card.json()) as { _id: string };
  expect(
    (await page.request.put(`/api/admin/subscriptions/${cardId}`, { data: { value: { title: `${title} card`, isFree: true, freeMode: 'none' } } })).status(),
  ).toBe(200);
  const created = await page.request.post('/api/admin/exams', { data: { title, templateId: 'regular' } });
  const { _id: id } = (await created.json()) as { _id: string };
  const value = {
    title,
    isVisible: true,
    examDurationInMinutes: 10,
    totalQuestions: 1,
    totalMarks: 1,
    masterSubscription: cardId,
    instructions: ['Each question carries one mark.'],
    questionGroups: [
      { title: 'Part A', questions: [{ question: 'Which is the capital of Kerala?', options: ['Thiruvananthapuram', 'Kochi'], correctAnswerIndex: 0 }] },
    ],
  };
  const saved = await page.request.put(`/api/admin/exams/${id}`, { data: { value } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect(((await saved.json()) as { isPublished: boolean }).isPublished).toBe(true);
  return id;
}

test.describe('exam instructions', () => {
  test('a blank instruction line keeps the exam offline, naming the line; writing it publishes the exam', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Instructions Admin'));
    const id = await publishedExam(page, uniqueTitle('Secretariat Assistant Mock'));
    await page.goto(`/admin/exams/editor/${id}/general`);
    await expect(page.getByText('Published', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add instruction' }).click();
    const line = page.getByRole('textbox', { name: 'Instruction 2' });
    await expect(line).toHaveValue('');
    // The line is marked before saving, with the words the server will use.
    const warning = 'Instruction 2 is empty: write it or remove it';
    await expect(line).toHaveAttribute('aria-invalid', 'true');
    await expect(line).toHaveAccessibleDescription(warning);
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    const offline = page.getByRole('alert').filter({ hasText: 'Exam Offline!' });
    await expect(offline).toContainText(warning);
    await expect(page.getByText('Unpublished', { exact: true })).toBeVisible();
    await expect(save).toBeDisabled();
    let stored = (await (await page.request.get(`/api/admin/exams/details/${id}`)).json()) as { isPublished: boolean; instructions: string[] };
    expect(stored).toMatchObject({ isPublished: false, instructions: ['Each question carries one mark.', ''] });
    await shootSizes(page, 'exam-instruction-empty');

    // Spaces only are as empty as nothing.
    await line.fill('   ');
    await expect(line).toHaveAccessibleDescription(warning);
    await line.fill('No calculators or phones.');
    await expect(line).toHaveAccessibleDescription('');
    await expect(line).not.toHaveAttribute('aria-invalid', 'true');
    await save.click();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(offline).toHaveCount(0);
    stored = (await (await page.request.get(`/api/admin/exams/details/${id}`)).json()) as { isPublished: boolean; instructions: string[] };
    expect(stored).toMatchObject({ isPublished: true, instructions: ['Each question carries one mark.', 'No calculators or phones.'] });
    await shootSizes(page, 'exam-instruction-written');
  });
});
