import { expect, test, type Locator } from '@playwright/test';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

/** The unit shown in an amount field's box (₹ or %), found beside the input it belongs to. */
function unitOf(input: Locator, unit: string): Locator {
  return input.locator('xpath=..').getByText(unit, { exact: true });
}

test.describe('subscription editor amounts', () => {
  test('the GST rate reads "18 %": the number first, the % sign after it; rupee amounts keep ₹ in front', async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Rema Admin');
    await signInThroughApi(page, admin);
    const created = await page.request.post('/api/admin/subscriptions', { data: { title: `GST check ${Date.now().toString(36)}` } });
    expect(created.status(), await created.text()).toBe(200);
    const { _id: id } = (await created.json()) as { _id: string };
    await page.goto(`/admin/subscriptions/editor/${id}`);

    const rate = page.getByLabel('GST Rate', { exact: true });
    await expect(rate).toHaveValue('18');
    const percent = unitOf(rate, '%');
    await expect(percent).toBeVisible();
    const rateBox = (await rate.boundingBox())!;
    const percentBox = (await percent.boundingBox())!;
    // The number starts at the left of the box; the sign sits at its right end, clear of the number.
    const padding = await rate.evaluate((element) => ({
      left: parseFloat(getComputedStyle(element).paddingLeft),
      right: parseFloat(getComputedStyle(element).paddingRight),
    }));
    expect(percentBox.x).toBeGreaterThan(rateBox.x + rateBox.width / 2);
    expect(padding.left).toBeLessThanOrEqual(12);
    expect(padding.right).toBeGreaterThanOrEqual(percentBox.width + (rateBox.x + rateBox.width - (percentBox.x + percentBox.width)));

    const gross = page.getByLabel('Gross Amount', { exact: true });
    const rupeeBox = (await unitOf(gross, '₹').boundingBox())!;
    const grossBox = (await gross.boundingBox())!;
    expect(rupeeBox.x).toBeLessThan(grossBox.x + 20);

    await rate.scrollIntoViewIfNeeded();
    await snap(page, 'subscription-gst-rate');
  });
});
