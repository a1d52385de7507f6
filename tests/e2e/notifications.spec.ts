import { expect, test, type Browser } from '@playwright/test';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';
import { pushStandIn } from './support/push.ts';

const mobile = () => `9${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** A student whose phone allowed notifications: a subscription at the stand-in, registered through REST. */
async function subscribedStudent(browser: Browser, phone: string) {
  const page = await (await browser.newContext()).newPage();
  await signInThroughApi(page, await createStudent({ name: 'Push Student', phone }));
  const subscription = await pushStandIn<{ endpoint: string }>('/__standin/subscribe');
  expect((await page.request.post('/api/student/push-subscriptions', { data: subscription })).status()).toBe(200);
  return { page, subscription };
}

test.describe('push notification composer', () => {
  test('sends from the exam editor to a group: confirmation, Sending..., Process Complete, and the stand-in receives it', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Composer Admin'));
    const phone = mobile();
    const student = await subscribedStudent(browser, phone);
    // Only a verified number makes the account a special student.
    await query('update users set phone_verified_at = now() where phone_number = $1', [phone]);
    expect((await page.request.post('/api/admin/lakshya-students', { data: { value: { name: 'Push Student', phoneNumber: phone } } })).status()).toBe(200);
    const [exam] = await query<{ id: string }>(`insert into exams (title, template_id) values ($1, 'mock-test') returning id`, [`Mock for push ${Date.now()}`]);

    await page.goto(`/admin/exams/editor/${exam!.id}`);
    await page.getByRole('button', { name: 'Send notification' }).click();
    const composer = page.getByRole('dialog', { name: 'Compose Message' });
    await expect(composer.getByText('open_exam')).toBeVisible();
    await expect(composer.getByText(exam!.id)).toBeVisible();
    await expect(composer.getByRole('radio', { name: 'Specific User' })).toBeChecked();
    await composer.getByRole('radio', { name: 'Group' }).check();
    await expect(composer.getByRole('checkbox', { name: 'Lakshya students' })).toBeChecked();
    await expect(composer.getByRole('checkbox', { name: 'Purchased users' })).toBeChecked();
    await composer.getByRole('checkbox', { name: 'Purchased users' }).uncheck();
    const title = `Mock 12 tonight ${Date.now()}`;
    await composer.getByLabel(/^Title/).fill(title);
    await composer.getByLabel(/^Body/).fill('Opens at 7 pm. All the best!');
    await expect(composer.getByLabel(/^Title/)).toHaveAttribute('maxlength', '100');
    await expect(composer.getByLabel(/^Body/)).toHaveAttribute('maxlength', '255');
    await snap(page, 'composer');
    await composer.getByRole('button', { name: 'Send Now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Publish Confirmation' });
    await expect(confirm.getByText('You cannot undo this action. Do you really want to publish this push notification now?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Process Complete' }).getByText('Notification sent successfully')).toBeVisible();
    await expect
      .poll(async () =>
        (await pushStandIn<Array<{ subscription: string; payload: { title: string } }>>('/__standin/received'))
          .filter((push) => push.payload.title === title)
          .map((push) => push.subscription),
      )
      .toEqual([student.subscription.endpoint.split('/').at(-1)]);
  });

  test('shows why a send failed inside the modal, and keeps what was typed', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Composer Admin 2'));
    const [exam] = await query<{ id: string }>(`insert into exams (title, template_id) values ($1, 'mock-test') returning id`, [`Mock failure ${Date.now()}`]);
    await page.goto(`/admin/exams/editor/${exam!.id}`);
    await page.getByRole('button', { name: 'Send notification' }).click();
    const composer = page.getByRole('dialog', { name: 'Compose Message' });
    // The title starts as the exam's; emptied, Send Now asks for one.
    await expect(composer.getByLabel(/^Title/)).toHaveValue(/^Mock failure/);
    await composer.getByLabel(/^Title/).fill('');
    await composer.getByRole('button', { name: 'Send Now' }).click();
    await expect(composer.getByText('Please provide a title')).toBeVisible();
    await composer.getByLabel(/^Title/).fill('To nobody');
    await composer.getByLabel(/^Body/).fill('Hello');
    const nobody = mobile();
    await composer.getByLabel('Phone number').fill(nobody);
    await composer.getByRole('button', { name: 'Send Now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Publish Confirmation' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm.getByText('Failed')).toBeVisible();
    await expect(confirm.getByText(`No account has the phone number ${nobody}`)).toBeVisible();
    await snap(page, 'composer-failed');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(composer.getByLabel(/^Title/)).toHaveValue('To nobody');
  });

  test('flags a filled-in title over 100 characters before Send Now, and sends once it is shortened', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Composer Admin 3'));
    const longTitle = `Mock long ${Date.now()} ${'x'.repeat(110)}`;
    const [exam] = await query<{ id: string }>(`insert into exams (title, template_id) values ($1, 'mock-test') returning id`, [longTitle]);
    await page.goto(`/admin/exams/editor/${exam!.id}`);
    await page.getByRole('button', { name: 'Send notification' }).click();
    const composer = page.getByRole('dialog', { name: 'Compose Message' });
    const title = composer.getByLabel(/^Title/);
    await expect(title).toHaveValue(longTitle);
    // Flagged as soon as it opens: the field names the limit, and Send Now waits for a shorter title.
    await expect(composer.getByText('The title can be at most 100 characters long')).toBeVisible();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(composer.getByText(`Title (${longTitle.length}/100)`)).toBeVisible();
    await expect(composer.getByRole('button', { name: 'Send Now' })).toBeDisabled();
    await snap(page, 'composer-title-too-long');
    await title.fill(longTitle.slice(0, 100));
    await expect(composer.getByText('The title can be at most 100 characters long')).toHaveCount(0);
    await composer.getByLabel(/^Body/).fill('Hello');
    await composer.getByRole('button', { name: 'Send Now' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Publish Confirmation' })).toBeVisible();
  });

  test('is not offered to a manager, and waits for unsaved changes to be saved', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['manager'], 'Composer Manager'));
    const [exam] = await query<{ id: string }>(`insert into exams (title, template_id) values ($1, 'mock-test') returning id`, [`Mock manager ${Date.now()}`]);
    await page.goto(`/admin/exams/editor/${exam!.id}`);
    await expect(page.getByRole('textbox', { name: 'Exam title' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send notification' })).toHaveCount(0);
  });
});
