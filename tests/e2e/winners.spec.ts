import { expect, test } from '@playwright/test';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';

// A real 1×1 PNG: the server checks the content, not the name.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.describe('winner announcements', () => {
  test('a winner drafted from the users list, published, activated, confirmed by the student through REST, and the alert opened', async ({ page, browser }) => {
    const tag = Date.now().toString(36);
    const name = `Devika ${tag}`;
    const student = await createStudent({ name, phone: `98${String(Date.now()).slice(-8)}` });
    await query('delete from active_winner_announcement');
    await query('update admin_alerts set read_at = now() where read_at is null');
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Winners Admin'));

    // All users: Draft Winner Announcement, Yes, then the editor.
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(name);
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Draft Winner Announcement' }).click();
    const confirmDraft = page.getByRole('alertdialog', { name: 'Draft Winner Announcement' });
    await expect(confirmDraft).toContainText(name);
    await confirmDraft.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/admin\/winners\/editor\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;

    // The editor: the student read-only, the day's messages, hidden until published.
    await expect(page.getByLabel('Winner name')).toHaveValue(name);
    await expect(page.getByLabel('Claim Message')).toHaveValue("You are today's winner");
    await expect(page.getByLabel('Title Message')).toHaveValue("Today's Winner");
    await expect(page.getByText('Not Published')).toBeVisible();
    await expect(page.getByText('Not visible even to candidate')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('switch', { name: 'Visible' }).click();
    await expect(page.getByText('Published for candidate action')).toBeVisible();
    await page.getByRole('switch', { name: 'Public' }).click();
    await page.getByLabel('Prize Amount (INR)').fill('1500');
    await page.getByLabel('Total Participants').fill('340');
    await page.getByRole('button', { name: 'Save' }).click();
    // Visible without a photo: offline, with the warning.
    await expect(page.getByText('Item Offline!')).toBeVisible();
    await expect(page.getByText('No photo')).toBeVisible();
    await page.getByLabel('Upload photo').setInputFiles({ name: 'devika.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByText('Item Offline!')).toHaveCount(0);
    await snap(page, 'winner-editor');

    // The listing: activate it; the Active Announcement card shows it, asking the student for action.
    await page.getByRole('link', { name: /back/i }).first().click();
    await expect(page).toHaveURL(/\/admin\/winners$/);
    const listed = page.getByRole('table', { name: 'Winner announcements' }).getByRole('row').filter({ hasText: name });
    await listed.getByRole('button', { name: 'Activate' }).click();
    const activate = page.getByRole('alertdialog', { name: 'Activate Announcement' });
    await expect(activate).toContainText('Do you want to activate this announcement?');
    await activate.getByRole('button', { name: 'Yes, Activate' }).click();
    const activeCard = page.getByRole('table', { name: 'Active Announcement' });
    await expect(activeCard).toContainText(name);
    await expect(activeCard).toContainText('Yes');
    await expect(activeCard).toContainText('₹1,500');
    await snap(page, 'winners');

    // The student: sees it, confirms with a UPI id (a wrong one first).
    const studentPage = await (await browser.newContext()).newPage();
    await signInThroughApi(studentPage, student);
    const day = (await (await studentPage.request.get('/api/student/winners/active')).json()) as { winner: { _id: string } | null };
    expect(day.winner?._id).toBe(id);
    const wrong = await studentPage.request.post(`/api/student/winners/${id}/confirm`, { data: { beneficiaryName: name, googlePayOrUPI: 'devika' } });
    expect(wrong.status()).toBe(400);
    const confirmed = await studentPage.request.post(`/api/student/winners/${id}/confirm`, {
      data: { beneficiaryName: name, googlePayOrUPI: 'devika.m@okaxis' },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await studentPage.context().close();

    // The alert: counted in the side bar, its View opens the editor with the payout details.
    await page.reload();
    const alertsLink = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: /^Notifications/ });
    await expect(alertsLink).toContainText('1');
    await alertsLink.click();
    const alert = page
      .getByRole('table', { name: 'Alerts' })
      .getByRole('row')
      .filter({ hasText: `${name} confirmed the winner announcement` });
    await expect(alert).toContainText('gave the payout details');
    // Every console role reads alerts: the UPI id is only in the announcement.
    await expect(alert).not.toContainText('okaxis');
    await expect(alert.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/admin/winners/editor/${id}`);
    // View opens the editor in a new tab.
    const [editorTab] = await Promise.all([page.waitForEvent('popup'), alert.getByRole('link', { name: 'View' }).click()]);
    await expect(editorTab).toHaveURL(new RegExp(`/admin/winners/editor/${id}$`));
    await expect(editorTab.getByLabel('Google Pay / UPI ID')).toHaveValue('devika.m@okaxis');
    await expect(editorTab.getByText('The student approved the listing')).toBeVisible();
  });

  test('a very long name, and a meeting link of 1,500 characters, stay inside their tables with every button in reach', async ({ page }) => {
    const tag = Date.now().toString(36);
    const student = await createStudent({ name: `Long ${tag}` });
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Winners Admin 3'));
    const longName = `${tag}${'W'.repeat(290)}`;
    const [account] = await query<{ id: string }>('select id from users where email_address = $1', [student.email]);
    const created = await page.request.post('/api/admin/winners', { data: { user: account!.id, winnerName: longName } });
    expect(created.status(), await created.text()).toBe(200);
    const starts = new Date(Date.now() - 3_600_000).toISOString();
    const ends = new Date(Date.now() + 86_400_000).toISOString();
    const link = await page.request.post('/api/admin/meeting-links', {
      data: { title: `Doubts ${tag}`, url: `https://meet.example.com/${'a'.repeat(1500)}`, startDate: starts, endDate: ends },
    });
    expect(link.status(), await link.text()).toBe(200);

    await page.goto('/admin/winners');
    await page.getByRole('textbox', { name: 'Filter Photo / Name' }).fill(tag);
    const row = page.getByRole('table', { name: 'Winner announcements' }).getByRole('row').filter({ hasText: tag });
    await expect(row.getByRole('button', { name: /^Activate/ })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    await page.goto('/admin/meeting-links');
    const linkRow = page.getByRole('row').filter({ hasText: `Doubts ${tag}` });
    await expect(linkRow.getByRole('button', { name: `Remove Doubts ${tag}` })).toBeInViewport({ ratio: 1 });
    // One line, the whole address in its tooltip and its target.
    const address = linkRow.getByRole('link', { name: /^https:\/\/meet\.example\.com\/a+/ });
    await expect(address).toHaveAttribute('title', `https://meet.example.com/${'a'.repeat(1500)}`);
    expect((await linkRow.boundingBox())!.height).toBeLessThan(120);
    await query('delete from meeting_links where title = $1', [`Doubts ${tag}`]);
  });

  test('failure paths: a failed draft says "Failed", a failed activation "Process Failed", and the active one cannot be deleted', async ({ page }) => {
    const tag = Date.now().toString(36);
    const name = `Rahul ${tag}`;
    await createStudent({ name });
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Winners Admin 2'));
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(name);
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: name });
    await page.route(/\/trpc\/winners\.create/, (route) => route.abort('connectionrefused'));
    await row.getByRole('button', { name: 'Draft Winner Announcement' }).click();
    await page.getByRole('alertdialog', { name: 'Draft Winner Announcement' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Draft Winner Announcement' }).getByText('Failed', { exact: true })).toBeVisible();
    await page.unroute(/\/trpc\/winners\.create/);

    // New Item asks for a title; the blank announcement cannot be activated (not published).
    await page.goto('/admin/winners');
    await page.getByRole('button', { name: 'New Item' }).click();
    const create = page.getByRole('dialog', { name: 'New Item' });
    await create.getByRole('button', { name: 'Create Announcement' }).click();
    await expect(create.getByText('Please provide a title')).toBeVisible();
    await create.getByRole('textbox').fill(`Blank ${tag}`);
    await create.getByRole('button', { name: 'Create Announcement' }).click();
    await expect(page).toHaveURL(/\/admin\/winners\/editor\//);
    await expect(page.getByText('No student: draft the announcement from the Users list')).toHaveCount(0);
    await page.goto('/admin/winners');
    const blank = page
      .getByRole('table', { name: 'Winner announcements' })
      .getByRole('row')
      .filter({ hasText: `Blank ${tag}` });
    await blank.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('alertdialog', { name: 'Activate Announcement' }).getByRole('button', { name: 'Yes, Activate' }).click();
    const failed = page.getByRole('alertdialog', { name: 'Activate Announcement' });
    await expect(failed.getByText('Process Failed')).toBeVisible();
    await expect(failed).toContainText('Publish this announcement');
    await failed.getByRole('button', { name: 'Cancel' }).click();

    // Deleting the active announcement is refused with its warning.
    const [active] = await query<{ id: string }>(
      `insert into winner_announcements (winner_name, is_visible, is_published, title_message) values ($1, true, true, 'Today''s Winner') returning id`,
      [`Active ${tag}`],
    );
    await query(
      `insert into active_winner_announcement (singleton, announcement_id) values (true, $1) on conflict (singleton) do update set announcement_id = excluded.announcement_id`,
      [active!.id],
    );
    await page.goto(`/admin/winners/editor/${active!.id}`);
    await page
      .getByRole('button', { name: /delete/i })
      .first()
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog').getByText('This announcement is the active one: deactivate it first').first()).toBeVisible();
    await snap(page, 'winner-delete-refused');
  });

  test('the Active Announcement card says it waits for the winner until they confirm, and needs nothing from them after', async ({ page, browser }) => {
    const tag = Date.now().toString(36);
    const name = `Meera ${tag}`;
    const student = await createStudent({ name, phone: `97${String(Date.now()).slice(-8)}` });
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Winners Admin 4'));
    const [account] = await query<{ id: string }>('select id from users where email_address = $1', [student.email]);
    const created = await page.request.post('/api/admin/winners', { data: { user: account!.id, winnerName: name, titleMessage: "Today's Winner" } });
    expect(created.status(), await created.text()).toBe(200);
    const { _id: id } = (await created.json()) as { _id: string };
    // Visible to the student (published), not public: the student has to confirm.
    await query('update winner_announcements set is_visible = true, is_public = false, is_published = true where id = $1', [id]);
    expect((await page.request.put(`/api/admin/winners/activate/${id}`)).status()).toBe(200);

    await page.goto('/admin/winners');
    const activeCard = page.getByRole('table', { name: 'Active Announcement' });
    await expect(activeCard).toContainText(name);
    await expect(activeCard).toContainText('Waiting for the winner to confirm');
    await expect(activeCard).not.toContainText('Action Required');
    await snap(page, 'winners-waiting');

    const studentPage = await (await browser.newContext()).newPage();
    await signInThroughApi(studentPage, student);
    const confirmed = await studentPage.request.post(`/api/student/winners/${id}/confirm`, {
      data: { beneficiaryName: name, googlePayOrUPI: 'meera.k@okaxis' },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await studentPage.context().close();

    await page.reload();
    await expect(activeCard).toContainText('Not Public (No action needed from student)');
    await expect(activeCard).toContainText('meera.k@okaxis');
    await expect(activeCard).not.toContainText('Waiting for the winner to confirm');
    await query('delete from active_winner_announcement');
  });
});
