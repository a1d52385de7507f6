import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const csvFile = (content: string) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'students-csv-')), 'students.csv');
  writeFileSync(file, content);
  return file;
};
const base = () => 6_000_000_000 + Math.floor(Math.random() * 3_000_000_000);

test.describe('special students', () => {
  test('adds a student (registration shown), edits, then a CSV with a refused row is cancelled and a good one imported', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Students Admin'));
    const phone = String(base());
    await createStudent({ name: 'Registered Riya', phone: `+91 ${phone}` });
    await page.goto('/admin/lakshya/students');
    await expect(page.getByRole('heading', { name: 'Lakshya Students' })).toBeVisible();

    await page.getByRole('button', { name: 'Add/Upload Student Data' }).click();
    await page.getByRole('dialog', { name: 'Add/Upload Student Data' }).getByRole('button', { name: 'Add one student' }).click();
    const modal = page.getByRole('dialog', { name: 'New Student' });
    await expect(modal.getByLabel('Phone number')).toHaveAttribute('placeholder', '10-digit mobile number');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Name is required')).toBeVisible();
    await modal.getByLabel('Name').fill('Riya');
    await modal.getByLabel('Phone number').fill(`+91 ${phone.slice(0, 5)}-${phone.slice(5)}`);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
    const table = page.getByRole('table', { name: 'Special students' });
    const row = table.getByRole('row').filter({ hasText: phone });
    await expect(row).toContainText('Riya');
    await expect(row).toContainText('Yes');
    await expect(row).toContainText('Not Specified');

    await row.getByRole('button', { name: 'Riya' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Student Details' });
    await edit.getByLabel('Expiry date').fill('2027-03-31');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('2027-03-31');

    const first = base();
    const bad = `name,phoneNumber,expiryDate\nAsha,${first},\nBinu,12345,\nChitra,${first},\n`;
    await page.getByRole('button', { name: 'Add/Upload Student Data' }).click();
    await page.getByRole('dialog', { name: 'Add/Upload Student Data' }).getByRole('button', { name: 'Upload a CSV' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Import' });
    await expect(bulk.getByRole('link', { name: 'Download a sample file' })).toHaveAttribute('href', '/api/admin/lakshya-students/download/sample');
    await bulk.getByLabel('CSV file').setInputFiles(csvFile(bad));
    const cancelled = page.getByRole('alertdialog', { name: 'Import Cancelled' });
    await expect(cancelled.getByText('We have found few issues with the content you are trying to import. Please resolve these warnings and try again.')).toBeVisible();
    await expect(cancelled.getByText(/^Row 3, phoneNumber: Enter a 10-digit Indian mobile number/)).toBeVisible();
    await expect(cancelled.getByText(`Row 4, phoneNumber: ${first} is repeated: it is also in row 2`)).toBeVisible();
    await snap(page, 'special-students-import-cancelled');
    await cancelled.getByRole('button', { name: 'OK' }).click();
    expect((await query<{ n: string }>('select count(*) as n from lakshya_students where phone_number = $1', [String(first)]))[0]!.n).toBe('0');

    const second = base();
    await page.getByRole('button', { name: 'Add/Upload Student Data' }).click();
    await page.getByRole('dialog', { name: 'Add/Upload Student Data' }).getByRole('button', { name: 'Upload a CSV' }).click();
    await bulk.getByLabel('CSV file').setInputFiles(csvFile(`name,phoneNumber,expiryDate\nAsha,${first},\nBinu,${second},31/12/2026\n`));
    await expect(page.getByRole('alertdialog', { name: 'Import complete' }).getByText('2 students were added.')).toBeVisible();
    await page.getByRole('alertdialog', { name: 'Import complete' }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('textbox', { name: 'Filter Phone Number' }).fill(String(second));
    await expect(table.getByRole('row').filter({ hasText: String(second) })).toContainText('2026-12-31');
    await snap(page, 'special-students');
  });

  test('says why a save was refused in Warnings!, and deletes the selected students', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Students Admin 2'));
    const phone = String(base());
    const other = String(base());
    for (const [name, number] of [
      ['Taken', phone],
      ['Other', other],
    ]) {
      expect((await page.request.post('/api/admin/lakshya-students', { data: { value: { name, phoneNumber: number } } })).status()).toBe(200);
    }
    await page.goto('/admin/lakshya/students');
    await page.getByRole('button', { name: 'Add/Upload Student Data' }).click();
    await page.getByRole('dialog', { name: 'Add/Upload Student Data' }).getByRole('button', { name: 'Add one student' }).click();
    const modal = page.getByRole('dialog', { name: 'New Student' });
    await modal.getByLabel('Name').fill('Again');
    await modal.getByLabel('Phone number').fill(phone);
    await modal.getByRole('button', { name: 'Save' }).click();
    const warnings = page.getByRole('alertdialog', { name: 'Warnings!' });
    await expect(warnings.getByText('Process failed, you may need to resolve below warnings before retrying')).toBeVisible();
    await expect(warnings.getByText(`${phone} is already on the list`)).toBeVisible();
    await warnings.getByRole('button', { name: 'OK' }).click();

    const table = page.getByRole('table', { name: 'Special students' });
    await expect(page.getByRole('button', { name: /^Delete selected/ })).toBeDisabled();
    for (const number of [phone, other]) {
      await page.getByRole('textbox', { name: 'Filter Phone Number' }).fill(number);
      await table.getByRole('row').filter({ hasText: number }).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Students' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    await expect(table.getByRole('row').filter({ hasText: other })).toHaveCount(0);
  });
});
