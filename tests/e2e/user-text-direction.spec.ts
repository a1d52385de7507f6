import { expect, test, type Locator } from '@playwright/test';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const RLO = '\u202e';

/**
 * Whether `word`, inside the element, is drawn in reading order: its first letter left of its last.
 * A direction override draws it the other way round (wherever the line wraps).
 */
function readsInOrder(element: Locator, word: string): Promise<boolean> {
  return element.evaluate((root, needle) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(needle);
      if (at < 0) continue;
      const left = (index: number) => {
        const range = document.createRange();
        range.setStart(node!, index);
        range.setEnd(node!, index + 1);
        return range.getBoundingClientRect().left;
      };
      return left(at) < left(at + needle.length - 1);
    }
    throw new Error(`"${needle}" is not shown`);
  }, word);
}

test.describe('text people typed, in the console', () => {
  test('a stored name with a right-to-left override turns neither its own cell nor the alert line it is quoted in around', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Direction Admin'));
    const tag = Date.now().toString(36);
    const phone = `9${String(Date.now()).slice(-9)}`;
    // Stored before names were cleaned on input.
    const student = await createStudent({ name: `${RLO}Ravi ${tag} Kumar`, phone });
    await query(`update users set name = $1 where email_address = $2`, [`${RLO}Ravi ${tag} Kumar`, student.email]);
    await query('update admin_alerts set read_at = now() where read_at is null');
    await query(`insert into admin_alerts (message) values ($1)`, [`${RLO}Ravi ${tag} Kumar commented on “Rivers of Kerala”: the answer is in chapter two`]);

    await page.goto('/admin/users');
    const users = page.getByRole('table', { name: 'Users' });
    await page.getByRole('textbox', { name: 'Search users' }).fill(tag);
    const row = users.getByRole('row').filter({ hasText: `Ravi ${tag} Kumar` });
    await expect(row).toHaveCount(1);
    const nameCell = row.getByRole('cell').first();
    await expect(nameCell).toHaveText(`Ravi ${tag} Kumar`);
    expect(await nameCell.evaluate((cell) => getComputedStyle(cell).unicodeBidi)).toBe('isolate');
    for (const word of ['Ravi', tag, 'Kumar']) expect(await readsInOrder(nameCell, word), word).toBe(true);
    await expect(row.getByRole('cell').nth(1)).toContainText(phone);
    await snap(page, 'user-text-users');

    await page.goto('/admin/notifications');
    const alerts = page.getByRole('table', { name: 'Alerts' });
    const line = alerts.getByRole('row').filter({ hasText: `Ravi ${tag} Kumar commented` });
    await expect(line).toHaveCount(1);
    const message = line.getByRole('cell').nth(1);
    expect(await message.evaluate((cell) => getComputedStyle(cell).unicodeBidi)).toBe('isolate');
    expect(await message.textContent()).not.toContain(RLO);
    for (const word of ['Ravi', 'Kumar', 'commented', 'Rivers', 'Kerala', 'answer', 'chapter']) expect(await readsInOrder(message, word), word).toBe(true);
    await snap(page, 'user-text-alerts');
  });

  test('Malayalam names keep their letters and joiners, and read left to right', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Direction Admin 2'));
    const tag = Date.now().toString(36);
    const name = `അന്\u200dന ${tag}`;
    await createStudent({ name, phone: `8${String(Date.now()).slice(-9)}` });
    await page.goto('/admin/users');
    await page.getByRole('textbox', { name: 'Search users' }).fill(tag);
    const cell = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: tag }).getByRole('cell').first();
    await expect(cell).toHaveText(name);
    expect(await cell.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  });
});
