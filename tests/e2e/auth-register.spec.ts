import { expect, test } from '@playwright/test';
import { createStudent, uniqueEmail } from './support/helpers.ts';

test.describe('registration page', () => {
  test('shows the validation messages of the specification', async ({ page }) => {
    await page.goto('/auth/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Full Name is Required')).toBeVisible();
    await expect(page.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();

    await page.getByLabel('Full Name').fill('Arjun Menon');
    await page.getByLabel('Email').fill('arjun@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByText('Password must be at least 5 characters')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdeg');
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await expect(page.getByText('Full Name is Required')).toBeHidden();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test('creates a student account, signs it in and lands on /account', async ({ page }) => {
    const email = uniqueEmail('new-student');
    await page.goto('/auth/register');
    await page.getByLabel('Full Name').fill('Arjun Menon');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm Password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByText('Arjun Menon')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Student', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open Admin Console' })).toHaveCount(0);
  });

  test('shows "Sign In Failed" when the email address is taken', async ({ page }) => {
    const existing = await createStudent();
    await page.goto('/auth/register');
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm Password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Sign In Failed' });
    await expect(alert).toContainText('An account with this email address already exists');
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test('shows "Network error" when the server cannot be reached', async ({ page }) => {
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await page.route(/\/trpc\//, (route) => route.abort('connectionrefused'));
    await page.getByLabel('Full Name').fill('Arjun Menon');
    await page.getByLabel('Email').fill(uniqueEmail('offline'));
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm Password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Sign In Failed' });
    await expect(alert).toContainText('Network error');
  });
});
