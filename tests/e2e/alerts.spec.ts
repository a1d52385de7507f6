import { expect, test } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

test.describe('notifications: alerts', () => {
  test('shows the unread count in the side bar, lists alerts with View links, refreshes and marks all as read', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Alerts Admin'));
    await query('update admin_alerts set read_at = now() where read_at is null');
    const tag = Date.now().toString(36);
    await query(`insert into admin_alerts (message, resource_type, resource_id) values ($1, 'asset', 'a1'), ($2, null, null)`, [
      `File failed ${tag}`,
      `Plain alert ${tag}`,
    ]);

    await page.goto('/admin/videos');
    const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: /^Notifications/ });
    await expect(link).toContainText('2');
    await link.click();
    await expect(page.getByRole('heading', { name: 'Notifications > Alerts' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Alerts' });
    const failed = table.getByRole('row').filter({ hasText: `File failed ${tag}` });
    await expect(failed.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/admin/process/queue');
    await expect(failed.getByRole('link', { name: 'View' })).toHaveAttribute('target', '_blank');
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: `Plain alert ${tag}` })
        .getByRole('link'),
    ).toHaveCount(0);
    await expect(failed).toContainText('No');

    // A new alert arrives: it shows after Refresh, with the count.
    await query(`insert into admin_alerts (message) values ($1)`, [`Later alert ${tag}`]);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(table.getByRole('row').filter({ hasText: `Later alert ${tag}` })).toHaveCount(1);
    await expect(link).toContainText('3');
    await snap(page, 'alerts');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(failed).toContainText('Yes');
    await expect(link).toHaveText('Notifications');
  });

  test('filters Created On by day, and a long unbroken message wraps inside the page', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Alerts Admin 3'));
    const tag = Date.now().toString(36);
    await query(`insert into admin_alerts (message, created_at) values ($1, '2026-01-15T06:00:00Z'), ($2, now())`, [
      `Old alert ${tag}`,
      `Today ${tag} ${'x'.repeat(900)}`,
    ]);
    await page.goto('/admin/notifications');
    const table = page.getByRole('table', { name: 'Alerts' });
    const today = table.getByRole('row').filter({ hasText: `Today ${tag}` });
    await expect(today).toBeVisible();
    // 900 letters without a space stay inside the window: the buttons above and View beside are reachable.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeInViewport();

    await page.getByLabel('Filter Created On').fill('2026-01-15');
    await expect(table.getByRole('row').filter({ hasText: `Old alert ${tag}` })).toBeVisible();
    await expect(today).toHaveCount(0);
    await page.getByLabel('Filter Created On').fill('');
    await expect(today).toBeVisible();
  });

  test('says "Refresh Failed" when marking as read fails', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Alerts Admin 2'));
    await page.goto('/admin/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications > Alerts' })).toBeVisible();
    await page.route(/\/trpc\/alerts\.markAllRead/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: 'Database unavailable', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }),
      }),
    );
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Refresh Failed' })).toBeVisible();
  });
});
