import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts.ts';
import { createStudent, signInWithForm } from './support/helpers.ts';

test.describe('sign-in page', () => {
  test('asks for the email and the password before calling the server', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();

    await page.getByLabel('Email').fill('ravi@example.com');
    await expect(page.getByText('Email is Required')).toBeHidden();
    await expect(page.getByText('Password is Required')).toBeVisible();
    await page.getByLabel('Password').fill('x');
    await expect(page.getByText('Password is Required')).toBeHidden();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('shows "Authentication Failed" with the server\'s message for a wrong password', async ({ page }) => {
    await page.goto('/auth/login');
    await signInWithForm(page, { email: E2E_ADMIN.email, password: 'not-the-password' });
    const alert = page.getByRole('alert').filter({ hasText: 'Authentication Failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Incorrect email address or password');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('sends a console user to the home page, /admin/dashboard', async ({ page }) => {
    await page.goto('/auth/login');
    await signInWithForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    await expect(page.getByText(E2E_ADMIN.name)).toBeVisible();
  });

  test('sends a student to /account, also from /auth/signin', async ({ page }) => {
    const student = await createStudent({ name: 'Meera Nair' });
    await page.goto('/auth/signin');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signInWithForm(page, student);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByText('Meera Nair')).toBeVisible();
  });

  test('links to registration, recovery and the footer pages', async ({ page }) => {
    await page.goto('/auth/login');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const label of ['Help & Support', 'Privacy Policy', 'Terms & Conditions']) {
      await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', '/');
    }
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/recovery$/);
    await expect(page.getByRole('heading', { name: 'Recover your account' })).toBeVisible();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  });
});
