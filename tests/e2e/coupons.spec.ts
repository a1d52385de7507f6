import { expect, test } from '@playwright/test';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 100)}`;

test.describe('discount coupons', () => {
  test('asks for the required fields, creates a coupon inactive, edits it on (code locked), and deletes it', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Coupon Admin'));
    await page.goto('/admin/coupons');
    await expect(page.getByRole('heading', { name: 'Discount Coupons' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Coupons' });
    for (const heading of ['Coupon Code', 'Min. Order', 'Type', 'Value', 'Impressions', 'Redemptions', 'Is Active']) {
      await expect(table.getByRole('columnheader', { name: heading })).toBeVisible();
    }

    await page.getByRole('button', { name: 'New Coupon' }).click();
    const modal = page.getByRole('dialog', { name: 'New Coupon' });
    await expect(modal.getByLabel('Is Active')).toHaveCount(0);
    await expect(modal.getByLabel('Min. Order')).toHaveAttribute('placeholder', 'INR / (Default: -1)');
    await modal.getByLabel('Value').fill('');
    await modal.getByLabel('Type').selectOption('');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    for (const message of ['Please enter coupon code', 'Discount type is required', 'Discount value is required']) {
      await expect(modal.getByText(message)).toBeVisible();
    }

    const code = uniqueCode('ONAM');
    await modal.getByLabel('Coupon Code').fill(code);
    await modal.getByLabel('Type').selectOption({ label: 'By Amount (INR)' });
    await modal.getByLabel('Value').fill('250.50');
    await modal.getByLabel('Min. Order').fill('999');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(code);
    const row = table.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('By Amount (INR)');
    await expect(row).toContainText('INR 250.5');
    await expect(row).toContainText('INR 999');
    await expect(row).toContainText('false');

    await row.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Coupon' });
    await expect(edit.getByLabel('Coupon Code')).toBeDisabled();
    await expect(edit.getByText("You can't update coupon after creating it")).toBeVisible();
    await edit.getByLabel('Type').selectOption({ label: 'By Rate (%)' });
    await edit.getByLabel('Value').fill('15');
    await edit.getByLabel('Is Active').check();
    await snap(page, 'coupon-edit');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('15%');
    await expect(row).toContainText('true');
    await snap(page, 'coupons');
    await page.reload();
    await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(code);
    await expect(row).toContainText('true');

    await row.getByRole('button', { name: `Delete ${code}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Coupon' });
    await expect(confirm.getByText('This action cannot be undone. Do you want to delete this coupon?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
  });

  test("says 'Item cannot be added' with the reason when the code is taken or the value is refused", async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Coupon Admin 2'));
    const code = uniqueCode('VISHU');
    const first = await page.request.post('/v2/coupons', { data: { code, discountType: 'rate', value: 5 } });
    expect(first.status()).toBe(200);
    await page.goto('/admin/coupons');
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const modal = page.getByRole('dialog', { name: 'New Coupon' });
    await modal.getByLabel('Coupon Code').fill(code.toLowerCase());
    await modal.getByLabel('Value').fill('10');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal.getByText('Item cannot be added')).toBeVisible();
    await expect(modal.getByText(/is already used/)).toBeVisible();

    await modal.getByLabel('Coupon Code').fill(uniqueCode('RATE'));
    await modal.getByLabel('Value').fill('120');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal.getByText('A rate cannot be more than 100%')).toBeVisible();
    await snap(page, 'coupon-refused');
  });

  test('is not offered to staff', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['staff'], 'Coupon Staff'));
    await page.goto('/admin/videos');
    await expect(page.getByRole('link', { name: 'Coupons' })).toHaveCount(0);
    expect((await page.request.get('/v2/coupons')).status()).toBe(403);
  });
});
