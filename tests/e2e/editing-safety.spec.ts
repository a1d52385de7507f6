import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

async function createExam(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/admin/exams', { data: { title, templateId: 'regular' } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { _id: string })._id;
}

const titleField = (page: Page) => page.getByRole('textbox', { name: 'Exam title' });

test.describe('two staff members editing one exam', () => {
  test('the second save is refused with who saved and when; the edits stay until "Reload their version"', async ({ browser, baseURL }) => {
    const asha = await createConsoleUser(['admin'], 'Asha Admin');
    const ravi = await createConsoleUser(['staff'], 'Ravi Staff');
    const first = await browser.newPage({ baseURL: baseURL! });
    const second = await browser.newPage({ baseURL: baseURL! });
    await signInThroughApi(first, asha);
    await signInThroughApi(second, ravi);
    const title = uniqueTitle('Shared exam');
    const id = await createExam(first, title);
    await first.goto(`/admin/exams/editor/${id}/general`);
    await second.goto(`/admin/exams/editor/${id}/general`);
    await expect(titleField(first)).toHaveValue(title);
    await expect(titleField(second)).toHaveValue(title);

    await titleField(first).fill(`${title} by Asha`);
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText('Exam saved')).toBeVisible();

    await titleField(second).fill(`${title} by Ravi`);
    await second.getByRole('button', { name: 'Save' }).click();
    const alert = second.getByRole('alert').filter({ hasText: 'Someone else saved this meanwhile' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/Asha Admin saved this exam at .+ IST, after you opened it/);
    await expect(second.getByText('Exam saved')).toHaveCount(0);
    // Nothing typed is lost: the title is still Ravi's, and Save is still offered.
    await expect(titleField(second)).toHaveValue(`${title} by Ravi`);
    await expect(second.getByRole('button', { name: 'Save' })).toBeEnabled();
    await second.screenshot({ path: 'test-results/stale-save.png', fullPage: true });

    await alert.getByRole('button', { name: 'Reload their version' }).click();
    await expect(titleField(second)).toHaveValue(`${title} by Asha`);
    await expect(second.getByRole('alert').filter({ hasText: 'Someone else saved this meanwhile' })).toHaveCount(0);
    // From the reloaded copy, the second editor saves normally.
    await titleField(second).fill(`${title} by Ravi, after reading`);
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByText('Exam saved')).toBeVisible();
    const stored = await first.request.get(`/api/admin/exams/details/${id}`);
    expect(((await stored.json()) as { title: string }).title).toBe(`${title} by Ravi, after reading`);
    await first.close();
    await second.close();
  });
});

test.describe('leaving an editor with unsaved changes', () => {
  test('a side-bar link asks first: Stay keeps the edits, Leave without saving goes', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin']));
    const title = uniqueTitle('Unsaved exam');
    const id = await createExam(page, title);
    // Opened from the exam list, as staff do, so that the browser's back button stays in the console.
    await page.goto('/admin/exams');
    await page.getByRole('textbox', { name: 'Filter Exams' }).fill(title);
    await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${id}/general$`));
    await titleField(page).fill(`${title} (edited)`);
    // Moving between the editor's own tabs keeps the draft without asking.
    await page.getByRole('navigation', { name: 'Exam editor' }).getByRole('link', { name: 'Questions' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${id}/questions$`));
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Subscriptions' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(dialog).toContainText('Your changes to this exam are not saved. If you leave now, they are lost.');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${id}/questions$`));
    await expect(titleField(page)).toHaveValue(`${title} (edited)`);

    // The browser's back button asks too (here from the Questions tab to the General tab, which
    // keeps the draft, then to the exam list, which does not), and the editor stays where it was.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${id}/general$`));
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible();
    await page.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/editor/${id}/general$`));
    await expect(titleField(page)).toHaveValue(`${title} (edited)`);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/admin\/subscriptions$/);
    const stored = await page.request.get(`/api/admin/exams/details/${id}`);
    expect(((await stored.json()) as { title: string }).title).toBe(title);
  });

  test('closing the tab with unsaved changes asks the browser to confirm; after a save it does not', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin']));
    const created = await page.request.post('/api/admin/subscriptions', { data: { title: uniqueTitle('Card') } });
    const { _id: id } = (await created.json()) as { _id: string };
    await page.goto(`/admin/subscriptions/editor/${id}/general`);
    await page.getByRole('textbox', { name: 'Subscription title' }).fill('Renamed card');
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => prompts).toEqual(['beforeunload']);
    // Dismissed: the tab stays, with the edit. Once saved, closing asks nothing.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Subscription saved')).toBeVisible();
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(prompts).toEqual(['beforeunload']);
  });
});
