import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { queueFile, setQueueRunning, snap, uploadAsset } from './support/media.ts';

const QUEUE_PATH = '/admin/process/queue';

/** A PDF processed before (it has stored pages), queued again from the editor: a re-process. */
async function queuedReprocess(page: Page): Promise<string> {
  const pdf = await uploadAsset(page, 'notes.pdf', 'pdf');
  await query(`update assets set output_prefix = 'assets/' || id || '/out/v1/', has_converted_to_image = true, page_count = 1 where id = $1`, [pdf._id]);
  await queueFile(page, pdf._id);
  return pdf._id;
}

const rowOf = (page: Page, fileId: string) => page.getByRole('table', { name: 'Queue' }).getByRole('row').filter({ hasText: fileId });

async function priorityOf(fileId: string): Promise<number> {
  const rows = await query<{ priority: number }>('select priority from queue_items where asset_id = $1', [fileId]);
  return rows[0]!.priority;
}

test.describe('queue priorities', () => {
  test.afterEach(async ({ page }) => {
    await setQueueRunning(page, true).catch(() => {});
  });

  test('an administrator sees each item’s class and raises a waiting re-process to the front', async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Priority Admin');
    await signInThroughApi(page, admin);
    // Stopped: no worker takes the item while the test looks at it.
    await setQueueRunning(page, false);
    const fileId = await queuedReprocess(page);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(QUEUE_PATH);
    await expect(page.getByRole('table', { name: 'Queue' }).getByRole('columnheader', { name: 'Priority', exact: true })).toBeVisible();
    const row = rowOf(page, fileId);
    await expect(row).toContainText('Re-process');
    await snap(page, 'queue-priority-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the class shows under the file's name, without scrolling the table.
    await expect(row.getByText('Re-process').first()).toBeInViewport();
    await snap(page, 'queue-priority-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await row.getByRole('button', { name: 'Raise the priority of notes.pdf' }).click();
    await expect(page.getByText('Priority raised')).toBeVisible();
    await expect(row).toContainText('New upload');
    // First in line now: nothing left to raise.
    await expect(row.getByRole('button', { name: /Raise the priority|to the front/ })).toHaveCount(0);
    expect(await priorityOf(fileId)).toBe(0);
  });

  test('a raise the server refuses (a worker started on the item meanwhile) says why and changes nothing', async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Priority Admin Two');
    await signInThroughApi(page, admin);
    await setQueueRunning(page, false);
    const fileId = await queuedReprocess(page);
    await page.goto(QUEUE_PATH);
    const row = rowOf(page, fileId);
    await expect(row.getByRole('button', { name: 'Move notes.pdf to the front of the queue' })).toBeVisible();

    await query(`update queue_items set state = 'processing' where asset_id = $1`, [fileId]);
    await row.getByRole('button', { name: 'Move notes.pdf to the front of the queue' }).click();
    await expect(page.getByText('Only a waiting item can be moved up')).toBeVisible();
    await snap(page, 'queue-priority-refused');
    expect(await priorityOf(fileId)).toBe(11);
    await query(`update queue_items set state = 'queued' where asset_id = $1`, [fileId]);
  });

  test('a manager sees the class but no control to raise it', async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Priority Admin Three');
    await signInThroughApi(page, admin);
    await setQueueRunning(page, false);
    const fileId = await queuedReprocess(page);
    const manager = await createConsoleUser(['manager'], 'Priority Manager');
    await signInThroughApi(page, manager);
    await page.goto(QUEUE_PATH);
    const row = rowOf(page, fileId);
    await expect(row).toContainText('Re-process');
    await expect(row.getByRole('button', { name: /Raise the priority|to the front/ })).toHaveCount(0);
    const refused = await page.request.post(`/api/admin/assets/process/video/queue-items/${fileId}/priority`, { data: { to: 'top' } });
    expect(refused.status()).toBe(403);
  });
});
