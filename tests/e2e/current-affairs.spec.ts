import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { shortPostDate, todayInIndia } from '../../shared/current-affairs/current-affair-dates.rules.ts';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { fixture, snap } from './support/media.ts';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'psc-e2e-current-affairs-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));

/** A 640×360 cover image from ffmpeg's test source. */
async function coverImage(): Promise<string> {
  const file = path.join(dir, 'cover.png');
  await run('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360', '-frames:v', '1', file]);
  return file;
}

/** A date no other test uses: posts are named by their date. */
function uniqueDate(): string {
  const year = 2030 + Math.floor(Math.random() * 60);
  const month = 1 + Math.floor(Math.random() * 12);
  const day = 1 + Math.floor(Math.random() * 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

async function createPostThroughApi(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/admin/current-affairs', { data: { title, allowSameDate: true } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { _id: string })._id;
}

test.describe('current affairs', () => {
  test('a post goes from New Post to published with its cover art and PDF, each saved at once, and is deleted', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['manager'], 'Current Manager'));
    const date = uniqueDate();
    const shown = shortPostDate(date);

    await page.goto('/admin/current-affairs');
    await expect(page.getByRole('heading', { name: 'Current Affairs' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Current affairs' })).toBeVisible();
    await page.getByRole('button', { name: 'New Post' }).click();
    const add = page.getByRole('dialog', { name: 'New Item' });
    await expect(add.getByLabel('Date')).toHaveValue(todayInIndia());
    await snap(page, 'current-affairs-new-item');
    await add.getByLabel('Date').fill('');
    await add.getByRole('button', { name: 'Create Post' }).click();
    await expect(add.getByText('Please provide a title')).toBeVisible();
    await add.getByLabel('Date').fill(date);
    await add.getByRole('button', { name: 'Create Post' }).click();
    await expect(page).toHaveURL(/\/admin\/current-affairs\/editor\/[0-9a-f-]{36}$/);

    // The editor: the date as the title, not published, nothing to save yet.
    await expect(page.getByLabel('Post date')).toHaveValue(date);
    await expect(page.getByText('Not Published', { exact: true })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(page.getByText('Public visibility has turned off for this item')).toBeVisible();
    await page.getByRole('switch', { name: 'Public visibility' }).click();
    await expect(page.getByText('This item is enabled for public visibility')).toBeVisible();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(save).toBeDisabled();
    const offline = page.getByRole('alert').filter({ hasText: 'Item Offline!' });
    await expect(offline).toContainText('This content cannot be seen by students');
    await expect(offline).toContainText('No PDF');
    await expect(offline).toContainText('No cover art');
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    await snap(page, 'current-affair-editor-offline');

    // Cover art: uploaded and saved at once.
    await page.getByLabel('Upload cover art').setInputFiles(await coverImage());
    await expect(page.getByRole('img', { name: 'Cover art' })).toBeVisible();
    await expect(page.getByText('cover.png')).toBeVisible();
    await expect(offline).not.toContainText('No cover art');
    await expect(save).toBeDisabled();

    // The PDF slot takes PDFs only.
    await page.getByLabel('Upload PDF').setInputFiles(await coverImage());
    const refused = page.getByRole('alertdialog', { name: 'Asset Upload Failed' });
    await expect(refused).toContainText('Upload Failed');
    await refused.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Upload PDF').setInputFiles(await fixture('notes.pdf'));
    await expect(page.getByText('notes.pdf')).toBeVisible();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(offline).toHaveCount(0);
    await expect(save).toBeDisabled();
    const pdfId = (await page.getByRole('link', { name: 'Download' }).getAttribute('href'))!.split('/').at(-1)!;
    const download = await page.request.get(`/api/assets/${pdfId}`);
    expect(download.headers()['content-type']).toContain('application/pdf');
    await snap(page, 'current-affair-editor-published');
    await page.screenshot({ path: '/tmp/current-affair-editor.png', fullPage: true, animations: 'disabled' });

    // Stored: a reload shows the same.
    await page.reload();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByText('notes.pdf')).toBeVisible();

    // The list: thumbnail, Published, PDF Uploaded Yes; filterable by title and PDF Uploaded.
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/admin\/current-affairs$/);
    const table = page.getByRole('table', { name: 'Current affairs' });
    await table.getByRole('textbox', { name: 'Filter Title' }).fill(date);
    const row = table.getByRole('row').filter({ hasText: shown });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('Yes');
    await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/assets\/[0-9a-f-]{36}$/);
    await table.getByRole('textbox', { name: 'Filter PDF Uploaded' }).fill('No');
    await expect(row).toHaveCount(0);
    await table.getByRole('textbox', { name: 'Filter PDF Uploaded' }).fill('Yes');
    await expect(row).toHaveCount(1);
    await page.screenshot({ path: '/tmp/current-affairs-list.png', fullPage: true, animations: 'disabled' });

    // Deleting the PDF saves the post without it: offline again.
    await row.getByRole('link').click();
    await page.getByRole('button', { name: 'Delete PDF' }).click();
    await page.getByRole('alertdialog', { name: 'Delete PDF' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('File deleted successfully')).toBeVisible();
    await expect(page.getByLabel('Upload PDF')).toBeAttached();
    await expect(page.getByText('Not Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Item Offline!' })).toContainText('No PDF');
    await expect(save).toBeDisabled();

    // Deleting the post returns to the list.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Item' });
    await expect(confirm).toContainText('You are about to delete this item. Do you want to continue?');
    await expect(confirm.getByRole('button', { name: 'Close' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/admin\/current-affairs$/);
    await page.getByRole('table', { name: 'Current affairs' }).getByRole('textbox', { name: 'Filter Title' }).fill(date);
    await expect(page.getByRole('table', { name: 'Current affairs' }).getByRole('row').filter({ hasText: shown })).toHaveCount(0);
  });

  test('failures: a second post for a date needs confirming, a blank date is not saved, a failed delete says why, a failed list says so, and marketing has no access', async ({
    page,
  }) => {
    await signInThroughApi(page, await createConsoleUser(['staff'], 'Current Staff'));
    const date = uniqueDate();
    await createPostThroughApi(page, date);

    // New Post for a date that has a post: asked first.
    await page.goto('/admin/current-affairs');
    await page.getByRole('button', { name: 'New Post' }).click();
    const add = page.getByRole('dialog', { name: 'New Item' });
    await add.getByLabel('Date').fill(date);
    await add.getByRole('button', { name: 'Create Post' }).click();
    const sameDate = page.getByRole('alertdialog', { name: 'Same Date' });
    await expect(sameDate).toContainText(`There is already a post for ${shortPostDate(date)}. Add another post for the same date?`);
    await sameDate.getByRole('button', { name: 'Create Post' }).click();
    await expect(page).toHaveURL(/\/admin\/current-affairs\/editor\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    await expect(page.getByLabel('Post date')).toHaveValue(date);

    // A blank date is refused before it is sent; the edit stays.
    await page.getByLabel('Post date').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Update subject failed' });
    await expect(failure).toContainText('Please provide a title');

    // Deleted elsewhere meanwhile: the delete says why.
    expect((await page.request.delete(`/api/admin/current-affairs/${id}`)).status()).toBe(200);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Delete Item' }).getByRole('button', { name: 'Delete' }).click();
    const warnings = page.getByRole('alertdialog', { name: 'Delete Warnings' });
    await expect(warnings).toContainText('Current affair not found');
    await warnings.getByRole('button', { name: 'OK' }).click();

    // An editor of a post that does not exist.
    await page.goto('/admin/current-affairs/editor/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert').filter({ hasText: 'Fetching data failed' })).toContainText('Current affair not found');

    // The list fails to load, then loads on Try again.
    await page.route(/\/trpc\/[^?]*currentAffairs\.list/, (route) => route.abort('connectionrefused'));
    await page.goto('/admin/current-affairs');
    const listFailure = page.getByRole('alert').filter({ hasText: 'Fetching data failed' });
    await expect(listFailure).toContainText('Network error');
    await page.unroute(/\/trpc\/[^?]*currentAffairs\.list/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(listFailure).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Current affairs' })).toBeVisible();

    // Marketing sees neither the link nor the screen, and the server refuses it.
    await page.context().clearCookies();
    await signInThroughApi(page, await createConsoleUser(['marketing'], 'Current Marketing'));
    await page.goto('/admin/current-affairs');
    await expect(page.getByRole('heading', { name: 'This screen is not available to your role' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Current Affairs' })).toHaveCount(0);
    expect((await page.request.get('/api/admin/current-affairs')).status()).toBe(403);
  });
});
