import { expect, test } from '@playwright/test';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

// A browser in New York (UTC-5 in January): every time on screen and in the pickers is still India's.
test.use({ timezoneId: 'America/New_York' });

test.describe('times in India time, whatever the browser zone', () => {
  test('meeting links are listed and edited in India time, and a picked time is read as India time', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Time Zone Admin'));
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    const name = `IST class ${unique()}`;
    const [link] = await query<{ id: string }>(
      `insert into meeting_links (title, url, start_date, end_date) values ($1, 'https://meet.example.com/ist', '2030-01-05T14:00:00Z', '2030-01-05T15:30:00Z') returning id`,
      [name],
    );
    await page.goto('/admin/meeting-links');
    const row = page.getByRole('table', { name: 'Meeting links' }).getByRole('row').filter({ hasText: name });
    // 14:00 UTC is 7:30 pm in India (9:00 am in New York).
    await expect(row.getByText('5 January 2030 at 7:30 pm')).toBeVisible();
    await expect(row.getByText('5 January 2030 at 9:00 pm')).toBeVisible();
    await snap(page, 'india-time-meeting-links');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Meeting Link' });
    await expect(editor.getByLabel('Start Date (India time)')).toHaveValue('2030-01-05T19:30');
    await expect(editor.getByLabel('End Date (India time)')).toHaveValue('2030-01-05T21:00');
    await editor.getByLabel('Start Date (India time)').fill('2030-01-05T20:00');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    await expect(row.getByText('5 January 2030 at 8:00 pm')).toBeVisible();
    const [stored] = await query<{ start: string }>(
      `select to_char(start_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as start from meeting_links where id = $1`,
      [link!.id],
    );
    expect(stored!.start).toBe('2030-01-05T14:30');
  });

  test('alerts, the users list and the exam publish time show India time', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Time Zone Admin 2'));
    const tag = unique();
    // 20:00 UTC on 15 January is already 16 January in India (still the 15th in New York).
    await query(`insert into admin_alerts (message, created_at) values ($1, '2026-01-15T20:00:00Z')`, [`Late alert ${tag}`]);
    await page.goto('/admin/notifications');
    await page.getByLabel('Filter Created On').fill('2026-01-16');
    const alert = page
      .getByRole('table', { name: 'Alerts' })
      .getByRole('row')
      .filter({ hasText: `Late alert ${tag}` });
    await expect(alert).toContainText('16 January 2026 at 1:30 am');

    const student = await createStudent({ name: `Night Owl ${tag}` });
    await query(`update users set created_at = '2026-01-15T20:00:00Z' where email_address = $1`, [student.email]);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(`Night Owl ${tag}`);
    const user = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: `Night Owl ${tag}` });
    await expect(user).toContainText('16 Jan 2026');
    await expect(user).not.toContainText('15 Jan 2026');

    const [exam] = await query<{ id: string }>(
      `insert into exams (title, template_id, publish_at) values ($1, 'mock-test', '2030-01-05T14:00:00Z') returning id`,
      [`IST exam ${tag}`],
    );
    await page.goto(`/admin/exams/editor/${exam!.id}`);
    await expect(page.getByLabel('Publish date and time (India time)')).toHaveValue('2030-01-05T19:30');
    await snap(page, 'india-time-exam');
  });
});
