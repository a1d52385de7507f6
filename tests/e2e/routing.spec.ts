import { expect, test } from '@playwright/test';
import { createConsoleUser, createStudent, endSessions, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

test.describe('redirects', () => {
  test('a signed-out visitor of the console or the account page goes to /auth/login', async ({ page }) => {
    for (const path of ['/', '/admin/videos', '/admin/courses/editor/1', '/account']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    }
  });

  test('"/" goes to the dashboard, and a signed-in admin visiting /auth pages goes there too', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    for (const path of ['/auth/login', '/auth/signin', '/auth/register', '/auth/recovery']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    }
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
  });

  test('a student is told the account has no access to the console, and sent from /auth pages to /account', async ({ page }) => {
    const student = await createStudent({ name: 'Nikhil Das', phone: '+91 94470 11223' });
    await signInThroughApi(page, student);
    await page.goto('/admin/courses');
    await expect(page.getByRole('heading', { name: 'This account has no access to the console' })).toBeVisible();
    await expect(page.getByText(student.email)).toBeVisible();
    // It stays put: no side bar, no redirect back and forth.
    await expect(page).toHaveURL(/\/admin\/courses$/);
    await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to My Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/account$/);

    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByText('Nikhil Das')).toBeVisible();
    await expect(page.getByText(student.email)).toBeVisible();
    await expect(page.getByText('+91 94470 11223')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open Admin Console' })).toHaveCount(0);
  });

  test('a student who opens /admin signs out from the notice and can sign in with a staff account', async ({ page }) => {
    const student = await createStudent({ name: 'Anu Student' });
    await signInThroughApi(page, student);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'This account has no access to the console' })).toBeVisible();
    await snap(page, 'no-console-access');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test("a console user's account page links to the console", async ({ page }) => {
    const marketing = await createConsoleUser(['marketing'], 'Rahul Marketing');
    await signInThroughApi(page, marketing);
    await page.goto('/account');
    await expect(page.getByText('Rahul Marketing')).toBeVisible();
    await expect(page.getByText('marketing', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Open Admin Console' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('when a call answers UNAUTHORIZED the session is checked again and the user goes to /auth/login', async ({ page }) => {
    const staff = await createConsoleUser(['staff']);
    await signInThroughApi(page, staff);
    await page.goto('/admin/exams');
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    // The screen has loaded and made its calls: the next call is the Logout below.
    await expect(page.getByRole('heading', { name: 'Exam Manager' })).toBeVisible();
    await expect(page.getByRole('table').first()).not.toHaveAttribute('aria-busy', 'true');

    await endSessions(staff.email);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('not-found page', () => {
  test('an unknown path shows "404 Page Not Found" and "Go to Dashboard" leads to the root', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
    const link = page.getByRole('link', { name: 'Go to Dashboard' });
    await expect(link).toHaveAttribute('href', '/');
    await link.click();
    // Signed out, the root's /admin/dashboard sends the visitor on to sign in.
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('an unknown console path shows the not-found content inside the admin layout', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('only the built screens answer: their sub-paths and other /admin paths stay not-found', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    for (const path of ['/admin/process/queue/17', '/admin/videos/extra', '/admin/videos/lectures/1/chat', '/admin/winners/extra', '/admin/meeting-links/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    }
    await page.goto('/admin/process/queue');
    await expect(page.getByRole('heading', { name: 'Process Queue' })).toBeVisible();
  });

  test('a role the side bar hides a screen from is told so', async ({ page }) => {
    const marketing = await createConsoleUser(['marketing']);
    await signInThroughApi(page, marketing);
    await page.goto('/admin/process/queue');
    await expect(page.getByRole('heading', { name: 'This screen is not available to your role' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Queue' })).toHaveCount(0);
  });
});
