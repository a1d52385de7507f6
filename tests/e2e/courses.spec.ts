import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { BUSY_ANSWER } from './support/answers.ts';

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function signInAs(page: Page, roles: string[], name: string) {
  await signInThroughApi(page, await createConsoleUser(roles, name));
}

async function publishedLecture(title: string): Promise<string> {
  const [row] = await query<{ id: string }>(`insert into lectures (title, is_visible, is_published) values ($1, true, true) returning id`, [title]);
  return row!.id;
}

async function publishedExam(title: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    `insert into exams (title, template_id, is_visible, is_published) values ($1, 'mock-test', true, true) returning id`,
    [title],
  );
  return row!.id;
}

async function rateCard(title: string): Promise<string> {
  const [row] = await query<{ id: string }>(`insert into subscriptions (title, net_amount) values ($1, 1180) returning id`, [title]);
  return row!.id;
}

async function pick(page: Page, dialogName: string, titles: string[]) {
  const picker = page.getByRole('dialog', { name: dialogName });
  for (const title of titles) {
    await picker.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    await picker.getByRole('checkbox', { name: `Select ${title}` }).check();
  }
  await picker.getByRole('button', { name: `Select ${titles.length} item(s)` }).click();
  await expect(picker).toBeHidden();
}

test.describe('course manager and editor', () => {
  test('builds a course from nothing: subjects with lectures on days, an exam on day 3, a note; reads and fixes its warnings; opens the schedule; duplicates it', async ({
    page,
  }) => {
    await signInAs(page, ['admin'], 'Course Admin');
    const suffix = Date.now().toString(36);
    const lectures = [`Mughal Empire ${suffix}`, `Kerala Rivers ${suffix}`, `Fractions ${suffix}`];
    for (const title of lectures) await publishedLecture(title);
    const examTitle = `LDC Mock 3 ${suffix}`;
    await publishedExam(examTitle);
    const cardTitle = `LDC 12 months ${suffix}`;
    await rateCard(cardTitle);

    await page.goto('/admin/courses');
    await expect(page.getByRole('heading', { name: 'Course Manager' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Courses' });
    for (const heading of ['Title', 'Status', 'Id', 'Subscription', 'Promotions', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Add Course' }).click();
    const add = page.getByRole('dialog', { name: 'Add Course' });
    await add.getByRole('button', { name: 'Add Course' }).click();
    await expect(add.getByText('Please provide a course title')).toBeVisible();
    const title = uniqueTitle('LDC Complete Course');
    await add.getByLabel('Title').fill(title);
    await add.getByRole('button', { name: 'Add Course' }).click();
    await expect(page).toHaveURL(/\/admin\/courses\/editor\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    // The editor's own header: the list's row for the new course may still be on screen for a moment.
    await expect(page.locator('[data-editor-header]').getByText('Unpublished', { exact: true })).toBeVisible();

    // Subjects: two subjects, lectures from the picker with their days.
    await page.getByRole('navigation', { name: 'Course editor' }).getByRole('link', { name: 'Subjects' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/courses/editor/${id}/subjects$`));
    await page.getByRole('button', { name: 'Add subject' }).click();
    await expect(page.getByText('Please provide a title for the new subject')).toBeVisible();
    await page.getByLabel('New subject').fill('History');
    await page.getByRole('button', { name: 'Add subject' }).click();
    await page.getByLabel('New subject').fill('Maths');
    await page.getByRole('button', { name: 'Add subject' }).click();
    const subjects = page.getByRole('list', { name: 'Subjects' });
    await expect(subjects.getByRole('listitem')).toHaveCount(2);
    // Move is only for a whole number from 1 to the count.
    await page.getByLabel('Position for Maths').fill('3');
    await expect(page.getByRole('button', { name: 'Move Maths', exact: true })).toBeDisabled();
    await page.getByLabel('Position for Maths').fill('1');
    await page.getByRole('button', { name: 'Move Maths', exact: true }).click();
    await expect(subjects.getByRole('listitem').first()).toHaveAccessibleName('Maths');

    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('button', { name: 'Add lectures' }).click();
    await pick(page, 'Select Lectures', [lectures[0]!, lectures[1]!]);
    await page.getByLabel(`Days of ${lectures[0]}`).fill('1');
    await page.getByLabel(`Days of ${lectures[1]}`).fill('2');
    await page.getByLabel(`Topic of ${lectures[1]}`).fill('Geography');
    await page.getByRole('button', { name: 'All subjects' }).click();
    await page.getByRole('button', { name: 'Maths', exact: true }).click();
    await page.getByRole('button', { name: 'Add lectures' }).click();
    await pick(page, 'Select Lectures', [lectures[2]!]);
    await page.getByLabel(`Days of ${lectures[2]}`).fill('5');
    await page.getByRole('button', { name: 'All subjects' }).click();
    // A subject with lectures cannot be removed.
    await page.getByRole('button', { name: 'Remove History' }).click();
    await expect(page.getByText('Please delete all lectures and try again!')).toBeVisible();

    // Exams: one exam on day 3.
    await page.getByRole('navigation', { name: 'Course editor' }).getByRole('link', { name: 'Exams' }).click();
    await page.getByRole('button', { name: 'Add exams' }).click();
    await pick(page, 'Select Exams', [examTitle]);
    await page.getByLabel(`Days of ${examTitle}`).fill('3');

    // Study plan: an introduction note.
    await page.getByRole('navigation', { name: 'Course editor' }).getByRole('link', { name: 'Study Plan' }).click();
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Write the note before adding it')).toBeVisible();
    await page.getByLabel('Note', { exact: true }).fill('  Start with the syllabus.  ');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Introduction', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Note text' })).toHaveValue('Start with the syllabus.');

    // Visible but without a rate card, and day 4 is empty: saved, offline with the warnings.
    await page.getByRole('navigation', { name: 'Course editor' }).getByRole('link', { name: 'General' }).click();
    await page.getByRole('switch', { name: 'Public visibility' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const offline = page.getByRole('alert').filter({ hasText: 'Course Offline!' });
    await expect(offline).toContainText('No rate card');
    await expect(offline).toContainText('Day 4 has nothing on it');
    await page.screenshot({ path: '/tmp/course-offline.png', fullPage: true, animations: 'disabled' });

    // Fix them: a rate card, and the Maths lecture on day 4 instead of 5.
    await page.getByLabel('Default rate card').selectOption({ label: `${cardTitle} (₹1,180.00)` });
    await page.getByRole('navigation', { name: 'Course editor' }).getByRole('link', { name: 'Subjects' }).click();
    await page.getByRole('button', { name: 'Maths', exact: true }).click();
    await page.getByLabel(`Days of ${lectures[2]}`).fill('4');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByText('Course Offline!')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    // The schedule: days 1 to 4, the exam on day 3, the Geography group on day 2.
    await page.getByRole('button', { name: 'Schedule' }).click();
    const schedule = page.getByRole('dialog', { name: 'Day Schedule' });
    await expect(schedule.getByRole('listitem', { name: /^Day \d+$/ })).toHaveCount(4);
    await expect(schedule.getByRole('listitem', { name: 'Day 3' })).toContainText(examTitle);
    await expect(schedule.getByRole('listitem', { name: 'Day 2' })).toContainText('Geography');
    await page.screenshot({ path: '/tmp/course-schedule.png', animations: 'disabled' });
    await page.keyboard.press('Escape');

    // Reloaded, everything is still there.
    await page.reload();
    await page.getByRole('navigation', { name: 'Course editor' }).getByRole('link', { name: 'Subjects' }).click();
    await expect(page.getByRole('list', { name: 'Subjects' }).getByRole('listitem').first()).toHaveAccessibleName('Maths');
    const stored = (await (await page.request.get(`/api/admin/courses/${id}`)).json()) as {
      subjects: Array<{ title: string }>;
      exams: Array<{ dayTags: number[] }>;
      studyPlanNotes: Array<{ content: string }>;
    };
    expect(stored.subjects.map((subject) => subject.title)).toEqual(['Maths', 'History']);
    expect(stored.exams[0]!.dayTags).toEqual([3]);
    expect(stored.studyPlanNotes[0]!.content).toBe('Start with the syllabus.');

    // Duplicate it twice from the list.
    await page.goto('/admin/courses');
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    await page.getByRole('button', { name: `Duplicate ${title}` }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate Course' });
    await duplicate.getByLabel('Count').fill('0');
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await expect(duplicate.getByText('Count should be more than 0')).toBeVisible();
    await duplicate.getByLabel('Count').fill('2');
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await expect(duplicate).toBeHidden();
    await expect(page.getByRole('table', { name: 'Courses' }).getByRole('link', { name: `${title} (copy 2)` })).toBeVisible();
    await page.screenshot({ path: '/tmp/course-manager.png', fullPage: true, animations: 'disabled' });
  });

  test('a failed save keeps the edits and says "Update subject failed"; a failed list load says "Fetching course failed"; a held course is not deleted', async ({
    page,
  }) => {
    await signInAs(page, ['admin'], 'Course Admin');
    const title = uniqueTitle('Held course');
    const created = await page.request.post('/api/admin/courses', { data: { title } });
    const id = ((await created.json()) as { _id: string })._id;
    const [student] = await query<{ id: string }>(`insert into users (name, email_address, roles) values ('Anu', $1, '{}') returning id`, [
      `anu-${Date.now()}@example.com`,
    ]);
    await query(`insert into entitlements (user_id, resource_type, resource_id) values ($1, 'course', $2)`, [student!.id, id]);

    await page.goto(`/admin/courses/editor/${id}`);
    await page.getByLabel('Course title').fill(`${title} (edited)`);
    await page.route(/\/trpc\/[^?]*courses\.save/, (route) => route.fulfill(BUSY_ANSWER));
    await page.getByRole('button', { name: 'Save' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Update subject failed' });
    await expect(failure).toContainText('The database is busy');
    await expect(page.getByLabel('Course title')).toHaveValue(`${title} (edited)`);
    await page.unroute(/\/trpc\/[^?]*courses\.save/);
    // Back to what is stored, so nothing is unsaved.
    await page.getByLabel('Course title').fill(title);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Course' });
    await expect(confirm).toContainText('You are about to delete this course. Do you want to continue?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Active entitlement: Anu')).toBeVisible();

    await page.route(/\/trpc\/[^?]*courses\.list/, (route) => route.fulfill(BUSY_ANSWER));
    await page.goto('/admin/courses');
    const listFailure = page.getByRole('alert').filter({ hasText: 'Fetching course failed' });
    await expect(listFailure).toContainText('The database is busy');
    await page.unroute(/\/trpc\/[^?]*courses\.list/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(listFailure).toHaveCount(0);
  });

  test('marketing sees course titles as plain text and no way to add or duplicate', async ({ page }) => {
    const title = uniqueTitle('Marketing course');
    await query(`insert into courses (title) values ($1)`, [title]);
    await signInAs(page, ['marketing'], 'Mini Marketing');
    await page.goto('/admin/courses');
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    const table = page.getByRole('table', { name: 'Courses' });
    await expect(table.getByText(title)).toBeVisible();
    await expect(table.getByRole('link', { name: title })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Course' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: `Duplicate ${title}` })).toHaveCount(0);
  });
});
