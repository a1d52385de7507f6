import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';
import { BUSY_ANSWER } from './support/answers.ts';
import { courseForSale } from './support/commerce.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** A 10-digit mobile number no other test uses. */
const mobile = () => `8${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
const shots = (name: string) => `/tmp/o-shots/${name}.png`;

/** The page itself does not scroll sideways (a wide table may scroll inside its own box). */
const pageFitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('orders: picking by title, deleted orders, phones', () => {
  test('a manual order picks its course by title (typed in the picker), the review names it, and a refusal keeps what was picked', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Picker Admin'));
    const suffix = unique();
    const title = `Police Constable ${suffix}`;
    const courseId = await courseForSale(title);
    // Another course with a like title, to be told apart by the search.
    await courseForSale(`Police Constable Mains ${suffix}`);
    const phone = mobile();
    await createStudent({ name: 'Picked Student', phone });

    await page.goto('/admin/orders');
    await page.getByRole('button', { name: 'Create Manual Order' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Order' });
    await expect(modal.getByRole('textbox', { name: 'Resource ID' })).toHaveCount(0);
    await modal.getByLabel('Phone number').fill(phone);
    await modal.getByRole('button', { name: 'Choose course' }).click();
    const picker = page.getByRole('dialog', { name: 'Select a course' });
    await picker.getByRole('textbox', { name: 'Search courses by title' }).fill(`constable ${suffix}`);
    const list = picker.getByRole('list', { name: 'Courses to choose from' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await picker.getByRole('textbox', { name: 'Search courses by title' }).fill(`${suffix} mains`);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await picker.getByRole('textbox', { name: 'Search courses by title' }).fill(title);
    // A click on the row's title ticks it, as the box does; Enter on the box toggles it as Space does.
    const box = picker.getByRole('checkbox', { name: `Select ${title}`, exact: true });
    await list.getByText(title, { exact: true }).click();
    await expect(box).toBeChecked();
    await box.press('Enter');
    await expect(box).not.toBeChecked();
    await box.press('Enter');
    await expect(box).toBeChecked();
    await page.screenshot({ path: shots('manual-order-picker'), animations: 'disabled' });
    await picker.getByRole('button', { name: 'Select 1 item(s)' }).click();
    await expect(picker).toBeHidden();
    await expect(modal.getByRole('status', { name: 'Course' })).toHaveText(title);

    // The server refuses a bad amount: the form keeps the course picked.
    await modal.getByLabel('Subscription term').selectOption('3-months');
    await modal.getByLabel('Amount (INR)').fill('-5');
    await modal.getByRole('button', { name: 'Create Order' }).click();
    await expect(modal.getByText('Order cannot be created')).toBeVisible();
    await expect(modal.getByText('The amount is a number of rupees from 0, with at most 2 decimals')).toBeVisible();
    await expect(modal.getByRole('status', { name: 'Course' })).toHaveText(title);
    // And a phone number no student has.
    const nobody = mobile();
    await modal.getByLabel('Amount (INR)').fill('500');
    await modal.getByLabel('Phone number').fill(nobody);
    await modal.getByRole('button', { name: 'Create Order' }).click();
    await expect(modal.getByText(`No student has the phone number ${nobody}`)).toBeVisible();
    await expect(modal.getByRole('status', { name: 'Course' })).toHaveText(title);
    await page.screenshot({ path: shots('manual-order-refused'), animations: 'disabled' });

    await modal.getByLabel('Phone number').fill(phone);
    await modal.getByRole('button', { name: 'Create Order' }).click();
    const review = page.getByRole('dialog', { name: 'Review & Confirm' });
    await expect(review.getByRole('term').filter({ hasText: 'Course' })).toBeVisible();
    await expect(review.getByRole('definition').filter({ hasText: title })).toBeVisible();
    await expect(review.getByText(courseId)).toHaveCount(0);
    await review.getByRole('button', { name: 'Confirm' }).click();
    await expect(review).toBeHidden();
    const firstRow = page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1);
    await expect(firstRow).toContainText(title);
    await expect(firstRow).toContainText('INR 500');
  });

  test('the Deleted filter lists a deleted order with who deleted it and when, and opens its invoice and credit note; a failed load says so and can be tried again', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const deleter = `Deleting Admin ${unique()}`;
    await signInThroughApi(page, await createConsoleUser(['admin'], deleter));
    const title = `Forest Guard ${unique()}`;
    const courseId = await courseForSale(title);
    const phone = mobile();
    await createStudent({ name: 'Deleted Order Student', phone });
    const created = await page.request.post(
      `/api/order/manual?${new URLSearchParams({ phoneNumber: phone, resourceId: courseId, resourceType: 'course', term: '1-month', amount: '1180' })}`,
    );
    expect(created.status(), await created.text()).toBe(200);
    const orderId = (await created.json())._id as string;
    expect((await page.request.delete(`/api/order/${orderId}`)).status()).toBe(200);
    const [stored] = await query<{ deleted_at: Date }>('select deleted_at from orders where id = $1', [orderId]);
    const deletedOn = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' }).format(stored!.deleted_at);

    await page.goto('/admin/orders');
    await page.getByRole('textbox', { name: 'Search orders' }).fill(phone);
    await expect(page.getByRole('table', { name: 'Orders' }).getByText('No orders match')).toBeVisible();

    // Deleted orders cannot be loaded for a while (retries included); Try again then loads them.
    await page.route(/\/trpc\/[^?]*orders\.deleted/, (route) => route.fulfill(BUSY_ANSWER));
    await page.getByRole('combobox', { name: 'Show' }).selectOption('deleted');
    await expect(page.getByRole('heading', { name: 'Orders (Deleted)' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Fetching data failed' })).toBeVisible();
    await page.unroute(/\/trpc\/[^?]*orders\.deleted/);
    await page.getByRole('button', { name: 'Try again' }).click();

    const row = page.getByRole('table', { name: 'Deleted orders' }).getByRole('row').filter({ hasText: phone });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(deleter);
    await expect(row).toContainText(deletedOn);
    await expect(row).toContainText(title);
    await expect(row).toContainText('Manual (admin)');
    await expect(page.getByRole('alert').filter({ hasText: 'Fetching data failed' })).toHaveCount(0);
    await page.screenshot({ path: shots('orders-deleted-1440'), fullPage: true, animations: 'disabled' });
    await snap(page, 'orders-deleted');

    const creditNote = row.getByRole('link', { name: 'Credit note of the deleted order of Deleted Order Student' });
    await expect(creditNote).toHaveAttribute('target', '_blank');
    const [opened] = await Promise.all([page.context().waitForEvent('page'), creditNote.click()]);
    const pdf = await page.request.get(opened.url());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(opened.url()).toContain(`/api/admin/orders/${orderId}/credit-note`);
    await opened.close();
    const invoice = await page.request.get(
      (await row.getByRole('link', { name: 'Invoice of the deleted order of Deleted Order Student' }).getAttribute('href'))!,
    );
    expect(invoice.headers()['content-type']).toBe('application/pdf');
  });

  test('on a phone (390 × 844) the Orders screen does not scroll sideways and its buttons are whole, in both lists and in the picker', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Phone Orders Admin'));
    const title = `Last Grade Servants with a rather long course title ${unique()}`;
    const courseId = await courseForSale(title);
    const phone = mobile();
    await createStudent({ name: 'Phone Student', phone });
    const created = await page.request.post(
      `/api/order/manual?${new URLSearchParams({ phoneNumber: phone, resourceId: courseId, resourceType: 'course', term: '1-month', amount: '10' })}`,
    );
    expect(created.status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/orders');
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Orders' }).getByText('Loading orders')).toHaveCount(0);
    const insideWidth = async (name: string | RegExp, role: 'button' | 'combobox' | 'textbox' = 'button') => {
      const box = await page.getByRole(role, { name }).first().boundingBox();
      expect(box, String(name)).not.toBeNull();
      expect(box!.x, String(name)).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, String(name)).toBeLessThanOrEqual(390);
    };
    expect(await pageFitsWidth(page)).toBe(true);
    await insideWidth('Create Manual Order');
    await insideWidth('Search orders', 'textbox');
    for (const name of ['Show', 'Mode', 'Resource type']) await insideWidth(name, 'combobox');
    await insideWidth('Next page');
    await page.screenshot({ path: shots('orders-390'), fullPage: true, animations: 'disabled' });

    await page.getByRole('combobox', { name: 'Show' }).selectOption('deleted');
    await expect(page.getByRole('heading', { name: 'Orders (Deleted)' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Deleted orders' }).getByText('Loading deleted orders')).toHaveCount(0);
    expect(await pageFitsWidth(page)).toBe(true);
    await page.screenshot({ path: shots('orders-deleted-390'), fullPage: true, animations: 'disabled' });

    await page.getByRole('button', { name: 'Create Manual Order' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Order' });
    await modal.getByRole('button', { name: 'Choose course' }).click();
    const picker = page.getByRole('dialog', { name: 'Select a course' });
    await picker.getByRole('textbox', { name: 'Search courses by title' }).fill(title);
    await expect(picker.getByRole('checkbox', { name: `Select ${title}` })).toBeVisible();
    for (const name of ['Cancel', 'Next page']) {
      const box = await picker.getByRole('button', { name }).boundingBox();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    expect(await pageFitsWidth(page)).toBe(true);
    await page.screenshot({ path: shots('manual-order-picker-390'), animations: 'disabled' });
  });
});
