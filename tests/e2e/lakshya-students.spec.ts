import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const csvFile = (content: string, name = 'students.csv') => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'students-csv-')), name);
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
    // The file slot: nothing chosen, Import waits for a file; once chosen, its name and size, with Remove.
    await expect(bulk.getByText('No file chosen')).toBeVisible();
    await expect(bulk.getByRole('button', { name: 'Import' })).toBeDisabled();
    await bulk.getByLabel('CSV file').setInputFiles(csvFile(bad));
    await expect(bulk.getByText('students.csv')).toBeVisible();
    await expect(bulk.getByText(`${Buffer.byteLength(bad)} B`)).toBeVisible();
    await snap(page, 'lakshya-students-import-chosen');
    await bulk.getByRole('button', { name: 'Import' }).click();
    const cancelled = page.getByRole('alertdialog', { name: 'Import Cancelled' });
    await expect(
      cancelled.getByText('We have found few issues with the content you are trying to import. Please resolve these warnings and try again.'),
    ).toBeVisible();
    await expect(cancelled.getByText(/^Row 3, column phoneNumber: Enter a 10-digit Indian mobile number/)).toBeVisible();
    await expect(cancelled.getByText(`Row 4, column phoneNumber: ${first} is repeated: it is also in row 2`)).toBeVisible();
    await snap(page, 'lakshya-students-import-cancelled');
    await cancelled.getByRole('button', { name: 'OK' }).click();
    expect((await query<{ n: string }>('select count(*) as n from lakshya_students where phone_number = $1', [String(first)]))[0]!.n).toBe('0');

    const second = base();
    await page.getByRole('button', { name: 'Add/Upload Student Data' }).click();
    await page.getByRole('dialog', { name: 'Add/Upload Student Data' }).getByRole('button', { name: 'Upload a CSV' }).click();
    await bulk.getByLabel('CSV file').setInputFiles(csvFile(`name,phoneNumber,expiryDate\nAsha,${first},\nBinu,${second},31/12/2026\n`));
    await bulk.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Import complete' }).getByText('2 students were added.')).toBeVisible();
    await page.getByRole('alertdialog', { name: 'Import complete' }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('textbox', { name: 'Filter Phone Number' }).fill(String(second));
    await expect(table.getByRole('row').filter({ hasText: String(second) })).toContainText('2026-12-31');
    // The filter has been applied: the other students' rows are gone.
    await expect(table.getByRole('row').filter({ hasText: String(first) })).toHaveCount(0);
    await snap(page, 'lakshya-students');
  });

  test('says why a save was refused in Warnings! inside the form, and deletes the selected students', async ({ page }) => {
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
    // Said inside the form, which keeps what was typed until a save succeeds.
    const warnings = modal.getByRole('alert').filter({ hasText: 'Warnings!' });
    await expect(warnings.getByText('Process failed, you may need to resolve below warnings before retrying')).toBeVisible();
    await expect(warnings.getByText(`${phone} is already on the list`)).toBeVisible();
    await expect(modal.getByLabel('Name')).toHaveValue('Again');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toHaveCount(0);

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

  test('an empty list says so as other lists do, and a file that is not a CSV is refused at the slot before anything is sent', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Students Admin 3'));
    await query('delete from lakshya_students');
    await page.goto('/admin/lakshya/students');
    const table = page.getByRole('table', { name: 'Special students' });
    await expect(table.getByText('No students yet')).toBeVisible();
    await page.getByRole('textbox', { name: 'Filter Phone Number' }).fill('9999');
    await expect(table.getByText('No rows match the filters')).toBeVisible();
    await snap(page, 'lakshya-students-empty');

    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/lakshya-students/upload')) uploads += 1;
    });
    await page.getByRole('button', { name: 'Add/Upload Student Data' }).click();
    await page.getByRole('dialog', { name: 'Add/Upload Student Data' }).getByRole('button', { name: 'Upload a CSV' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Import' });
    await bulk.getByLabel('CSV file').setInputFiles(csvFile('name,phoneNumber\nAsha,9847012345\n', 'students.xlsx'));
    await expect(bulk.getByText('students.xlsx')).toBeVisible();
    await expect(bulk.getByRole('alert').filter({ hasText: 'Choose a CSV file (a name ending in .csv)' })).toBeVisible();
    await expect(bulk.getByRole('button', { name: 'Import' })).toBeDisabled();
    await snap(page, 'lakshya-students-import-refused');
    await bulk.getByRole('button', { name: 'Remove students.xlsx' }).click();
    await expect(bulk.getByText('No file chosen')).toBeVisible();
    await expect(bulk.getByText('Choose a CSV file (a name ending in .csv)')).toHaveCount(0);
    expect(uploads).toBe(0);
    expect((await query<{ n: string }>('select count(*) as n from lakshya_students'))[0]!.n).toBe('0');
  });
});
