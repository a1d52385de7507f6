import { expect, test } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { shootSizes } from './support/screens.ts';

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 100)}`;

test.describe('a coupon takes something off', () => {
  test('refuses 0% and INR 0 at the Value field, sending nothing; creates a 5% coupon', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Coupon Value Admin'));
    let sent = 0;
    page.on('request', (request) => {
      if (/\/trpc\/[^?]*coupons\.create/.test(request.url())) sent += 1;
    });
    await page.goto('/admin/coupons');
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const modal = page.getByRole('dialog', { name: 'New Coupon' });
    const code = uniqueCode('ZERO');
    await modal.getByLabel('Coupon Code').fill(code);
    await modal.getByLabel('Type').selectOption({ label: 'By Rate (%)' });
    const value = modal.getByLabel('Value');
    await value.fill('0');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal.getByText("A rate coupon's value must be more than 0%")).toBeVisible();
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await shootSizes(page, 'coupon-zero-rate');

    await modal.getByLabel('Type').selectOption({ label: 'By Amount (INR)' });
    await value.fill('0.00');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal.getByText("An amount coupon's value must be more than INR 0")).toBeVisible();
    await expect(modal).toBeVisible();
    expect(sent).toBe(0);
    expect(await query('select 1 from coupons where code = $1', [code])).toHaveLength(0);

    await modal.getByLabel('Type').selectOption({ label: 'By Rate (%)' });
    await value.fill('5');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(code);
    const row = page.getByRole('table', { name: 'Coupons' }).getByRole('row').filter({ hasText: code });
    await expect(row).toBeVisible();
    expect(
      await query<{ discount_type: string; value_hundredths: number }>('select discount_type, value_hundredths::int from coupons where code = $1', [code]),
    ).toEqual([{ discount_type: 'rate', value_hundredths: 500 }]);
  });

  test('the server refuses 0% too, and the modal marks Value with its words', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Coupon Value Admin 2'));
    const code = uniqueCode('EDIT');
    const created = await page.request.post('/v2/coupons', { data: { code, discountType: 'rate', value: 10 } });
    expect(created.status()).toBe(200);
    const refused = await page.request.put(`/v2/coupons/${((await created.json()) as { _id: string })._id}`, {
      data: { code, discountType: 'rate', value: 0, version: 1 },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ message: "A rate coupon's value must be more than 0%", field: 'value' });
  });
});
