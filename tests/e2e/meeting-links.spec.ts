import { expect, test, type Browser, type Page } from '@playwright/test';
import { createConsoleUser, createStudent, query, sideBarLinks, signInThroughApi } from './support/helpers.ts';
import { snap } from './support/media.ts';
import { pushStandIn } from './support/push.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const mobile = () => `9${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** "2030-01-05T19:30": what a datetime-local picker holds, in India time (the console's zone, whatever the browser's). */
function pickerValue(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000);
  return india.toISOString().slice(0, 16);
}

/** A course sold under its own rate card. */
async function courseWithCard(title: string): Promise<string> {
  const [card] = await query<{ id: string }>(`insert into subscriptions (title, net_amount) values ($1, 999) returning id`, [`${title} card`]);
  const [course] = await query<{ id: string }>(
    `insert into courses (title, course_rate_card_id, is_visible, is_published) values ($1, $2, true, true) returning id`,
    [title, card!.id],
  );
  return course!.id;
}

/** A student who bought the course and whose phone allowed notifications (a device at the push stand-in). */
async function subscribedStudentOf(browser: Browser, courseId: string) {
  const page = await (await browser.newContext()).newPage();
  const account = await createStudent({ name: 'Course Student', phone: mobile() });
  await signInThroughApi(page, account);
  await query(`insert into entitlements (user_id, resource_type, resource_id) select id, 'course', $2 from users where email_address = $1`, [
    account.email,
    courseId,
  ]);
  const subscription = await pushStandIn<{ endpoint: string }>('/__standin/subscribe');
  expect((await page.request.post('/api/student/push-subscriptions', { data: subscription })).status()).toBe(200);
  return { page, subscription };
}

/** Ticks a course in the Add Url / Edit form's course list (found by its title first). */
async function chooseCourse(modal: ReturnType<Page['getByRole']>, title: string) {
  await modal.getByRole('searchbox', { name: 'Find a course' }).fill(title);
  await modal.getByRole('checkbox', { name: title, exact: true }).check();
}

