import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { createLecture, saveLecture, snap } from './support/media.ts';
import { BUSY_ANSWER } from './support/answers.ts';

const NO_VIDEO = 'No video: upload a video or enter a YouTube video id';

async function signInAsAdmin(page: Page) {
  await signInThroughApi(page, await createConsoleUser(['admin'], 'Bindu Admin'));
}

function uniquePrefix(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

async function openFiltered(page: Page, filter: string) {
  await page.goto('/admin/videos');
  await page.getByRole('textbox', { name: 'Filter Title' }).fill(filter);
  return page.getByRole('table', { name: 'Lectures' });
}

test.describe('bulk actions on the lecture list', () => {
  test('publishes two chosen lectures: one is published, the other refused with its reason', async ({ page }) => {
    await signInAsAdmin(page);
    const prefix = uniquePrefix('Bulk rivers');
    const ready = await createLecture(page, `${prefix} Periyar`);
    await saveLecture(page, ready, { title: `${prefix} Periyar`, youtubeLink: 'dQw4w9WgXcQ', lecturerName: 'Dr. Anitha' });
    await createLecture(page, `${prefix} Pamba`);

    const table = await openFiltered(page, prefix);
    await table.getByRole('checkbox', { name: `Select ${prefix} Periyar` }).check();
    await table.getByRole('checkbox', { name: `Select ${prefix} Pamba` }).check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(bar).toContainText('2 lectures selected');
    await snap(page, 'bulk-lectures-selected');
    await bar.getByRole('button', { name: 'Publish', exact: true }).click();

    const result = page.getByRole('alertdialog', { name: 'Publish: 1 of 2 lectures done' });
    await expect(result).toContainText(`${prefix} Pamba: The lecture stays offline: ${NO_VIDEO}`);
    await snap(page, 'bulk-lectures-result');
    await result.getByRole('button', { name: 'OK' }).click();
    await expect(table.getByRole('row').filter({ hasText: `${prefix} Periyar` })).toContainText('Published');
    await expect(table.getByRole('row').filter({ hasText: `${prefix} Pamba` })).toContainText('Unpublished');
    await expect(bar).toBeHidden();
  });

  test('deletes every lecture the filter matches, beyond the page shown', async ({ page }) => {
    await signInAsAdmin(page);
    const prefix = uniquePrefix('Bulk hills');
    for (let index = 1; index <= 12; index += 1) await createLecture(page, `${prefix} ${index}`);

    const table = await openFiltered(page, prefix);
    await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
    await table.getByRole('checkbox', { name: 'Select the rows of this page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(bar).toContainText('10 lectures selected');
    await bar.getByRole('button', { name: 'Select all 12 lectures matching' }).click();
    await expect(bar).toContainText('All 12 lectures matching selected');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'bulk-lectures-all-matching-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await bar.getByRole('button', { name: 'Delete' }).click();

    const confirm = page.getByRole('alertdialog', { name: 'Delete 12 lectures' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const result = page.getByRole('alertdialog', { name: 'Delete: 12 of 12 lectures done' });
    await result.getByRole('button', { name: 'OK' }).click();
    await expect(table).toContainText('No rows match the filters');
  });

  test('says why when the bulk request itself fails, and keeps the selection', async ({ page }) => {
    await signInAsAdmin(page);
    const title = uniquePrefix('Bulk busy');
    await createLecture(page, title);
    await page.route(/\/trpc\/lectures\.bulk/, (route) => route.fulfill(BUSY_ANSWER));
    const table = await openFiltered(page, title);
    await table.getByRole('checkbox', { name: `Select ${title}` }).check();
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Unpublish' }).click();
    const failure = page.getByRole('alertdialog', { name: 'Unpublish failed' });
    await expect(failure).toContainText('The database is busy');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toContainText('1 lecture selected');
  });
});

test.describe('bulk actions on the exam manager', () => {
  test("deletes all the exams a template tab and the title filter match, and none of another template's", async ({ page }) => {
    await signInAsAdmin(page);
    const prefix = uniquePrefix('Bulk mock');
    const create = async (title: string, templateId: string) => {
      const response = await page.request.post('/api/admin/exams', { data: { title, templateId } });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { _id: string })._id;
    };
    for (let index = 1; index <= 11; index += 1) await create(`${prefix} ${index}`, 'mock-test');
    const regular = await create(`${prefix} regular`, 'regular');

    await page.goto('/admin/exams/mock-test');
    await page.getByRole('textbox', { name: 'Filter Exams' }).fill(prefix);
    const table = page.getByRole('table', { name: 'Exams' });
    await table.getByRole('checkbox', { name: 'Select the rows of this page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Select all 11 exams matching' }).click();
    await bar.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 11 exams' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete: 11 of 11 exams done' }).getByRole('button', { name: 'OK' }).click();
    await expect(table.getByRole('link', { name: new RegExp(prefix) })).toHaveCount(0);
    expect((await page.request.get(`/api/admin/exams/details/${regular}`)).status()).toBe(200);
  });
});
