import { expect, test } from '@playwright/test';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test.describe('sorting lists and the orders date range', () => {
  test('sorts the users by a heading both ways, the sort kept in the address', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Sorting Admin'));
    const tag = unique();
    for (const name of ['Bea', 'Cid', 'Ann']) await createStudent({ name: `${name} ${tag}` });

    await page.goto('/admin/users');
    await page.getByRole('textbox', { name: 'Search users' }).fill(tag);
    const table = page.getByRole('table', { name: 'Users' });
    const names = table.getByRole('row').filter({ hasText: tag }).locator('td:first-child');
    await expect(table.getByRole('row')).toHaveCount(4);
    const nameHeading = table.getByRole('columnheader', { name: 'Name', exact: true });
    await expect(nameHeading).toHaveAttribute('aria-sort', 'none');
    // Newest first until a heading is chosen.
    await expect(names).toHaveText([`Ann ${tag}`, `Cid ${tag}`, `Bea ${tag}`]);

    await nameHeading.getByRole('button').click();
    await expect(nameHeading).toHaveAttribute('aria-sort', 'ascending');
    await expect(names).toHaveText([`Ann ${tag}`, `Bea ${tag}`, `Cid ${tag}`]);
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await nameHeading.getByRole('button').click();
    await expect(nameHeading).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText([`Cid ${tag}`, `Bea ${tag}`, `Ann ${tag}`]);
    await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
    await snap(page, 'users-sorted');

    // A reload keeps the sort.
    await page.reload();
    await page.getByRole('textbox', { name: 'Search users' }).fill(tag);
    await expect(table.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText([`Cid ${tag}`, `Bea ${tag}`, `Ann ${tag}`]);
  });

  test('sorts the special students by expiry date both ways, a heading for the selection column kept; an unknown sort in the address shows the usual order', async ({
    page,
  }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Special Sorting Admin'));
    const tag = unique();
    // Added in this order: Ann last, so first in the usual order (newest first).
    for (const [index, [name, expiry]] of (
      [
        ['Bea', '2027-03-01'],
        ['Cid', '2027-01-01'],
        ['Ann', null],
      ] as const
    ).entries()) {
      await query(
        `insert into lakshya_students (name, phone_number, expiry_date, created_at)
         values ($1, $2, $3, now() - $4 * interval '1 minute')`,
        [`${name} ${tag}`, `6${String(Date.now()).slice(-8)}${index}`, expiry, 3 - index],
      );
    }

    await page.goto('/admin/lakshya/students?sort=registration');
    await page.getByRole('textbox', { name: 'Filter Name' }).fill(tag);
    const table = page.getByRole('table', { name: 'Special students' });
    const names = table.getByRole('row').filter({ hasText: tag }).locator('td:nth-child(2)');
    // A sort the list does not have: the usual order, no heading marked.
    await expect(names).toHaveText([`Ann ${tag}`, `Cid ${tag}`, `Bea ${tag}`]);
    const expiry = table.getByRole('columnheader', { name: 'Expiry Date', exact: true });
    await expect(expiry).toHaveAttribute('aria-sort', 'none');
    await expect(table.getByRole('columnheader', { name: 'Selected' })).toBeVisible();

    await expiry.getByRole('button').click();
    await expect(expiry).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=expiryDate(&|$)/);
    // Not Specified sorts first.
    await expect(names).toHaveText([`Ann ${tag}`, `Cid ${tag}`, `Bea ${tag}`]);
    await expiry.getByRole('button').click();
    await expect(expiry).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText([`Bea ${tag}`, `Cid ${tag}`, `Ann ${tag}`]);
    // The row's box still ticks it for deleting.
    await table.getByRole('checkbox', { name: `Select Cid ${tag}` }).check();
    await expect(page.getByRole('button', { name: 'Delete selected (1)' })).toBeEnabled();
    await snap(page, 'lakshya-students-sorted');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(expiry).toBeVisible();
    await snap(page, 'lakshya-students-sorted-390');
  });

  test('filters the orders by the days paid, with the total of every matching order; a last day before the first is refused', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Range Admin'));
    const tag = unique();
    const student = await createStudent({ name: `Range ${tag}` });
    const [row] = await query<{ id: string }>('select id from users where email_address = $1', [student.email]);
    const userId = row!.id;
    // 1 Oct 00:00 and 31 Oct 23:59 in India are in; 30 Sep 23:59 and 1 Nov 00:00 are not. All in the past:
    // other specs share this database and expect their newest order at the top of the list.
    for (const [title, paidAt, paise] of [
      ['Early', '2026-09-30T18:29:00Z', 100],
      ['First', '2026-09-30T18:30:00Z', 12_345],
      ['Last', '2026-10-31T18:29:00Z', 67_890],
      ['Late', '2026-10-31T18:30:00Z', 100],
    ] as const) {
      await query(
        `insert into orders (user_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, status, mode, paid_at)
         values ($1, $2, '12-months', 365, $3, 0, 0, $3, 'paid', 'online', $4)`,
        [userId, `${title} ${tag}`, paise, paidAt],
      );
    }

    await page.goto('/admin/orders');
    await page.getByRole('textbox', { name: 'Search orders' }).fill(tag);
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(page.getByLabel('Filtered total of orders')).toHaveText(/4 orders, INR 804\.35/);

    await page.getByLabel('Paid from').fill('2026-10-01');
    await page.getByLabel('Paid to').fill('2026-10-31');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table).toContainText(`First ${tag}`);
    await expect(table).toContainText(`Last ${tag}`);
    await expect(page.getByLabel('Filtered total of orders')).toHaveText(/2 orders, INR 802\.35/);

    // Sorting by the subscription's title, oldest title first, keeps the range.
    const subscription = table.getByRole('columnheader', { name: 'Subscription', exact: true });
    await subscription.getByRole('button').click();
    await expect(subscription).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('row').nth(1)).toContainText(`First ${tag}`);
    await snap(page, 'orders-range');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByLabel('Filtered total of orders')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'orders-range-390');

    await page.getByLabel('Paid to').fill('2026-09-15');
    await expect(page.getByText('to is a day on or after from')).toBeVisible();
  });
});
