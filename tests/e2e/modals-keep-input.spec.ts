import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

/** A ten-digit number no other test uses. */
const uniquePhone = () => `9${String(Date.now()).slice(-9)}`;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

/** The next call to a tRPC procedure never reaches the server, as when the connection drops. */
async function dropNextCall(page: Page, procedure: string): Promise<void> {
  let dropped = false;
  await page.route(`**/trpc/${procedure}**`, async (route) => {
    if (dropped || route.request().method() !== 'POST') return route.fallback();
    dropped = true;
    await route.abort('internetdisconnected');
  });
}

test.describe('a modal form keeps what was typed until a save succeeds', () => {
  test('special student: a refusal and a network failure are told inside the form; then it saves', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Modal Students Admin'));
    const phone = uniquePhone();
    expect((await page.request.post('/api/admin/lakshya-students', { data: { value: { name: 'Taken', phoneNumber: phone } } })).status()).toBe(200);
    await page.goto('/admin/lakshya/students');
    await page.getByRole('button', { name: 'Add/Upload Student Data' }).click();
    await page.getByRole('dialog', { name: 'Add/Upload Student Data' }).getByRole('button', { name: 'Add one student' }).click();
    const modal = page.getByRole('dialog', { name: 'New Student' });
    await modal.getByLabel('Name').fill('Anjali Nair');
    await modal.getByLabel('Phone number').fill(phone);
    await modal.getByLabel('Expiry date').fill('2027-03-31');

    await modal.getByRole('button', { name: 'Save' }).click();
    const refused = modal.getByRole('alert').filter({ hasText: 'Warnings!' });
    await expect(refused).toContainText('Process failed, you may need to resolve below warnings before retrying');
    await expect(refused).toContainText(`${phone} is already on the list`);
    await expect(modal.getByLabel('Name')).toHaveValue('Anjali Nair');
    await expect(modal.getByLabel('Phone number')).toHaveValue(phone);
    await expect(modal.getByLabel('Expiry date')).toHaveValue('2027-03-31');
    await snap(page, 'student-modal-refused');

    const free = uniquePhone();
    await modal.getByLabel('Phone number').fill(free);
    await dropNextCall(page, 'lakshyaStudents.create');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByRole('alert').filter({ hasText: 'Warnings!' })).toContainText('Network error');
    await expect(modal.getByLabel('Name')).toHaveValue('Anjali Nair');
    await expect(modal.getByLabel('Phone number')).toHaveValue(free);

    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Filter Phone Number' }).fill(free);
    await expect(page.getByRole('table', { name: 'Special students' })).toContainText('Anjali Nair');
  });

  test('coupon: a code taken and a network failure keep the form; then it is created', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Modal Coupon Admin'));
    const taken = uniqueCode('ONAM');
    expect((await page.request.post('/v2/coupons', { data: { code: taken, discountType: 'rate', value: 5 } })).status()).toBe(200);
    await page.goto('/admin/coupons');
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const modal = page.getByRole('dialog', { name: 'New Coupon' });
    await modal.getByLabel('Coupon Code').fill(taken);
    await modal.getByLabel('Value').fill('12');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal.getByText(/is already used/)).toBeVisible();
    await expect(modal.getByLabel('Value')).toHaveValue('12');

    const code = uniqueCode('VISHU');
    await modal.getByLabel('Coupon Code').fill(code);
    await dropNextCall(page, 'coupons.create');
    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal.getByRole('alert')).toContainText('Network error');
    await expect(modal.getByLabel('Coupon Code')).toHaveValue(code);
    await expect(modal.getByLabel('Value')).toHaveValue('12');

    await modal.getByRole('button', { name: 'Create Coupon' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(1);
  });

  test('create exam: a network failure keeps the title and template; then the exam is created', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Modal Exam Admin'));
    await page.goto('/admin/exams');
    await page.getByRole('button', { name: 'Create Exam' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Exam' });
    const title = `Secretariat assistant ${Date.now().toString(36)}`;
    await modal.getByLabel('Title').fill(title);
    await modal.getByLabel('Template').selectOption({ label: 'Mock Tests' });
    await dropNextCall(page, 'exams.create');
    await modal.getByRole('button', { name: 'Create Exam' }).click();
    await expect(modal.getByRole('alert')).toContainText('Network error');
    await expect(modal.getByLabel('Title')).toHaveValue(title);
    await expect(modal.getByLabel('Template')).toHaveValue('mock-test');
    await modal.getByRole('button', { name: 'Create Exam' }).click();
    await expect(page).toHaveURL(/\/admin\/exams\/editor\/[0-9a-f-]{36}\/general$/);
    await expect(page.getByRole('textbox', { name: 'Exam title' })).toHaveValue(title);
  });
});
