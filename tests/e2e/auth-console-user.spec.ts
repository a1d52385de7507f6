import { expect, test } from '@playwright/test';
import { hashPassword } from '../../server/auth/password.ts';
import { createConsoleUser, query, signInThroughApi, uniqueEmail } from './support/helpers.ts';

test.describe('who is signed in, in the console', () => {
  test('a user without a name is shown by e-mail address with their real role, never "?" or "Administrator"', async ({ page }) => {
    const email = uniqueEmail('nameless');
    const password = 'nameless-pass';
    await query(`insert into users (name, email_address, password_hash, roles) values ('', $1, $2, '{marketing}')`, [email, await hashPassword(password)]);
    await signInThroughApi(page, { email, password });
    await page.goto('/admin/videos');
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByText('Marketing', { exact: true })).toBeVisible();
    await expect(page.getByText('Administrator', { exact: true })).toHaveCount(0);
    await expect(page.getByText('?', { exact: true })).toHaveCount(0);
  });

  test('a user with two console roles sees both', async ({ page }) => {
    const user = await createConsoleUser(['manager', 'staff'], 'Two Roles');
    await signInThroughApi(page, user);
    await page.goto('/admin/videos');
    await expect(page.getByText('Two Roles', { exact: true })).toBeVisible();
    await expect(page.getByText('Staff, Manager', { exact: true })).toBeVisible();
  });
});
