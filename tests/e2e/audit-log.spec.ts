import { expect, test } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

test.describe('Audit Log', () => {
  test("an administrator changes a coupon, finds the entry with its field change in the Audit Log and in the coupon's History", async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Audit Admin');
    await signInThroughApi(page, admin);
    await page.setViewportSize({ width: 1440, height: 900 });
    const code = `AUD${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/admin/coupons');
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const modal = page.getByRole('dialog', { name: 'New Coupon' });
    await modal.getByLabel('Coupon Code').fill(code);
    await modal.getByLabel('Type').selectOption({ label: 'By Rate (%)' });
    await modal.getByLabel('Value').fill('10');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal).toBeHidden();
    const [coupon] = await query<{ id: string }>('select id from coupons where code = $1', [code]);
    // The edit's save writes its entry in its own transaction.
    await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(code);
    await page.getByRole('button', { name: `Edit ${code}` }).click();
    const change = page.getByRole('dialog', { name: 'Edit Coupon' });
    await change.getByLabel('Value').fill('25');
    await change.getByRole('button', { name: 'Update' }).click();
    await expect(change).toBeHidden();

    await page.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    await page.getByLabel('Resource type').selectOption({ label: 'Coupon' });
    await page.getByLabel('Resource id').fill(coupon!.id);
    await page.getByLabel('Action').selectOption({ label: 'Updated' });
    const table = page.getByRole('table', { name: 'Audit log entries' });
    const row = table.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Audit Admin (Administrator)');
    await expect(row).toContainText('Updated');
    await row.getByRole('button', { name: '1 field changed' }).click();
    await expect(row.getByRole('list')).toHaveText('value: 10 → 25');
    await snap(page, 'audit-log');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row.getByRole('list')).toBeVisible();
    await snap(page, 'audit-log-390');

    // The coupon's two entries, newest first; choosing When shows the oldest first.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel('Action').selectOption({ label: 'Every action' });
    const rows = table.getByRole('row').filter({ hasText: code });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Updated');
    const when = table.getByRole('columnheader', { name: 'When' });
    await when.getByRole('button').click();
    await expect(when).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText('Created');
    await expect(page).toHaveURL(/sort=at/);

    await page.goto('/admin/coupons');
    await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(code);
    await page.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Coupon' });
    await expect(edit.getByRole('heading', { name: 'History' })).toBeVisible();
    await edit.getByRole('button', { name: 'Show history' }).click();
    const history = edit.getByRole('list', { name: 'History entries' });
    await expect(history.getByText(/^Updated by /)).toHaveCount(1);
    await expect(history).toContainText('Updated by Audit Admin (Administrator)');
    await expect(history).toContainText('value: 10 → 25');
    await snap(page, 'audit-history-coupon');
  });

  test('a manager has no Audit Log link, sees the not-allowed page at its address, and is refused its data', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['manager']));
    await page.goto('/admin/exams');
    await expect(page.getByRole('link', { name: 'Exams' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'This screen is not available to your role' })).toBeVisible();
    expect((await page.request.get('/api/admin/audit')).status()).toBe(403);
  });
});
