import { expect, test, type Page } from '@playwright/test';
import { shortPostDate } from '../../shared/current-affairs/current-affair-dates.rules.ts';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';
import { BUSY_ANSWER } from './support/answers.ts';

async function signInAsAdmin(page: Page) {
  await signInThroughApi(page, await createConsoleUser(['admin'], 'Bindu Admin'));
}

function uniquePrefix(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

/** A date no other test uses: posts are named by their date. */
function uniqueDate(): string {
  const year = 2030 + Math.floor(Math.random() * 60);
  const month = 1 + Math.floor(Math.random() * 12);
  const day = 1 + Math.floor(Math.random() * 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

async function created(page: Page, path: string, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { _id: string })._id;
}

/** A winner announcement drafted from a new student. */
async function draftWinner(page: Page, winnerName: string): Promise<string> {
  const student = await createStudent({ name: winnerName });
  const [row] = await query<{ id: string }>('select id from users where email_address = $1', [student.email]);
  return created(page, '/api/admin/winners', { user: row!.id, winnerName });
}

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Bulk actions' });

test.describe('bulk actions on rank files, current affairs and winners', () => {
  test('deletes two chosen rank files', async ({ page }) => {
    await signInAsAdmin(page);
    const prefix = uniquePrefix('Bulk rank list');
    await created(page, '/api/admin/rankfiles', { title: `${prefix} LDC` });
    await created(page, '/api/admin/rankfiles', { title: `${prefix} LGS` });
    await page.goto('/admin/rank-files');
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(prefix);
    const table = page.getByRole('table', { name: 'Rank files' });
    await table.getByRole('checkbox', { name: `Select ${prefix} LDC` }).check();
    await table.getByRole('checkbox', { name: `Select ${prefix} LGS` }).check();
    await expect(bar(page)).toContainText('2 rank files selected');
    await snap(page, 'bulk-rank-files-selected');
    await bar(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 2 rank files' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete: 2 of 2 rank files done' }).getByRole('button', { name: 'OK' }).click();
    await expect(table.getByRole('row').filter({ hasText: prefix })).toHaveCount(0);
  });

  test('publishing posts without their files refuses each, naming what is missing', async ({ page }) => {
    await signInAsAdmin(page);
    const date = uniqueDate();
    await created(page, '/api/admin/current-affairs', { title: date, allowSameDate: true });
    await created(page, '/api/admin/current-affairs', { title: date, allowSameDate: true });
    await page.goto('/admin/current-affairs');
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(date);
    const table = page.getByRole('table', { name: 'Current affairs' });
    await table.getByRole('checkbox', { name: 'Select the rows of this page' }).check();
    await expect(bar(page)).toContainText('2 posts selected');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'bulk-current-affairs-selected-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await bar(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const result = page.getByRole('alertdialog', { name: 'Publish: 0 of 2 posts done' });
    await expect(result).toContainText(`${shortPostDate(date)}: The post stays offline: No PDF`);
    await snap(page, 'bulk-current-affairs-result');
    await result.getByRole('button', { name: 'OK' }).click();
    await expect(table.getByRole('row').filter({ hasText: shortPostDate(date) })).toHaveCount(2);
    await expect(table.getByRole('row').filter({ hasText: 'Unpublished' })).toHaveCount(2);
  });

  test('deletes a chosen winner announcement', async ({ page }) => {
    await signInAsAdmin(page);
    const name = uniquePrefix('Meera');
    await draftWinner(page, name);
    await page.goto('/admin/winners');
    await page.getByRole('textbox', { name: 'Filter Photo / Name' }).fill(name);
    const table = page.getByRole('table', { name: 'Winner announcements' });
    await table.getByRole('checkbox', { name: `Select ${name}` }).check();
    await expect(bar(page)).toContainText('1 announcement selected');
    await bar(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 1 announcement' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete: 1 of 1 announcement done' }).getByRole('button', { name: 'OK' }).click();
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });

  test('says why when a winners bulk request fails, and keeps the selection', async ({ page }) => {
    await signInAsAdmin(page);
    const name = uniquePrefix('Nisha');
    await draftWinner(page, name);
    await page.route(/\/trpc\/winners\.bulk/, (route) => route.fulfill(BUSY_ANSWER));
    await page.goto('/admin/winners');
    await page.getByRole('textbox', { name: 'Filter Photo / Name' }).fill(name);
    await page
      .getByRole('table', { name: 'Winner announcements' })
      .getByRole('checkbox', { name: `Select ${name}` })
      .check();
    await bar(page).getByRole('button', { name: 'Unpublish' }).click();
    const failure = page.getByRole('alertdialog', { name: 'Unpublish failed' });
    await expect(failure).toContainText('The database is busy');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expect(bar(page)).toContainText('1 announcement selected');
  });
});
