import { expect, test } from '@playwright/test';
import { E2E_V2_DASHBOARD_URL } from './support/accounts.ts';
import { createConsoleUser, sideBarLinks, signInThroughApi } from './support/helpers.ts';

/** Which role sees which side-bar link, written out so the test does not reuse the code under test. */
const VISIBLE_LINKS: Record<'admin' | 'staff' | 'marketing' | 'manager', string[]> = {
  admin: [
    'Home',
    'Notifications',
    'Subscriptions',
    'Lecture Videos',
    'Discussions',
    'Custom Lecture Collection',
    'Exams',
    'Courses',
    'Rank Files',
    'Current Affairs',
    'Lakshya Students',
    'Users',
    'Orders',
    'GST Report',
    'Winners',
    'Coupons',
    'Meeting Links',
    'Pending PDF',
    'Process Queue',
    'Audit Log',
  ],
  staff: ['Home', 'Notifications', 'Lecture Videos', 'Discussions', 'Exams', 'Rank Files', 'Current Affairs', 'Process Queue'],
  marketing: ['Home', 'Notifications', 'Lecture Videos', 'Discussions', 'Exams', 'Courses', 'Rank Files', 'Users', 'Orders', 'Coupons'],
  manager: [
    'Home',
    'Subscriptions',
    'Lecture Videos',
    'Discussions',
    'Custom Lecture Collection',
    'Exams',
    'Courses',
    'Rank Files',
    'Current Affairs',
    'Pending PDF',
    'Process Queue',
  ],
};

const ROLE_LABEL = { admin: 'Administrator', staff: 'Staff', marketing: 'Marketing', manager: 'Manager' } as const;

test.describe('admin side bar', () => {
  for (const role of ['admin', 'staff', 'marketing', 'manager'] as const) {
    test(`shows exactly the links of the ${role} role`, async ({ page }) => {
      const user = await createConsoleUser([role], `Priya ${role}`);
      await signInThroughApi(page, user);
      await page.goto('/admin/videos');
      const nav = page.getByRole('navigation', { name: 'Console' });
      expect(await sideBarLinks(page)).toEqual(['V2 Dashboard', ...VISIBLE_LINKS[role]]);
      await expect(page.getByText(`Priya ${role}`, { exact: true })).toBeVisible();
      await expect(page.getByText(ROLE_LABEL[role], { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Lecture Videos' })).toHaveAttribute('aria-current', 'page');
      // /admin/videos is the lecture catalogue.
      await expect(page.getByRole('heading', { name: 'Lecture Video Manager' })).toBeVisible();
    });
  }

  test('the V2 Dashboard link opens the configured address in a new tab', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await page.goto('/admin/exams');
    const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'V2 Dashboard' });
    await expect(link).toHaveAttribute('href', E2E_V2_DASHBOARD_URL);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  });

  test('selects the link whose path is a prefix of the current path', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const nav = page.getByRole('navigation', { name: 'Console' });
    const selected = nav.locator('[aria-current="page"]');

    const cases: [string, string][] = [
      ['/admin/exams/editor/64b7f0/questions', 'Exams'],
      ['/admin/courses/editor/42/subjects', 'Courses'],
      ['/admin/lakshya/students', 'Lakshya Students'],
      ['/admin/process/queue/17', 'Process Queue'],
      ['/admin/videos/lectures/9', 'Lecture Videos'],
    ];
    for (const [path, label] of cases) {
      await page.goto(path);
      await expect(selected).toHaveCount(1);
      await expect(selected).toHaveText(label);
    }

    // A path that merely starts with the same letters is not inside the screen.
    await page.goto('/admin/exams-archive');
    await expect(nav).toBeVisible();
    await expect(selected).toHaveCount(0);

    // Following a link moves the selection without reloading.
    await nav.getByRole('link', { name: 'Rank Files' }).click();
    await expect(page).toHaveURL(/\/admin\/rank-files$/);
    await expect(selected).toHaveText('Rank Files');
  });

  test('is hidden when the query string has type=v1', async ({ page }) => {
    const staff = await createConsoleUser(['staff']);
    await signInThroughApi(page, staff);
    await page.goto('/admin/no-such-screen/1?type=v1');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    await page.goto('/admin/no-such-screen/1?tab=x&type=v2');
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
  });
});
