import { expect, test } from '@playwright/test';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

test.describe('all users', () => {
  test('lists accounts a page at a time with Unspecified names, the lakshya-student flag and roles, filtered by the server', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Users Admin'));
    const tag = Date.now().toString(36);
    const phone = `8${String(Date.now()).slice(-9)}`;
    await createStudent({ name: `Nila ${tag}`, phone });
    await query(`insert into lakshya_students (name, phone_number) values ($1, $2)`, [`Nila ${tag}`, phone]);
    await createStudent({ name: '', phone: `7${String(Date.now()).slice(-9)}` });
    await createConsoleUser(['staff', 'educator'], `Staff ${tag}`);

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    for (const heading of ['Name', 'Phone Number', 'Email Address', 'Lakshya Student', 'Game Nickname', 'Access Roles', 'Joined On']) {
      await expect(table.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    }
    await expect(table.getByText('Unspecified').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Search users' }).fill(tag);
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').filter({ hasText: `Nila ${tag}` })).toContainText('Yes');
    await expect(table.getByRole('row').filter({ hasText: `Staff ${tag}` })).toContainText('Staff, educator');
    await page.getByRole('combobox', { name: 'Lakshya Student' }).selectOption('yes');
    await expect(table.getByRole('row')).toHaveCount(2);
    await snap(page, 'users');
  });

  test('says the list could not load, and is not offered to managers', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Users Admin 2'));
    await page.route(/\/trpc\/users\.list/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([{ error: { message: 'Database unavailable', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]),
      }),
    );
    await page.goto('/admin/users');
    await expect(page.getByText('Fetching data failed')).toBeVisible();
    await page.context().clearCookies();
    await signInThroughApi(page, await createConsoleUser(['manager'], 'Users Manager'));
    await page.goto('/admin/videos');
    await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  });
});
