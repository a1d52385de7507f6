import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '../../shared/auth/accounts.schema.ts';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import { createConsoleUser, createStudent, query, signInThroughApi, signInWithForm, uniqueEmail } from './support/helpers.ts';
import { createLecture, snap } from './support/media.ts';

/** Screens at a desktop's and a phone's size, when screenshots are asked for. */
async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS_DIR) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

/** The invitation link in the newest invitation mail to `email` (no SMTP in these tests: it waits in the outbox). */
async function invitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const [row] = await query<{ body: string | null }>(
        `select body from outbound_messages where recipient = $1 and purpose = 'staff-invite' and status = 'outbox' order by created_at desc limit 1`,
        [email],
      );
      link = row?.body?.match(/https?:\/\/\S+\/auth\/invite#[A-Za-z0-9_-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** Finds an account in All Users by its e-mail address and opens its sheet. */
async function openAccount(page: Page, email: string, name: string) {
  await page.goto('/admin/users');
  await page.getByRole('textbox', { name: 'Search users' }).fill(email);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Open ${name}` }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet.getByRole('heading', { name: 'Roles and access' })).toBeVisible();
  return sheet;
}

test.describe('people and roles', () => {
  test('an administrator invites a staff member, who sets a password from the mailed link and signs in; given the Educator role, they can author comments', async ({
    page,
    browser,
  }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Invite Admin'));
    const email = uniqueEmail('invited');
    const name = `Lakshmi ${Date.now().toString(36)}`;
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Invite Staff' }).click();
    const modal = page.getByRole('dialog', { name: 'Invite Staff' });
    await modal.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(modal.getByText('Full Name is Required')).toBeVisible();
    await modal.getByLabel('Name').fill(name);
    await modal.getByLabel('Email Address').fill(email);
    await expect(modal.getByLabel(/^Staff/)).toBeChecked();
    await shoot(page, 'users-invite');
    await modal.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('textbox', { name: 'Search users' }).fill(email);
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: name })).toContainText('Invitation pending');

    // Inviting the same address again is refused, naming what to do.
    await page.getByRole('button', { name: 'Invite Staff' }).click();
    await modal.getByLabel('Name').fill(name);
    await modal.getByLabel('Email Address').fill(email);
    await modal.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(modal.getByRole('alert').filter({ hasText: 'Invitation Failed' })).toContainText(ACCOUNT_MESSAGES.invitePending(email));
    await modal.getByRole('button', { name: 'Cancel' }).click();

    const link = await invitationLink(email);
    const invited = await (await browser.newContext()).newPage();
    await invited.goto(link);
    await expect(invited.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect(invited.getByText(email)).toBeVisible();
    await shoot(invited, 'invite-accept');
    await invited.getByLabel('New Password').fill('lakshmi-pass-1');
    await invited.getByLabel('Confirm Password').fill('lakshmi-pass-1');
    await invited.getByRole('button', { name: 'Set Password' }).click();
    await expect(invited.getByRole('heading', { name: 'Password set' })).toBeVisible();
    await invited.getByRole('link', { name: 'Sign In' }).click();
    await signInWithForm(invited, { email, password: 'lakshmi-pass-1' });
    await expect(invited).toHaveURL(/\/admin\/dashboard$/);
    // The link worked once.
    await invited.goto(link);
    await expect(invited.getByRole('alert').filter({ hasText: 'Invitation Not Valid' })).toContainText(ACCOUNT_MESSAGES.inviteUsed);

    // Give the Educator role; the comment modal lists them as an author.
    const sheet = await openAccount(page, email, name);
    await expect(sheet.getByText('Active', { exact: true })).toBeVisible();
    await sheet.getByLabel(/^Educator/).check();
    await sheet.getByRole('button', { name: 'Save Roles' }).click();
    await expect(sheet.getByRole('button', { name: 'Save Roles' })).toBeDisabled();
    await expect(sheet.getByText('Staff, Educator')).toBeVisible();
    await shoot(page, 'users-account-sheet');
    await page.keyboard.press('Escape');

    const lectureId = await createLecture(page, `Panchayati Raj ${Date.now().toString(36)}`);
    await page.goto(`/admin/videos/lectures/${lectureId}/discussions`);
    await page.getByRole('button', { name: 'New Comment' }).click();
    const comment = page.getByRole('dialog', { name: 'New Comment' });
    await expect(comment.getByLabel('Author').getByRole('option', { name })).toHaveCount(1);
  });

  test('the comment modal says where educators come from when there are none', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Educatorless Admin'));
    const lectureId = await createLecture(page, `Fundamental rights ${Date.now().toString(36)}`);
    // As on a fresh install: no account holds the Educator role (the educators' answer in each batch is emptied).
    await page.route(/\/trpc\/[^?]*lectures\.educators/, async (route) => {
      const response = await route.fetch();
      const procedures = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, '')).split(',');
      const answers = (await response.json()) as unknown[];
      answers[procedures.indexOf('lectures.educators')] = { result: { data: [] } };
      await route.fulfill({ response, json: answers });
    });
    await page.goto(`/admin/videos/lectures/${lectureId}/discussions`);
    await page.getByRole('button', { name: 'New Comment' }).click();
    await expect(
      page.getByRole('dialog', { name: 'New Comment' }).getByText('No educators yet: an administrator gives the Educator role in Users'),
    ).toBeVisible();
  });

  test('disabling an account ends its open session at once and refuses its sign-in', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Disabling Admin'));
    const name = `Leaving ${Date.now().toString(36)}`;
    const staff = await createConsoleUser(['staff'], name);
    const staffPage = await (await browser.newContext()).newPage();
    await signInThroughApi(staffPage, staff);
    await staffPage.goto('/admin/videos');
    await expect(staffPage.getByRole('navigation', { name: 'Console' })).toBeVisible();

    const sheet = await openAccount(page, staff.email, name);
    await sheet.getByRole('button', { name: 'Disable Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable Account' });
    await expect(confirm).toContainText('signed out everywhere at once');
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(sheet.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Enable Account' })).toBeVisible();

    await staffPage.reload();
    await expect(staffPage).toHaveURL(/\/auth\/login/);
    await signInWithForm(staffPage, staff);
    await expect(staffPage.getByRole('alert')).toContainText(MESSAGES.accountDisabled);
  });

  test('taking the Administrator role from the last enabled administrator shows why it was refused, and changes nothing', async ({ page }) => {
    const name = `Only Admin ${Date.now().toString(36)}`;
    const admin = await createConsoleUser(['admin'], name);
    await signInThroughApi(page, admin);
    // For this test only, every other administrator is disabled (the tests run one at a time).
    const others = await query<{ id: string }>(
      `update users set disabled_at = now() where 'admin' = any(roles) and disabled_at is null and email_address <> $1 returning id`,
      [admin.email.toLowerCase()],
    );
    try {
      const sheet = await openAccount(page, admin.email, name);
      await sheet.getByLabel(/^Administrator/).uncheck();
      await sheet.getByRole('button', { name: 'Save Roles' }).click();
      await expect(sheet.getByRole('alert').filter({ hasText: 'Saving Roles Failed' })).toContainText(ACCOUNT_MESSAGES.lastAdministrator);
      await shoot(page, 'users-last-administrator');
      await sheet.getByRole('button', { name: 'Reload' }).click();
      await expect(sheet.getByLabel(/^Administrator/)).toBeChecked();
      // Nor can an administrator disable themself: the sheet does not offer it.
      await expect(sheet.getByRole('button', { name: 'Disable Account' })).toHaveCount(0);
    } finally {
      await query(`update users set disabled_at = null where id = any($1::uuid[])`, [others.map((row) => row.id)]);
    }
    const [row] = await query<{ roles: string[] }>('select roles from users where email_address = $1', [admin.email.toLowerCase()]);
    expect(row!.roles).toEqual(['admin']);
  });

  test('a change made from an older copy (another tab) is refused with Reload, not written over the newer one', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Two Tabs Admin'));
    const name = `Two Tabs ${Date.now().toString(36)}`;
    const staff = await createConsoleUser(['staff'], name);
    const sheet = await openAccount(page, staff.email, name);
    // Meanwhile, in another tab, the account becomes Marketing.
    const [account] = await query<{ id: string; access_version: number }>('select id, access_version from users where email_address = $1', [
      staff.email.toLowerCase(),
    ]);
    const other = await page.request.put(`/api/admin/users/${account!.id}/roles`, { data: { roles: ['marketing'], version: account!.access_version } });
    expect(other.status(), await other.text()).toBe(200);

    await sheet.getByLabel(/^Educator/).check();
    await sheet.getByRole('button', { name: 'Save Roles' }).click();
    await expect(sheet.getByRole('alert').filter({ hasText: 'Saving Roles Failed' })).toContainText(ACCOUNT_MESSAGES.stale(name));
    await sheet.getByRole('button', { name: 'Reload' }).click();
    await expect(sheet.getByLabel(/^Marketing/)).toBeChecked();
    await expect(sheet.getByLabel(/^Educator/)).not.toBeChecked();
    await expect(sheet.getByLabel(/^Staff/)).not.toBeChecked();
  });

  test("a student's sheet shows their grants with source and expiry, their orders, and lakshya-student status", async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Holdings Admin'));
    const tag = Date.now().toString(36);
    const phone = `9${String(Date.now()).slice(-9)}`;
    const name = `Gopika ${tag}`;
    const student = await createStudent({ name, phone });
    await query('update users set phone_verified_at = now() where email_address = $1', [student.email.toLowerCase()]);
    await query(`insert into lakshya_students (name, phone_number, expiry_date) values ($1, $2, '2099-03-31')`, [name, phone]);
    const [card] = await query<{ id: string }>(
      `insert into subscriptions (title, gross_amount, gst_rate, gst_amount, net_amount) values ($1, 1000, 18, 180, 1180) returning id`,
      [`KAS Mains ${tag}`],
    );
    const [order] = await query<{ id: string }>(
      `insert into orders (user_id, subscription_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, mode, status, created_by)
       select id, $2, $3, '12-months', 365, 100000, 18, 18000, 118000, 'manual', 'paid', 'admin' from users where email_address = $1 returning id`,
      [student.email.toLowerCase(), card!.id, `KAS Mains ${tag} 12 months`],
    );
    // A deleted order of the same card, which the Completed list must leave out.
    const [other] = await query<{ id: string }>(
      `insert into orders (user_id, subscription_id, title, subscription_term, term_days, gross_paise, gst_rate, gst_paise, net_paise, mode, status, created_by, deleted_at)
       select id, $2, $3, '6-months', 180, 50000, 18, 9000, 59000, 'manual', 'deleted', 'admin', now() from users where email_address = $1 returning id`,
      [student.email.toLowerCase(), card!.id, `KAS Mains ${tag} 6 months`],
    );
    await query(
      `insert into entitlements (user_id, subscription_id, source, order_id, expires_at)
       select id, $2, 'order', $3, now() + interval '365 days' from users where email_address = $1`,
      [student.email.toLowerCase(), card!.id, order!.id],
    );

    const sheet = await openAccount(page, student.email, name);
    await expect(sheet.getByText('Special student until 31 Mar 2099')).toBeVisible();
    const grants = sheet.getByRole('table', { name: 'Grants' });
    const grant = grants.getByRole('row').filter({ hasText: `KAS Mains ${tag}` });
    await expect(grant).toContainText('Manual order (by staff)');
    await expect(grant).toContainText('Active');
    const orders = sheet.getByRole('table', { name: 'Orders of this account' });
    await expect(orders.getByRole('row').filter({ hasText: `KAS Mains ${tag} 12 months` })).toContainText('₹1,180.00');
    await shoot(page, 'users-student-holdings');

    // Each order opens the Orders screen filtered to it: a deleted one in the Deleted list.
    await expect(orders.getByRole('link', { name: `KAS Mains ${tag} 6 months` })).toHaveAttribute('href', `/admin/orders?search=${other!.id}&show=deleted`);
    await orders.getByRole('link', { name: `KAS Mains ${tag} 12 months` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?search=${order!.id}$`));
    await expect(page.getByRole('heading', { name: 'Orders (Completed)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Search orders' })).toHaveValue(order!.id);
    const listed = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: name });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(`KAS Mains ${tag}`);
    await page.goto(`/admin/orders?search=${other!.id}&show=deleted`);
    await expect(page.getByRole('heading', { name: 'Orders (Deleted)' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Deleted orders' }).getByRole('row').filter({ hasText: name })).toHaveCount(1);
  });
});
