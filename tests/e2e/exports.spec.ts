import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
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
    // The search has reached the server once the filtered total says 3 and the other orders have left
    // the loaded table (an empty table while loading would pass the second check alone).
    await expect(page.getByLabel('Filtered total of orders')).toHaveText(/^3 orders/);
    await expect(tableRows.filter({ hasText: word })).toHaveCount(3);
    await expect(tableRows.filter({ hasText: other })).toHaveCount(0);
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

  test('exports the special students a name filter shows as XLSX: the download holds those students', async ({ page }) => {
    const id = unique();
    const phone = 6_000_000_000 + Math.floor(Math.random() * 3_000_000_000);
    for (let i = 0; i < 4; i += 1) {
      await query('insert into lakshya_students (name, phone_number, created_at) values ($1, $2, now() - make_interval(mins => $3))', [
        i < 3 ? `ലക്ഷ്യ ${id} ${i}` : `Other ${id}`,
        String(phone + i),
        i,
      ]);
    }
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Exports Admin 3'));
    await page.goto('/admin/lakshya/students');
    await page.getByRole('textbox', { name: 'Filter Name' }).fill(`ലക്ഷ്യ ${id}`);
    const tableRows = page.getByRole('table', { name: 'Special students' }).getByRole('row');
    await expect(tableRows.filter({ hasText: `Other ${id}` })).toHaveCount(0);
    await expect(tableRows.filter({ hasText: id })).toHaveCount(3);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the special students shown as XLSX' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^lakshya-students-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await file.path())!);
    const sheet = workbook.getWorksheet('Lakshya students')!;
    const heading = (sheet.getRow(1).values as unknown[]).slice(1);
    const names: unknown[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) names.push((row.values as unknown[]).slice(1)[heading.indexOf('Name')]);
    });
    expect(names).toEqual([`ലക്ഷ്യ ${id} 0`, `ലക്ഷ്യ ${id} 1`, `ലക്ഷ്യ ${id} 2`]);
    await snap(page, 'lakshya-students-export');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Export the special students shown as XLSX' })).toBeVisible();
    await snap(page, 'lakshya-students-export-390');
  });

  test('says why an export failed, and the buttons work again', async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Exports Admin 2');
    await signInThroughApi(page, admin);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    // The list has loaded before the session ends: a list call still on its way would meet the ended
    // session first and open the sign-in dialog over the page instead.
    await expect(
      page
        .getByRole('table', { name: 'Users' })
        .getByRole('button', { name: `Open ${admin.name}` })
        .first(),
    ).toBeVisible();
    await expect(page.getByText('Loading users')).toHaveCount(0);
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
