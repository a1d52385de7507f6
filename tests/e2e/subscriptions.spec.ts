import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';

async function signInAs(page: Page, roles: string[], name: string) {
  const account = await createConsoleUser(roles, name);
  await signInThroughApi(page, account);
  return account;
}

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

async function addSubscriptionThroughApi(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/admin/subscriptions', { data: { title } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { _id: string })._id;
}

test.describe('subscription manager and editor', () => {
  test('adds a rate card, works out GST and nett amounts, refuses a GST typed against the rate beside its field, keeps a nett rounded by hand, saves and lists it', async ({
    page,
  }) => {
    await signInAs(page, ['admin'], 'Rema Admin');
    await page.goto('/admin/subscriptions');
    await expect(page.getByRole('heading', { name: 'Subscription Manager' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Subscriptions' });
    for (const heading of ['Title', 'Is Free', 'Term', 'Gross Amount', 'GST', 'Nett Amount']) {
      await expect(table.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    }

    const title = uniqueTitle('LDC Mains 2026');
    await page.getByRole('button', { name: 'Add Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Subscription' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add Subscription' }).click();
    await expect(page).toHaveURL(/\/admin\/subscriptions\/editor\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;

    // The new card is in the master list straight away (the list was reloaded after the add).
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Not selected');
    await expect(row).toContainText('₹0.00 (18%)');
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/subscriptions/editor/${id}$`));

    await expect(page.getByRole('textbox', { name: 'Subscription title' })).toHaveValue(title);
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    const gross = page.getByLabel('Gross Amount', { exact: true });
    const rate = page.getByLabel('GST Rate', { exact: true });
    const gst = page.getByLabel('GST Amount', { exact: true });
    const nett = page.getByLabel('Nett Amount', { exact: true });
    await expect(rate).toHaveValue('18');
    await expect(gross).toHaveAttribute('step', '0.01');

    await gross.fill('1000');
    await expect(gst).toHaveValue('180');
    await expect(nett).toHaveValue('1180');
    await expect(save).toBeEnabled();
    await rate.fill('5');
    await expect(gst).toHaveValue('50');
    await expect(nett).toHaveValue('1050');
    await gross.fill('999.99');
    await expect(gst).toHaveValue('50');
    await expect(nett).toHaveValue('1049.99');

    // Amounts typed by hand stay as typed until saved.
    await gst.fill('52.5');
    await nett.fill('1052.49');
    await expect(gst).toHaveValue('52.5');
    await expect(nett).toHaveValue('1052.49');
    await page.getByLabel('Term', { exact: true }).selectOption({ label: '6 Months' });
    await page.getByLabel('Compare-at Price', { exact: true }).fill('1999');
    await page.getByLabel('Promo Label', { exact: true }).fill('50% off');
    await page.getByLabel('Mode', { exact: true }).selectOption({ label: 'Tag based' });
    const tags = page.getByLabel('Resource Tags', { exact: true });
    await tags.fill('ldc');
    await tags.press('Enter');
    await tags.fill('mains');
    await tags.press('Enter');
    await expect(page.getByRole('list', { name: 'Resource tags' }).getByRole('listitem')).toHaveText(['ldc', 'mains']);
    await page.screenshot({ path: '/tmp/subscription-editor.png', fullPage: true, animations: 'disabled' });

    // The server refuses a GST that is not the rate of the gross (invoices would misstate the tax),
    // and says so beside each field it names; nothing typed is lost.
    await save.click();
    const gstMessage = 'GST amount must be 50: 5% of the gross amount 999.99, to 2 decimals';
    const nettMessage = 'Nett amount must be 1,049.99 (gross amount + GST) or 1,050 (rounded to the rupee)';
    await expect(page.getByRole('alert').filter({ hasText: 'Save Failed' })).toContainText(gstMessage);
    await expect(gst).toHaveAttribute('aria-invalid', 'true');
    await expect(gst).toHaveAccessibleDescription(gstMessage);
    await expect(nett).toHaveAccessibleDescription(nettMessage);
    await expect(gst).toHaveValue('52.5');
    await expect(save).toBeEnabled();
    await page.screenshot({ path: '/tmp/subscription-refused-gst.png', fullPage: true, animations: 'disabled' });
    expect(((await (await page.request.get(`/api/admin/subscriptions/${id}`)).json()) as { grossAmount: number }).grossAmount).toBe(0);

    // Put right: GST as worked out, the nett rounded to the rupee by hand (kept as typed).
    await gst.fill('50');
    await expect(gst).toHaveAttribute('aria-invalid', 'false');
    await nett.fill('1050');
    await expect(nett).toHaveAttribute('aria-invalid', 'false');
    await save.click();
    await expect(page.getByText('Subscription saved')).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(gst).toHaveValue('50');
    await expect(nett).toHaveValue('1050');

    const stored = (await (await page.request.get(`/api/admin/subscriptions/${id}`)).json()) as Record<string, unknown>;
    expect(stored).toMatchObject({
      title,
      subscriptionTerm: '6-months',
      grossAmount: 999.99,
      gstRate: 5,
      gstAmount: 50,
      netAmount: 1050,
      compareAtPrice: 1999,
      discountRatePromoLabel: '50% off',
      mode: 'tag-based',
      resourceTags: ['ldc', 'mains'],
      isFree: false,
    });

    // The Resources tab keeps the draft's tab state and says when nothing is attached.
    await page.getByRole('link', { name: /^Resources/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/subscriptions/editor/${id}/resources$`));
    await expect(page.getByText('Data not available. Contact support.')).toBeVisible();
    await page.getByRole('link', { name: 'General' }).click();
    await expect(gst).toHaveValue('50');

    // The list shows the saved prices at once: it was reloaded after the save.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    await expect(row).toContainText('6 Months');
    await expect(row).toContainText('₹999.99');
    await expect(row).toContainText('₹50.00 (5%)');
    await expect(row).toContainText('₹1,050.00');
    await expect(row).toContainText('No');
    await page.getByRole('textbox', { name: 'Filter Title' }).fill('');
    await page.screenshot({ path: '/tmp/subscription-manager.png', fullPage: true, animations: 'disabled' });
  });

  test('asks for a title; refuses to delete a rate card while an exam and a lecture use it, then deletes it', async ({ page }) => {
    await signInAs(page, ['admin'], 'Rema Admin');
    await page.goto('/admin/subscriptions');
    await page.getByRole('button', { name: 'Add Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Subscription' });
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByRole('button', { name: 'Add Subscription' }).click();
    await expect(dialog.getByText('Please provide a subscription title')).toBeVisible();
    // The server cannot be reached: the modal says so and keeps the title.
    await page.route(/\/trpc\/[^?]*subscriptions\.create/, (route) => route.abort('connectionrefused'));
    await dialog.getByLabel('Title').fill('Degree Level Mains');
    await dialog.getByRole('button', { name: 'Add Subscription' }).click();
    await expect(dialog).toContainText('Subscription cannot be added');
    await expect(dialog).toContainText('Network error');
    await expect(dialog.getByLabel('Title')).toHaveValue('Degree Level Mains');
    await page.unrouteAll({ behavior: 'wait' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const title = uniqueTitle('Degree Level Prelims');
    const id = await addSubscriptionThroughApi(page, title);
    const examTitle = uniqueTitle('Mock Test');
    const lectureTitle = uniqueTitle('Fundamental Rights');
    const [exam] = await query<{ id: string }>(
      `insert into exams (title, template_id, exam_duration_in_minutes, publish_at, master_subscription_id)
       values ($1, 'mock-test', 75, '2026-12-01T04:30:00Z', $2) returning id`,
      [examTitle, id],
    );
    const [lecture] = await query<{ id: string }>(
      `insert into lectures (title, master_subscription_id, video_duration_in_minutes) values ($1, $2, 42) returning id`,
      [lectureTitle, id],
    );

    // An amount with more than 2 decimals is named before anything is sent.
    await page.goto(`/admin/subscriptions/editor/${id}/general`);
    await page.getByLabel('Gross Amount', { exact: true }).fill('10.005');
    await page.getByRole('button', { name: 'Save' }).click();
    const saveFailed = page.getByRole('alert').filter({ hasText: 'Save Failed' });
    await expect(saveFailed).toContainText('Gross amount takes at most 2 decimals');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(saveFailed).toHaveCount(0);
    await expect(page.getByText('Gross amount takes at most 2 decimals')).toBeVisible();
    expect(((await (await page.request.get(`/api/admin/subscriptions/${id}`)).json()) as { grossAmount: number }).grossAmount).toBe(0);

    await page.goto(`/admin/subscriptions/editor/${id}/resources`);
    await expect(page.getByRole('link', { name: 'Resources (2)' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Exams' }).getByRole('link', { name: examTitle })).toHaveAttribute('href', `/admin/exams/editor/${exam!.id}`);
    await expect(page.getByRole('table', { name: 'Lecture Videos' }).getByRole('link', { name: lectureTitle })).toHaveAttribute(
      'href',
      `/admin/videos/lectures/${lecture!.id}`,
    );
    await expect(page.getByRole('table', { name: 'Lecture Videos' })).toContainText('42 mins');
    await expect(page.getByRole('table', { name: 'Exams' })).toContainText('75 mins');
    await expect(page.getByRole('table', { name: 'Exams' })).toContainText('Dec 2026');
    await page.screenshot({ path: '/tmp/subscription-resources.png', fullPage: true, animations: 'disabled' });

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Subscription' });
    await expect(confirm).toContainText('You are about to delete this subscription. Do you want to continue?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const refused = page.getByRole('alertdialog', { name: 'Delete Failed' });
    await expect(refused).toContainText('This rate card is still used: detach it from these first');
    await expect(refused.getByRole('listitem')).toHaveText([`Lecture video: ${lectureTitle}`, `Exam: ${examTitle}`]);
    await page.screenshot({ path: '/tmp/subscription-delete-refused.png', animations: 'disabled' });
    await refused.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/subscriptions/editor/${id}/resources$`));

    await query('update exams set master_subscription_id = null where id = $1', [exam!.id]);
    await query('delete from lectures where id = $1', [lecture!.id]);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Subscription' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Delete successful')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/subscriptions$/);
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    // Gone from the list: the filter matches nothing (or, run alone, there is nothing at all).
    await expect(page.getByRole('table', { name: 'Subscriptions' })).toContainText(/No rows match the filters|No subscriptions yet/);
    await expect(page.getByRole('table', { name: 'Subscriptions' }).getByRole('row').filter({ hasText: title })).toHaveCount(0);
  });

  test("says 'Fetching subscrptions failed' when the list cannot load and 'Fetching data failed' for an unknown rate card", async ({ page }) => {
    await signInAs(page, ['admin'], 'Rema Admin');
    await page.route(/\/trpc\/[^?]*subscriptions\.list/, (route) => route.abort('connectionrefused'));
    await page.goto('/admin/subscriptions');
    const listFailure = page.getByRole('alert').filter({ hasText: 'Fetching subscrptions failed' });
    await expect(listFailure).toContainText('Network error', { timeout: 30_000 });
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(listFailure).toBeHidden();

    await page.goto('/admin/subscriptions/editor/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert').filter({ hasText: 'Fetching data failed' })).toContainText('Subscription not found');
  });

  test('is not offered to staff, who still see it is not for their role', async ({ page }) => {
    await signInAs(page, ['staff'], 'Suma Staff');
    await page.goto('/admin/subscriptions');
    await expect(page.getByRole('heading', { name: 'This screen is not available to your role' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Subscriptions' })).toHaveCount(0);
  });
});
