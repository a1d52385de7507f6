import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 100)}`;

/** The table's columns, in order (its bulk-action checkbox first, Actions last). */
const COLUMN = { uses: 8, perStudent: 9, valid: 10, appliesTo: 11 } as const;

/** A rate card and a course sold under it, with titles no other test uses. */
async function cardAndCourse(name: string): Promise<{ card: string; course: string; courseId: string }> {
  const card = `${name} plan`;
  const course = `${name} course`;
  const [row] = await query<{ id: string }>(
    `insert into subscriptions (title, subscription_term, gross_amount, gst_rate, gst_amount, net_amount) values ($1, '12-months', 1000, 18, 180, 1180) returning id`,
    [card],
  );
  const [made] = await query<{ id: string }>(
    `insert into courses (title, is_published, is_visible, course_rate_card_id) values ($1, true, true, $2) returning id`,
    [course, row!.id],
  );
  return { card, course, courseId: made!.id };
}

/** Opens the picker of one kind from the modal's Applies to, and ticks the item of that title. */
async function pickTarget(page: Page, modal: Locator, kind: 'rate cards' | 'courses', title: string): Promise<void> {
  await modal.getByRole('button', { name: `Add ${kind}` }).click();
  const picker = page.getByRole('dialog', { name: kind === 'rate cards' ? 'Select Rate Cards' : 'Select Courses' });
  await picker.getByRole('textbox', { name: 'Filter Title' }).fill(title);
  await picker.getByRole('checkbox', { name: `Select ${title}` }).check();
  await picker.getByRole('button', { name: 'Select 1 item(s)' }).click();
  await expect(picker).toBeHidden();
}

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
    await expect(row.getByRole('cell').nth(COLUMN.uses)).toHaveText('0');
    await expect(row.getByRole('cell').nth(COLUMN.perStudent)).toHaveText('No limit');
    await expect(row.getByRole('cell').nth(COLUMN.valid)).toHaveText('Always');
    await expect(row.getByRole('cell').nth(COLUMN.appliesTo)).toHaveText('All');

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

  test.describe('in a browser outside India', () => {
    // The window is typed and shown in India time whatever the computer's own zone.
    test.use({ timezoneId: 'America/New_York' });

    test('limits a coupon by uses, per student, a window and what it applies to; edits them; the table shows them', async ({ page }) => {
      await signInThroughApi(page, await createConsoleUser(['marketing'], 'Coupon Marketing'));
      const name = `Onam ${uniqueCode('')}`;
      const { card, course } = await cardAndCourse(name);
      await page.goto('/admin/coupons');
      const table = page.getByRole('table', { name: 'Coupons' });
      for (const heading of ['Uses', 'Per student', 'Valid (IST)', 'Applies to'])
        await expect(table.getByRole('columnheader', { name: heading })).toBeVisible();

      await page.getByRole('button', { name: 'New Coupon' }).click();
      const modal = page.getByRole('dialog', { name: 'New Coupon' });
      await expect(modal.getByText('All rate cards and resources')).toBeVisible();
      const code = uniqueCode('LIMIT');
      await modal.getByLabel('Coupon Code').fill(code);
      await modal.getByLabel('Value').fill('20');
      await modal.getByLabel('Usage limit').fill('50');
      await modal.getByLabel('Limit per student').fill('2');
      await modal.getByLabel('Valid from (India time)').fill('2026-12-01T09:00');
      await modal.getByLabel('Valid until (India time)').fill('2027-01-01T23:59');
      await expect(modal.getByLabel('Valid from (India time)')).toHaveAccessibleDescription(/^1 Dec 2026, 9:00 am IST$/i);
      await pickTarget(page, modal, 'rate cards', card);
      await pickTarget(page, modal, 'courses', course);
      const chips = modal.getByRole('list', { name: 'Applies to' });
      await expect(chips.getByRole('listitem')).toHaveText([`Rate card: ${card}`, `Course: ${course}`]);
      await expect(modal.getByText('All rate cards and resources')).toHaveCount(0);
      await snap(page, 'coupon-limits-new');
      const created = page.waitForResponse((response) => response.url().includes('/trpc/coupons.create'));
      await modal.getByRole('button', { name: 'Create Coupon' }).click();
      expect((await created).status()).toBe(200);
      await expect(modal).toBeHidden();

      await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(code);
      const row = table.getByRole('row').filter({ hasText: code });
      const cell = (column: keyof typeof COLUMN) => row.getByRole('cell').nth(COLUMN[column]);
      await expect(cell('uses')).toHaveText('0 / 50');
      await expect(cell('perStudent')).toHaveText('2');
      await expect(cell('valid')).toHaveText(/^1 Dec 2026, 9:00 am –\s*1 Jan 2027, 11:59 pm$/i);
      await expect(cell('appliesTo')).toHaveText('2');
      // Stored as the instants India's clock named, not the browser's.
      const stored = ((await (await page.request.get('/v2/coupons')).json()) as Array<{ code: string; validFrom: string; validUntil: string }>).find(
        (row) => row.code === code,
      );
      expect(stored).toMatchObject({ validFrom: '2026-12-01T03:30:00.000Z', validUntil: '2027-01-01T18:29:00.000Z' });

      await row.getByRole('button', { name: `Edit ${code}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Coupon' });
      await expect(edit.getByLabel('Usage limit')).toHaveValue('50');
      await expect(edit.getByLabel('Limit per student')).toHaveValue('2');
      await expect(edit.getByLabel('Valid from (India time)')).toHaveValue('2026-12-01T09:00');
      await expect(edit.getByLabel('Valid until (India time)')).toHaveValue('2027-01-01T23:59');
      await expect(edit.getByRole('list', { name: 'Applies to' }).getByRole('listitem')).toHaveText([`Rate card: ${card}`, `Course: ${course}`]);
      await edit.getByRole('button', { name: `Remove course ${course}` }).click();
      await edit.getByLabel('Usage limit').fill('');
      await edit.getByLabel('Valid from (India time)').fill('');
      await edit.getByLabel('Valid until (India time)').fill('2027-01-15T18:00');
      await edit.getByLabel('Is Active').check();
      await snap(page, 'coupon-limits-edit');
      await edit.getByRole('button', { name: 'Update' }).click();
      await expect(edit).toBeHidden();
      await expect(cell('uses')).toHaveText('0');
      await expect(cell('perStudent')).toHaveText('2');
      await expect(cell('valid')).toHaveText(/^Until\s*15 Jan 2027, 6:00 pm$/i);
      await expect(cell('appliesTo')).toHaveText('1');
      await expect(row).toContainText('true');
      await snap(page, 'coupon-limits-table');

      await page.reload();
      await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(code);
      await row.getByRole('button', { name: `Edit ${code}` }).click();
      await expect(edit.getByLabel('Usage limit')).toHaveValue('');
      await expect(edit.getByLabel('Valid from (India time)')).toHaveValue('');
      await expect(edit.getByLabel('Valid until (India time)')).toHaveValue('2027-01-15T18:00');
      await expect(edit.getByRole('list', { name: 'Applies to' }).getByRole('listitem')).toHaveText([`Rate card: ${card}`]);
    });
  });

  test('shows a refused limit, window or choice next to its field and keeps what was typed', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Coupon Admin 3'));
    const { course, courseId } = await cardAndCourse(`Vishu ${uniqueCode('')}`);
    await page.goto('/admin/coupons');
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const modal = page.getByRole('dialog', { name: 'New Coupon' });
    const code = uniqueCode('CAP');
    await modal.getByLabel('Coupon Code').fill(code);
    await modal.getByLabel('Value').fill('10');
    await modal.getByLabel('Usage limit').fill('0');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    const usageMessage = 'The usage limit is a whole number from 1 to 1,00,00,000 (leave it empty for no limit)';
    await expect(modal.getByLabel('Usage limit')).toHaveAccessibleDescription(usageMessage);
    await expect(modal.getByLabel('Usage limit')).toHaveAttribute('aria-invalid', 'true');
    await expect(modal.getByRole('alert').filter({ hasText: 'Item cannot be added' })).toContainText('Please correct the marked field: Usage limit');
    await expect(modal.getByLabel('Coupon Code')).toHaveValue(code);
    await expect(modal.getByLabel('Usage limit')).toHaveValue('0');

    await modal.getByLabel('Usage limit').fill('5');
    await modal.getByLabel('Valid from (India time)').fill('2027-01-10T10:00');
    await modal.getByLabel('Valid until (India time)').fill('2027-01-05T10:00');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal.getByLabel('Valid until (India time)')).toHaveAccessibleDescription('Valid until must be after valid from');
    await expect(modal.getByLabel('Usage limit')).toHaveAttribute('aria-invalid', 'false');
    await expect(modal.getByRole('alert')).toContainText('Please correct the marked field: Valid until (India time)');
    await expect(modal.getByLabel('Valid from (India time)')).toHaveValue('2027-01-10T10:00');
    await snap(page, 'coupon-window-refused');

    // A course chosen and then deleted by someone else before the save.
    await modal.getByLabel('Valid until (India time)').fill('2027-02-05T10:00');
    await pickTarget(page, modal, 'courses', course);
    await query('delete from courses where id = $1', [courseId]);
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal.getByText('The course chosen for this coupon was not found')).toBeVisible();
    await expect(modal.getByRole('alert')).toContainText('Please correct the marked field: Applies to');
    await expect(modal.getByRole('list', { name: 'Applies to' }).getByRole('listitem')).toHaveText([`Course: ${course}`]);

    await modal.getByRole('button', { name: `Remove course ${course}` }).click();
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('textbox', { name: 'Filter Coupon Code' }).fill(code);
    const row = page.getByRole('table', { name: 'Coupons' }).getByRole('row').filter({ hasText: code });
    await expect(row.getByRole('cell').nth(COLUMN.uses)).toHaveText('0 / 5');
  });

  test('is not offered to staff', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['staff'], 'Coupon Staff'));
    await page.goto('/admin/videos');
    await expect(page.getByRole('link', { name: 'Coupons' })).toHaveCount(0);
    expect((await page.request.get('/v2/coupons')).status()).toBe(403);
  });
});
