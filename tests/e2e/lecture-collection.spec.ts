import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { createLecture, snap } from './support/media.ts';

const CHANGED = 'The collection has changed since you loaded it (a lecture was added or removed). Reload it and move the lecture again.';

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function titlesInTable(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Collection lectures' }).getByRole('link').allTextContents();
}

test.describe('custom lecture collection', () => {
  test('adds lectures from their editor (then a check), renames the collection, moves and removes a lecture', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Collection Admin'));
    await query('delete from lecture_collection_items');
    const titles = [uniqueTitle('Rivers of Kerala'), uniqueTitle('Western Ghats'), uniqueTitle('Backwaters')];
    const ids = [];
    for (const title of titles) ids.push(await createLecture(page, title));

    for (const id of ids) {
      await page.goto(`/admin/videos/lectures/${id}`);
      await expect(page.getByText('Not in the custom collection.')).toBeVisible();
      await page.getByRole('button', { name: 'Add To Custom Collection' }).click();
      await expect(page.getByText('In the custom collection', { exact: true })).toBeVisible();
    }
    await snap(page, 'lecture-collection-card');

    await page.goto('/admin/custom-lectures');
    await expect(page.getByRole('heading', { name: 'Custom Lecture Collection' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Collection lectures' });
    await expect(table.getByRole('link')).toHaveCount(3);
    expect(await titlesInTable(page)).toEqual(titles);
    await expect(table.getByRole('row').filter({ hasText: titles[0]! })).toContainText('Video not uploaded');
    await expect(table.getByRole('row').filter({ hasText: titles[0]! })).toContainText('No Notes Attached');
    await expect(table.getByRole('row').filter({ hasText: titles[0]! })).toContainText('Unpublished');

    const titleBox = page.getByLabel('Collection title');
    const update = page.getByRole('button', { name: 'Update Title' });
    await expect(titleBox).not.toHaveValue('');
    await expect(update).toBeDisabled();
    const newTitle = uniqueTitle('Free Geography classes');
    await titleBox.fill(newTitle);
    await update.click();
    await expect(update).toBeDisabled();
    await page.reload();
    await expect(page.getByLabel('Collection title')).toHaveValue(newTitle);

    await page.getByRole('button', { name: `Move ${titles[2]}`, exact: true }).click();
    const move = page.getByRole('dialog', { name: 'Move Lecture' });
    const position = move.getByLabel('New position (1 to 3)');
    const moveButton = move.getByRole('button', { name: 'Move' });
    for (const bad of ['0', '4', '1.5', 'one']) {
      await position.fill(bad);
      await expect(moveButton).toBeDisabled();
    }
    await position.fill('1');
    await moveButton.click();
    await expect(move).toBeHidden();
    await expect.poll(() => titlesInTable(page)).toEqual([titles[2], titles[0], titles[1]]);
    await snap(page, 'lecture-collection');

    await page.getByRole('button', { name: `Remove ${titles[0]}`, exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Lecture' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect.poll(() => titlesInTable(page)).toEqual([titles[2], titles[1]]);
    await page.reload();
    await expect.poll(() => titlesInTable(page)).toEqual([titles[2], titles[1]]);
  });

  test('refuses a move made from a copy someone changed, says why, and shows the collection as it is now', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Collection Admin 2'));
    await query('delete from lecture_collection_items');
    const [first, second, late] = [uniqueTitle('Kerala Renaissance'), uniqueTitle('Sree Narayana Guru'), uniqueTitle('Vaikom Satyagraha')];
    for (const title of [first, second]) {
      const id = await createLecture(page, title);
      await page.request.post(`/api/admin/lecture/add/lecture-collection/${id}`);
    }
    await page.goto('/admin/custom-lectures');
    await expect.poll(() => titlesInTable(page)).toEqual([first, second]);

    // Another member of staff adds a lecture meanwhile.
    const lateId = await createLecture(page, late);
    await page.request.post(`/api/admin/lecture/add/lecture-collection/${lateId}`);

    await page.getByRole('button', { name: `Move ${second}`, exact: true }).click();
    const move = page.getByRole('dialog', { name: 'Move Lecture' });
    await move.getByLabel('New position (1 to 2)').fill('1');
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(move.getByText('Move Failed')).toBeVisible();
    await expect(move.getByText(CHANGED)).toBeVisible();
    await snap(page, 'lecture-collection-move-refused');
    await move.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => titlesInTable(page)).toEqual([first, second, late]);
  });

  test('is hidden from staff, whose lecture editor shows the check without the button', async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Collection Admin 3');
    await signInThroughApi(page, admin);
    const title = uniqueTitle('Monsoon');
    const id = await createLecture(page, title);
    await page.request.post(`/api/admin/lecture/add/lecture-collection/${id}`);
    await page.context().clearCookies();
    await signInThroughApi(page, await createConsoleUser(['staff'], 'Collection Staff'));
    await page.goto(`/admin/videos/lectures/${id}`);
    await expect(page.getByText('In the custom collection', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Custom Collection|Remove From Collection/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Custom Lecture Collection' })).toHaveCount(0);
  });
});
