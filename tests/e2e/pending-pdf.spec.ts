import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { createLecture, snap } from './support/media.ts';

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** A lecture whose one PDF note points at a file record that no longer exists. */
async function lectureWithLostNote(page: Page, title: string, fileName: string): Promise<string> {
  const id = await createLecture(page, title);
  const note = { resId: 'n1', lectureResId: '', pdfFileId: crypto.randomUUID(), fileName, fileSizeInBytes: 2048 };
  await query('update lectures set notes = $2::jsonb where id = $1', [id, JSON.stringify([note])]);
  return id;
}

/** Runs the hourly check now, through the worker of the running server. */
async function runCheck(): Promise<void> {
  await query(`select graphile_worker.add_job('check-lecture-notes', '{}'::json)`);
}

async function openReport(page: Page, title: string) {
  await page.goto('/admin/pending-pdf');
  await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
}

test.describe('pending PDF report', () => {
  test('lists a lecture once the check finds its note missing, links the lecture, and marks it resolved', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Pending Admin'));
    const title = uniqueTitle('Indian polity notes');
    const id = await lectureWithLostNote(page, title, 'polity-chapter-3.pdf');
    await runCheck();

    const table = page.getByRole('table', { name: 'Pending PDF lectures' });
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(async () => {
      await openReport(page, title);
      await expect(row).toHaveCount(1, { timeout: 1_000 });
    }).toPass();
    await expect(page.getByRole('heading', { name: /^Pending PDF In Lectures \(\d+ lectures?\)$/ })).toBeVisible();
    await expect(row).toContainText('polity-chapter-3.pdf');
    await expect(row).toContainText('No courses');
    await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/admin/videos/lectures/${id}`);
    await expect(row.getByRole('link', { name: title })).toHaveAttribute('target', '_blank');
    await snap(page, 'pending-pdf');

    await row.getByRole('button', { name: `Mark ${title} as resolved` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Mark as resolved' });
    await confirm.getByRole('button', { name: 'Mark as resolved' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    await page.reload();
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    // Gone from the report: the filter matches nothing (or, run alone, no lecture is left in it).
    await expect(table.getByText(/^(No rows match the filters|No lecture has a missing PDF)$/)).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('shows why marking resolved failed, and keeps the row', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Pending Admin 2'));
    const title = uniqueTitle('Economics notes');
    const id = await lectureWithLostNote(page, title, 'gdp.pdf');
    await runCheck();
    const row = page.getByRole('table', { name: 'Pending PDF lectures' }).getByRole('row').filter({ hasText: title });
    await expect(async () => {
      await openReport(page, title);
      await expect(row).toHaveCount(1, { timeout: 1_000 });
    }).toPass();

    // The lecture is deleted by someone else while the report is open.
    await query('delete from lectures where id = $1', [id]);
    await row.getByRole('button', { name: `Mark ${title} as resolved` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Mark as resolved' });
    await confirm.getByRole('button', { name: 'Mark as resolved' }).click();
    await expect(confirm.getByText('Process Failed')).toBeVisible();
    await expect(confirm.getByText('Lecture not found')).toBeVisible();
    await snap(page, 'pending-pdf-failed');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toHaveCount(1);
  });
});
