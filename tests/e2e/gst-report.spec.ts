import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createConsoleUser, createStudent, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';
import { courseForSale } from './support/commerce.ts';

const mobile = () => `9${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

test.describe('GST Report', () => {
  test('an administrator picks the month, sees the new invoice and the totals, and downloads the CSV', async ({ page }) => {
    const courseId = await courseForSale(`GST course ${Date.now()}`);
    const phone = mobile();
    const buyer = `GST Buyer ${Date.now().toString(36)}`;
    await createStudent({ name: buyer, phone });
    await signInThroughApi(page, await createConsoleUser(['admin']));
    const made = await page.request.post(
      `/api/order/manual?${new URLSearchParams({ phoneNumber: phone, resourceId: courseId, resourceType: 'course', term: '1-month', amount: '1180' })}`,
    );
    expect(made.status(), await made.text()).toBe(200);

    await page.goto('/admin/videos');
    await page.getByRole('link', { name: 'GST Report' }).click();
    await expect(page).toHaveURL(/\/admin\/reports\/gst$/);
    await page.getByLabel('Period').selectOption('quarter');
    await page.getByLabel('Period').selectOption('month');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const row = invoices.getByRole('row').filter({ hasText: buyer });
    await expect(row).toContainText('1000.00');
    await expect(row).toContainText('90.00');
    await expect(row).toContainText('1180.00');
    await expect(invoices.getByTestId('Invoices totals')).toContainText(/Total \(\d+\)/);
    await expect(page.getByRole('region', { name: 'HSN/SAC summary' })).toContainText('999293');
    await snap(page, 'gst-report');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('region', { name: 'HSN/SAC summary' })).toContainText('999293');
    await snap(page, 'gst-report-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    const [download] = await Promise.all([page.waitForEvent('download'), invoices.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^gst-report-\d{4}-\d{2}-invoices\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain(`,${buyer},`);
  });

  test('is not in the side bar of marketing, refuses its data, and refuses a bad period naming it', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['marketing']));
    await page.goto('/admin/orders');
    await expect(page.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'GST Report' })).toHaveCount(0);
    expect((await page.request.get('/api/admin/reports/gst?period=2026-11')).status()).toBe(403);

    const admin = await (await browser.newContext()).newPage();
    await signInThroughApi(admin, await createConsoleUser(['admin']));
    const bad = await admin.request.get('/api/admin/reports/gst.csv?period=2026-13&part=b2c');
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'query.period' });
  });
});
