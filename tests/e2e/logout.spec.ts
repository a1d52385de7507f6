import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, createStudent, signInThroughApi } from './support/helpers.ts';

const LOGOUT_CALL = /\/trpc\/[^?]*auth\.logout/;

async function openLogout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Logout Confirmation' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Are you sure want to logout?');
  return dialog;
}

test.describe('logout', () => {
  test('Cancel keeps the user in the console', async ({ page }) => {
    const staff = await createConsoleUser(['staff']);
    await signInThroughApi(page, staff);
    await page.goto('/admin/exams');
    const dialog = await openLogout(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/exams$/);
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  });

  test('Log Out shows "Signing off...", ends the session and the back button cannot return', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await page.goto('/admin/exams');
    await page.getByRole('link', { name: 'Courses' }).click();
    await expect(page).toHaveURL(/\/admin\/courses$/);

    await page.route(LOGOUT_CALL, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const dialog = await openLogout(page);
    await dialog.getByRole('button', { name: 'Log Out' }).click();
    await expect(dialog.getByRole('button', { name: 'Signing off...' })).toBeDisabled();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
    await page.goto('/admin/videos');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('a failed logout shows "Logout Failed" inside the modal and keeps the user signed in', async ({ page }) => {
    const manager = await createConsoleUser(['manager']);
    await signInThroughApi(page, manager);
    await page.goto('/admin/videos');
    await page.route(LOGOUT_CALL, (route) => route.abort('connectionrefused'));
    const dialog = await openLogout(page);
    await dialog.getByRole('button', { name: 'Log Out' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Logout Failed');
    await expect(alert).toContainText('Network error');
    await expect(dialog.getByRole('button', { name: 'Log Out' })).toBeEnabled();
    await expect(page).toHaveURL(/\/admin\/videos$/);
  });

  test('a student logs out from the account page', async ({ page }) => {
    const student = await createStudent();
    await signInThroughApi(page, student);
    await page.goto('/account');
    const dialog = await openLogout(page);
    await dialog.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
