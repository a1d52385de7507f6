import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { createConsoleUser, createStudent, endSessions, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Paid orders of a new student, titled with `word` (the first `matching`) or with `other` (the rest), paid a minute apart. */
async function paidOrders(word: string, other: string, matching: number, others: number): Promise<void> {
  const student = await createStudent({ name: 'ശ്രീജ Exporter' });
  for (let i = 0; i < matching + others; i += 1) {
    await query(
      `insert into orders (user_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, status, mode, paid_at)
       select id, $2, '12-months', 365, 42_331, 18, 7_619, 49_950, 'paid', 'manual', now() - make_interval(mins => $3) from users where email_address = $1`,
      [student.email, i < matching ? `${word} plan ${i}` : `${other} plan ${i}`, i],
    );
  }
}

test.describe('exports', () => {
  test('exports the paid orders a search shows as CSV: the download holds those rows, money in rupees', async ({ page }) => {
    const id = unique();
    const [word, other] = [`exp${id}`, `oth${id}`];
    await paidOrders(word, other, 3, 2);
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Exports Admin'));
    await page.goto('/admin/orders');
    await page.getByRole('textbox', { name: 'Search orders' }).fill(word);
    const tableRows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
    // The search has reached the server once the other orders leave the table.
    await expect(tableRows.filter({ hasText: other })).toHaveCount(0);
    await expect(tableRows.filter({ hasText: word })).toHaveCount(3);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the paid orders shown as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [heading, ...rows] = parse(bytes, { bom: true }) as string[][];
    const column = (name: string) => heading!.indexOf(name);
    expect(rows.map((row) => row[column('Title')])).toEqual([`${word} plan 0`, `${word} plan 1`, `${word} plan 2`]);
    expect(rows.every((row) => row[column('Amount paid (₹)')] === '499.50' && row[column('Student')] === 'ശ്രീജ Exporter')).toBe(true);
    await snap(page, 'orders-export');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Export the paid orders shown as CSV' })).toBeVisible();
    await snap(page, 'orders-export-390');
  });

  test('says why an export failed, and the buttons work again', async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Exports Admin 2');
    await signInThroughApi(page, admin);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    // The session ends elsewhere (a password reset): the export is refused with the server's message.
    await endSessions(admin.email);
    await page.getByRole('button', { name: 'Export the users shown as XLSX' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Export failed' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Please sign in again.');
    await expect(page.getByRole('button', { name: 'Export the users shown as XLSX' })).toBeEnabled();
    await snap(page, 'users-export-failed');
  });
});
