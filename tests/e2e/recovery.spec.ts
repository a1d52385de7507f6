import { expect, test, type Page } from '@playwright/test';
import { E2E_SUPPORT } from './support/accounts.ts';
import { createStudent, databaseNow, latestOutboxCode, signInWithForm, uniqueEmail } from './support/helpers.ts';

const STEP = {
  identification: 'Recover your account',
  options: 'Verify it is you',
  otp: 'Enter the code',
  reset: 'Choose a new password',
  support: 'Contact support',
} as const;

async function expectStep(page: Page, title: string) {
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
}

/** Step 1: looks the account up and arrives at the option selector. */
async function identify(page: Page, email: string) {
  await page.goto('/auth/recovery');
  await expectStep(page, STEP.identification);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, STEP.options);
}

/** Step 2 with the email option: the code goes to the outbox. */
async function sendCodeByEmail(page: Page, email: string) {
  await page.getByRole('radio', { name: /^Email/ }).click();
  await page.getByLabel('Enter your full email address').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expectStep(page, STEP.otp);
}

function errorAlert(page: Page, title: string) {
  return page.getByRole('alert').filter({ hasText: title });
}

test.describe('account recovery wizard', () => {
  test('resets the password by email: the new password works, the old one does not', async ({ page }) => {
    const student = await createStudent({ name: 'Lakshmi Pillai' });
    const since = await databaseNow();
    await identify(page, student.email);
    // The option shows the address masked, never in full.
    await expect(page.getByRole('radio', { name: /^Email \S+\*+@\S*\*+\.com$/ })).toBeVisible();
    await expect(page.getByText(student.email)).toHaveCount(0);
    await sendCodeByEmail(page, student.email);
    const code = await latestOutboxCode(student.email, since);

    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectStep(page, STEP.reset);

    // Cancel on the reset step returns to the code, which still verifies.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectStep(page, STEP.otp);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectStep(page, STEP.reset);

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password is Required')).toBeVisible();
    await page.getByLabel('New Password').fill('abc');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 5 characters')).toBeVisible();
    await page.getByLabel('New Password').fill('brand-new-pass');
    await page.getByLabel('Confirm Password').fill('brand-new-pas');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByText('Password changed')).toBeVisible();

    await signInWithForm(page, { email: student.email, password: student.password });
    await expect(errorAlert(page, 'Authentication Failed')).toContainText('Incorrect email address or password');
    await signInWithForm(page, { email: student.email, password: 'brand-new-pass' });
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText('Lakshmi Pillai')).toBeVisible();
  });

  test('refuses an unknown email address with "Email Verification Failed"', async ({ page }) => {
    await page.goto('/auth/recovery');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Email is Required')).toBeVisible();

    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = errorAlert(page, 'Email Verification Failed');
    await expect(alert).toContainText('Please try again');
    await expectStep(page, STEP.identification);
  });

  test('says "Network error" when the lookup cannot reach the server', async ({ page }) => {
    await page.goto('/auth/recovery');
    await expectStep(page, STEP.identification);
    await page.route(/\/trpc\//, (route) => route.abort('connectionrefused'));
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(errorAlert(page, 'Email Verification Failed')).toContainText('Network error');
  });

  test('checks the chosen option and reports a phone number that does not match', async ({ page }) => {
    const student = await createStudent({ phone: '9876543210' });
    await identify(page, student.email);

    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Please choose a recovery option')).toBeVisible();

    await page.getByRole('radio', { name: /^Email/ }).click();
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Email is Required')).toBeVisible();

    const phone = page.getByRole('radio', { name: 'Phone ******3210' });
    await expect(phone).toBeVisible();
    await phone.click();
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Mobile Number is Required')).toBeVisible();
    await page.getByLabel('Enter your mobile number').fill('call me');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Mobile Number is Required')).toBeVisible();

    await page.getByLabel('Enter your mobile number').fill('9000000000');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(errorAlert(page, 'Recovery Initiate Failed')).toContainText('The details you entered do not match this account');
    await expectStep(page, STEP.options);
  });

  test('reports a wrong code with "OTP Verification Failed"', async ({ page }) => {
    const student = await createStudent();
    const since = await databaseNow();
    await identify(page, student.email);
    await sendCodeByEmail(page, student.email);
    const code = await latestOutboxCode(student.email, since);

    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('OTP is Required')).toBeVisible();

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('OTP', { exact: true }).fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(errorAlert(page, 'OTP Verification Failed')).toContainText('Invalid OTP. 4 attempts left.');
    await expectStep(page, STEP.otp);
  });

  test('resend shows the "Resending" alert, then the server\'s "Please wait" refusal within 30 s', async ({ page }) => {
    const student = await createStudent();
    await identify(page, student.email);
    await sendCodeByEmail(page, student.email);

    // Hold the resend a moment so the wait alert can be seen for sure.
    await page.route(/\/trpc\/[^?]*auth\.recovery\.channel/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Resending' })).toBeVisible();
    const alert = errorAlert(page, 'Recovery Initiate Failed');
    await expect(alert).toContainText(/Please wait \d+ seconds before requesting a new code/);
    await expect(page.getByRole('status').filter({ hasText: 'Resending' })).toBeHidden();
    await expectStep(page, STEP.otp);
  });

  test('Cancel on the option step returns to identification with the email kept', async ({ page }) => {
    const student = await createStudent();
    await identify(page, student.email);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectStep(page, STEP.identification);
    await expect(page.getByLabel('Email')).toHaveValue(student.email);
  });

  test('"I don\'t have any of these" shows the support contacts; Ok goes to /auth/signin', async ({ page }) => {
    const student = await createStudent();
    await identify(page, student.email);
    await page.getByRole('radio', { name: "I don't have any of these" }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expectStep(page, STEP.support);
    await expect(page.getByRole('link', { name: E2E_SUPPORT.phone })).toBeVisible();
    await expect(page.getByRole('link', { name: E2E_SUPPORT.email })).toHaveAttribute('href', `mailto:${E2E_SUPPORT.email}`);

    await page.getByRole('button', { name: 'Back to verification options' }).click();
    await expectStep(page, STEP.options);
    await page.getByRole('radio', { name: "I don't have any of these" }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, STEP.support);
    await page.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
