import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { createConsoleUser, createStudent, signInThroughApi, signInWithForm } from './support/helpers.ts';

/** A sign-in through the API in a context of its own, so the page's session is not touched. */
async function signInStatus(email: string, password: string): Promise<number> {
  const context = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const response = await context.post('/api/auth/login', { data: { emailAddress: email, password } });
    return response.status();
  } finally {
    await context.dispose();
  }
}

async function fillPasswords(page: Page, values: { current: string; next: string; confirm: string }) {
  await page.getByLabel('Current Password').fill(values.current);
  await page.getByLabel('New Password', { exact: true }).fill(values.next);
  await page.getByLabel('Confirm New Password').fill(values.confirm);
}

test.describe('change password', () => {
  test('a console user changes the password from the side bar, signs out and signs in with the new one', async ({ page }) => {
    const staff = await createConsoleUser(['staff']);
    await signInThroughApi(page, staff);
    await page.goto('/admin/videos');
    await page.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/account\/password$/);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

    await fillPasswords(page, { current: staff.password, next: 'brand-new-pass', confirm: 'brand-new-pass' });
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password Changed' })).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');

    // Still signed in here: the console opens without asking to sign in again.
    await page.getByRole('link', { name: 'Back to the console' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog', { name: 'Logout Confirmation' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await signInWithForm(page, { email: staff.email, password: staff.password });
    await expect(page.getByRole('alert').filter({ hasText: 'Authentication Failed' })).toContainText('Incorrect email address or password');
    await signInWithForm(page, { email: staff.email, password: 'brand-new-pass' });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('a wrong current password shows the message and changes nothing', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await page.goto('/account/password');
    await fillPasswords(page, { current: 'not-my-password', next: 'brand-new-pass', confirm: 'brand-new-pass' });
    await page.getByRole('button', { name: 'Change Password' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Password Not Changed' });
    await expect(alert).toContainText('The current password is not correct');
    await expect(page.getByRole('status').filter({ hasText: 'Password Changed' })).toHaveCount(0);

    expect(await signInStatus(admin.email, admin.password)).toBe(200);
    expect(await signInStatus(admin.email, 'brand-new-pass')).toBe(401);
    // And this browser is still signed in.
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  });

  test('checks the new password before calling the server', async ({ page }) => {
    const student = await createStudent();
    await signInThroughApi(page, student);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/account\/password$/);

    let calls = 0;
    await page.route(/\/trpc\/[^?]*auth\.changePassword/, async (route) => {
      calls += 1;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current Password is Required')).toBeVisible();
    await expect(page.getByText('Password is Required', { exact: true })).toBeVisible();

    await fillPasswords(page, { current: student.password, next: 'abcd', confirm: 'abcd' });
    await expect(page.getByText('Password must be at least 5 characters')).toBeVisible();
    await fillPasswords(page, { current: student.password, next: 'abcdef', confirm: 'abcdeg' });
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    expect(calls).toBe(0);

    await page.getByRole('link', { name: 'Back to My Account' }).click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    expect(await signInStatus(student.email, student.password)).toBe(200);
  });
});
