import { expect, test, type Page } from '@playwright/test';
import { invoiceAmount } from '../../shared/commerce/invoice.rules.ts';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

/** A paid order of the student's, paid now, for these paise (GST included). */
async function paidOrderNow(email: string, netPaise: number): Promise<void> {
  const [student] = await query<{ id: string }>('select id from users where email_address = $1', [email]);
  const gross = Math.round(netPaise / 1.18);
  await query(
    `insert into orders (user_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, mode, status, paid_at)
     values ($1, 'Dashboard order', '1-month', 30, $2, 18, $3, $4, 'online', 'paid', now())`,
    [student!.id, gross, netPaise - gross, netPaise],
  );
}

/** A media item that failed processing. */
async function failedMediaItem(title: string): Promise<void> {
  const [asset] = await query<{ id: string }>(
    `insert into assets (file_name, content_type, kind, access_mode, size_in_bytes, sha256, storage_key)
     values ($1, 'video/mp4', 'video', 'private', 10, 'x', 'assets/' || $1) returning id`,
    [`${title}.mp4`],
  );
  await query(
    `insert into queue_items (asset_id, title, type, state, last_state_updated_on, failure_reason) values ($1, $2, 'video', 'failed', now(), 'Broken file')`,
    [asset!.id, title],
  );
}

async function dashboardAnswer(page: Page) {
  const answer = await page.request.get('/api/admin/dashboard');
  expect(answer.status()).toBe(200);
  return answer.json();
}

test.describe('home page', () => {
  test('an administrator lands on the sales, the chart and the waiting work, and follows a link to the work', async ({ page }) => {
    const student = await createStudent({ name: 'Dashboard Buyer' });
    await paidOrderNow(student.email, 123_456);
    await failedMediaItem(`dashboard-failed-${Date.now()}`);
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    const figures = await dashboardAnswer(page);
    expect(figures.sales.today.netPaise).toBeGreaterThanOrEqual(123_456);
    const today = page.getByRole('group', { name: 'Sales Today' });
    await expect(today.getByLabel(`Net ${invoiceAmount(figures.sales.today.netPaise)}`)).toBeVisible();
    await expect(today.getByText(invoiceAmount(figures.sales.today.taxPaise), { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Sales Last 30 days' }).getByLabel(`Net ${invoiceAmount(figures.sales.last30Days.netPaise)}`)).toBeVisible();
    const bars = page.getByRole('list', { name: 'Daily sales' }).getByRole('listitem');
    await expect(bars).toHaveCount(30);
    await expect(bars.last()).toHaveAttribute('aria-label', new RegExp(`: ${invoiceAmount(figures.sales.today.netPaise).replace(/[.₹]/g, '\\$&')}, `));
    await expect(page.getByRole('group', { name: 'New in 30 days' })).toContainText(String(figures.students.new30Days));
    await snap(page, 'dashboard-admin-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('list', { name: 'Daily sales' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'dashboard-admin-390');

    const failed = page.getByRole('link', { name: /Failed media items/ });
    await expect(failed).toContainText(String(figures.waiting.failedMedia));
    expect(figures.waiting.failedMedia).toBeGreaterThanOrEqual(1);
    await failed.click();
    await expect(page).toHaveURL(/\/admin\/process\/queue$/);
    await expect(page.getByRole('heading', { name: 'Process Queue' })).toBeVisible();
  });

  test('staff see only their waiting work, never the sales', async ({ page }) => {
    const staff = await createConsoleUser(['staff']);
    await signInThroughApi(page, staff);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: /Failed media items/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Comments without a staff reply/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Order and payment alerts/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Sales' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Daily sales' })).toHaveCount(0);
    await expect(page.getByText('₹')).toHaveCount(0);
    expect(Object.keys(await dashboardAnswer(page)).sort()).toEqual(['asOf', 'today', 'waiting']);
    await snap(page, 'dashboard-staff-1440');
  });

  test('a failed load says so and loads again with Try again', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    let fail = true;
    await page.route(/\/trpc\/[^?]*dashboard\.get/, (route) => (fail ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/admin/dashboard');
    await expect(page.getByText('The dashboard could not be loaded')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sales' })).toHaveCount(0);
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('group', { name: 'Sales Today' })).toBeVisible();
    await expect(page.getByText('The dashboard could not be loaded')).toHaveCount(0);
  });
});