async function addLink(page: Page, values: { name: string; url: string; start: Date; end: Date; courses?: string[] }) {
  await page.getByRole('button', { name: 'Add url' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Url' });
  await modal.getByLabel('Name').fill(values.name);
  await modal.getByLabel('Url').fill(values.url);
  await modal.getByLabel('Start Date').fill(pickerValue(values.start));
  await modal.getByLabel('End Date').fill(pickerValue(values.end));
  for (const title of values.courses ?? []) await chooseCourse(modal, title);
  await modal.getByRole('button', { name: 'Create Link' }).click();
  return modal;
}

const rowOf = (page: Page, name: string) => page.getByRole('table', { name: 'Meeting links' }).getByRole('row').filter({ hasText: name });

test.describe('meeting links', () => {
  test('a link is added for a course, shown with it, switched off and on, announced to the course students, and removed', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Meeting Admin'));
    const courseTitle = `KAS Mains live ${unique()}`;
    const courseId = await courseWithCard(courseTitle);
    const student = await subscribedStudentOf(browser, courseId);
    // A free account: holds no course.
    const visitor = await (await browser.newContext()).newPage();
    await signInThroughApi(visitor, await createStudent({ name: 'Free Account', phone: mobile() }));

    await page.goto('/admin/meeting-links');
    await expect(page.getByRole('heading', { name: 'Meeting Links' })).toBeVisible();
    const name = `Doubt clearing ${unique()}`;
    const start = new Date(Date.now() - 10 * 60_000);
    const end = new Date(Date.now() + 2 * 3_600_000);
    const modal = await addLink(page, { name, url: 'https://meet.example.com/kas-doubts', start, end, courses: [courseTitle] });
    await expect(modal).toHaveCount(0);

    const row = rowOf(page, name);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('listitem').filter({ hasText: courseTitle })).toBeVisible();
    await snap(page, 'meeting-links-with-course');
    const link = row.getByRole('link', { name: 'https://meet.example.com/kas-doubts' });
    await expect(link).toHaveAttribute('target', '_blank');
    const longDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
    await expect(row.getByText(longDate.format(start))).toBeVisible();
    await expect(row.getByText(longDate.format(end))).toBeVisible();
    const [stored] = await query<{ id: string; is_active: boolean }>('select id, is_active from meeting_links where title = $1', [name]);
    expect(stored!.is_active).toBe(true);

    // The apps of the course's students see it while it is switched on, with the course; a free account never does.
    const live = async () =>
      ((await (await student.page.request.get('/api/student/meeting-links')).json()).items as Array<{ _id: string }>).map((entry) => entry._id);
    expect(await live()).toContain(stored!.id);
    const seen = (await (await student.page.request.get('/api/student/meeting-links')).json()).items as Array<{
      _id: string;
      courses: Array<{ _id: string; title: string }>;
    }>;
    expect(seen.find((entry) => entry._id === stored!.id)!.courses).toEqual([{ _id: courseId, title: courseTitle }]);
    const visitorSees = (await (await visitor.request.get('/api/student/meeting-links')).json()).items as Array<{ _id: string }>;
    expect(visitorSees.map((entry) => entry._id)).not.toContain(stored!.id);

    await row.getByRole('button', { name: `Make Inactive: ${name}` }).click();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Make Active: ${name}` })).toBeVisible();
    expect(await live()).not.toContain(stored!.id);
    await row.getByRole('button', { name: `Make Active: ${name}` }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    expect(await live()).toContain(stored!.id);

    await row.getByRole('button', { name: `Send notification: ${name}` }).click();
    // Only the link's course is offered, and it is chosen already.
    const chooser = page.getByRole('dialog', { name: 'Choose a Course' });
    const select = chooser.getByLabel('Course');
    await expect(select.locator('option')).toHaveText(['Please choose a Course', courseTitle]);
    await expect(select).toHaveValue(courseId);
    await chooser.getByRole('button', { name: 'Compose' }).click();

    const composer = page.getByRole('dialog', { name: 'Compose Message' });
    await expect(composer.getByText('Meeting links', { exact: true })).toBeVisible();
    await expect(composer.getByText(stored!.id)).toBeVisible();
    await expect(composer.getByText('open_link')).toBeVisible();
    await expect(composer.getByText(`Students of ${courseTitle}`)).toBeVisible();
    await expect(composer.getByRole('radio')).toHaveCount(0);
    await expect(composer.getByLabel(/^Title/)).toHaveValue(name);
    await composer.getByLabel(/^Body/).fill('Starts now: tap to join');
    await snap(page, 'meeting-links-composer');
    await composer.getByRole('button', { name: 'Send Now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Publish Confirmation' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Process Complete' }).getByText('Notification sent successfully')).toBeVisible();
    await expect
      .poll(async () =>
        (
          await pushStandIn<
            Array<{
              subscription: string;
              payload: { title: string; clickAction: string; resourceType: string; resourceId: string; data: Record<string, string> };
            }>
          >('/__standin/received')
        )
          .filter((push) => push.payload.title === name)
          .map((push) => ({
            to: push.subscription,
            clickAction: push.payload.clickAction,
            resourceType: push.payload.resourceType,
            resourceId: push.payload.resourceId,
            url: push.payload.data.url,
          })),
      )
      .toEqual([
        {
          to: student.subscription.endpoint.split('/').at(-1),
          clickAction: 'open_link',
          resourceType: 'Meeting links',
          resourceId: stored!.id,
          url: 'https://meet.example.com/kas-doubts',
        },
      ]);
    await page.getByRole('alertdialog', { name: 'Process Complete' }).getByRole('button', { name: 'OK' }).click();
    await snap(page, 'meeting-links-list');

    await row.getByRole('button', { name: `Remove ${name}` }).click();
    const remove = page.getByRole('alertdialog', { name: 'Remove Meeting Link' });
    await expect(remove.getByText('Are you sure you want to remove this meeting link?')).toBeVisible();
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(remove).toHaveCount(0);
    await expect(rowOf(page, name)).toHaveCount(0);
    expect(await query('select id from meeting_links where id = $1', [stored!.id])).toEqual([]);
  });

  test('failures are told: refused links, a course nobody can be reached in, a link gone meanwhile, a list that cannot load', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Meeting Admin 2'));
    await page.goto('/admin/meeting-links');

    // A course none of whose students allowed notifications.
    const lonelyCourse = `Unsold course ${unique()}`;
    await courseWithCard(lonelyCourse);
    const name = `Refused ${unique()}`;
    const modal = await addLink(page, {
      name,
      url: 'ftp://files.example.com/class',
      start: new Date(Date.now() + 3_600_000),
      end: new Date(Date.now() + 7_200_000),
      courses: [lonelyCourse],
    });
    await expect(modal.getByText('Meeting link cannot be added')).toBeVisible();
    await expect(modal.getByText('The URL must be a web address that starts with http:// or https://')).toBeVisible();
    await modal.getByLabel('Url').fill('https://meet.example.com/ok');
    await modal.getByLabel('End Date').fill(pickerValue(new Date(Date.now() + 1_800_000)));
    await modal.getByLabel('Start Date').fill(pickerValue(new Date(Date.now() + 3_600_000)));
    await modal.getByRole('button', { name: 'Create Link' }).click();
    await expect(modal.getByText('The end date must be after the start date')).toBeVisible();
    await snap(page, 'meeting-links-refused');
    await modal.getByLabel('End Date').fill(pickerValue(new Date(Date.now() + 7_200_000)));
    await modal.getByRole('button', { name: 'Create Link' }).click();
    await expect(modal).toHaveCount(0);
    const row = rowOf(page, name);
    await expect(row).toBeVisible();

    // The link's course has nobody to notify: the composer says so and sends nothing.
    await row.getByRole('button', { name: `Send notification: ${name}` }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a Course' });
    await expect(chooser.getByLabel('Course')).toHaveValue(/.+/);
    await chooser.getByRole('button', { name: 'Compose' }).click();
    const composer = page.getByRole('dialog', { name: 'Compose Message' });
    await composer.getByLabel(/^Body/).fill('Hello');
    await composer.getByRole('button', { name: 'Send Now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Publish Confirmation' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm.getByText(`No student of ${lonelyCourse} has allowed notifications in the app`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await composer.getByRole('button', { name: 'Cancel' }).click();

    // Removed by someone else meanwhile: the toggle and the delete say so, and the list catches up.
    await query('delete from meeting_links where title = $1', [name]);
    await row.getByRole('button', { name: `Make Inactive: ${name}` }).click();
    const failed = page.getByRole('alertdialog', { name: 'Fetching Meetings failed' });
    await expect(failed.getByText('Meeting link not found')).toBeVisible();
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect(rowOf(page, name)).toHaveCount(0);

    // The list cannot be loaded.
    await page.route('**/trpc/meetingLinks.list**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: 'Database is down', data: { type: 'internal' } } }),
      }),
    );
    await page.reload();
    await expect(page.getByText('Fetching Meetings failed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('a link kept without a course is for staff only until it is given one', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Meeting Admin 4'));
    const courseTitle = `LDC live ${unique()}`;
    const courseId = await courseWithCard(courseTitle);
    const student = await subscribedStudentOf(browser, courseId);
    const name = `Kept without course ${unique()}`;
    const [kept] = await query<{ id: string }>(
      `insert into meeting_links (title, url, start_date, end_date) values ($1, 'https://meet.example.com/ldc-paid-secret', now() - interval '1 hour', now() + interval '1 hour') returning id`,
      [name],
    );
    const live = async () =>
      ((await (await student.page.request.get('/api/student/meeting-links')).json()).items as Array<{ _id: string }>).map((entry) => entry._id);
    expect(await live()).not.toContain(kept!.id);

    await page.goto('/admin/meeting-links');
    const row = rowOf(page, name);
    await expect(row.getByText('No course (staff only)')).toBeVisible();

    // The send icon has no course to offer: it leads to the edit form instead.
    await row.getByRole('button', { name: `Send notification: ${name}` }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a Course' });
    await expect(chooser.getByText('This link has no course yet')).toBeVisible();
    await expect(chooser.getByRole('button', { name: 'Compose' })).toHaveCount(0);
    await chooser.getByRole('button', { name: 'Edit link' }).click();

    const editor = page.getByRole('dialog', { name: 'Edit Meeting Link' });
    await expect(editor.getByLabel('Name')).toHaveValue(name);
    await chooseCourse(editor, courseTitle);
    await expect(editor.getByRole('list', { name: 'Chosen courses' })).toContainText(courseTitle);
    await snap(page, 'meeting-links-edit');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toHaveCount(0);
    await expect(row.getByRole('listitem').filter({ hasText: courseTitle })).toBeVisible();
    expect(await live()).toContain(kept!.id);
  });

  test('an edit saved by someone else first, and a course deleted before Create, are told and change nothing', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Meeting Admin 5'));
    const first = `First course ${unique()}`;
    const second = `Second course ${unique()}`;
    const firstId = await courseWithCard(first);
    await courseWithCard(second);
    const name = `Edited twice ${unique()}`;
    const [link] = await query<{ id: string }>(
      `insert into meeting_links (title, url, start_date, end_date) values ($1, 'https://meet.example.com/e', now(), now() + interval '1 hour') returning id`,
      [name],
    );
    await query('insert into meeting_link_courses (meeting_link_id, course_id) values ($1, $2)', [link!.id, firstId]);
    await page.goto('/admin/meeting-links');
    const row = rowOf(page, name);
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Meeting Link' });
    await chooseCourse(editor, second);
    // Another administrator saves the link meanwhile.
    await query(`update meeting_links set title = $2, version = version + 1, updated_at = now() where id = $1`, [link!.id, `${name} (theirs)`]);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('Meeting link cannot be saved')).toBeVisible();
    await expect(editor.getByText(/saved this meeting link at/)).toBeVisible();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(rowOf(page, `${name} (theirs)`)).toBeVisible();
    expect(await query('select course_id from meeting_link_courses where meeting_link_id = $1', [link!.id])).toEqual([{ course_id: firstId }]);

    // The chosen course is deleted before Create: nothing is added and the form says why.
    const doomed = `Doomed course ${unique()}`;
    const doomedId = await courseWithCard(doomed);
    await page.getByRole('button', { name: 'Add url' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Url' });
    const newName = `Course gone ${unique()}`;
    await modal.getByLabel('Name').fill(newName);
    await modal.getByLabel('Url').fill('https://meet.example.com/gone');
    await modal.getByLabel('Start Date').fill(pickerValue(new Date(Date.now() + 3_600_000)));
    await modal.getByLabel('End Date').fill(pickerValue(new Date(Date.now() + 7_200_000)));
    await chooseCourse(modal, doomed);
    await query('delete from courses where id = $1', [doomedId]);
    await modal.getByRole('button', { name: 'Create Link' }).click();
    await expect(modal.getByText('Meeting link cannot be added')).toBeVisible();
    await expect(modal.getByText('A chosen course was not found')).toBeVisible();
    await snap(page, 'meeting-links-course-gone');
    expect(await query('select id from meeting_links where title = $1', [newName])).toEqual([]);
  });

  test('a failed removal keeps the row and says why', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Meeting Admin 3'));
    const name = `Kept ${unique()}`;
    await query(`insert into meeting_links (title, url, start_date, end_date) values ($1, 'https://meet.example.com/k', now(), now() + interval '1 hour')`, [
      name,
    ]);
    await page.goto('/admin/meeting-links');
    const row = rowOf(page, name);
    await page.route('**/trpc/meetingLinks.delete**', (route) => route.abort('connectionfailed'));
    await row.getByRole('button', { name: `Remove ${name}` }).click();
    const remove = page.getByRole('alertdialog', { name: 'Remove Meeting Link' });
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(remove.getByText('Fetching Meetings failed')).toBeVisible();
    await expect(remove.getByText('Network error')).toBeVisible();
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
  });

  test('is only for administrators: staff, marketing and managers neither see nor open it', async ({ page }) => {
    for (const role of ['staff', 'marketing', 'manager']) {
      await page.context().clearCookies();
      await signInThroughApi(page, await createConsoleUser([role], `Meeting ${role}`));
      await page.goto('/admin/videos');
      expect(await sideBarLinks(page)).not.toContain('Meeting Links');
      await page.goto('/admin/meeting-links');
      await expect(page.getByText('This screen is not available to your role')).toBeVisible();
      expect((await page.request.get('/api/admin/meeting-links')).status()).toBe(403);
    }
  });
});
