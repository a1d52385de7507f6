import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, endSessions, query, signInThroughApi, signInWithForm, type Account } from './support/helpers.ts';
import { createLecture, snap } from './support/media.ts';

const SESSION_ENDED_TEXT = 'Your session has ended. Sign in again to continue; your changes are kept.';

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

const lectureTitle = (page: Page) => page.getByRole('textbox', { name: 'Lecture title' });
const sessionDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign in again' });

async function storedLectureTitle(page: Page, id: string): Promise<string> {
  return ((await (await page.request.get(`/api/admin/lecture/${id}`)).json()) as { title: string }).title;
}

async function openLecture(page: Page, account: Account, title: string): Promise<string> {
  await signInThroughApi(page, account);
  const id = await createLecture(page, title);
  await page.goto(`/admin/videos/lectures/${id}/general`);
  await expect(lectureTitle(page)).toHaveValue(title);
  return id;
}

test.describe('a session that ends while an editor is open', () => {
  test('Save asks to sign in again over the editor; the edits and the scroll stay, and Save then succeeds', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    const admin = await createConsoleUser(['admin'], 'Sessions Admin');
    const title = uniqueTitle('Fundamental rights');
    const id = await openLecture(page, admin, title);
    await lectureTitle(page).fill(`${title} (edited)`);
    await page.getByLabel('Lecturer name').fill('Suja Teacher');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    await endSessions(admin.email);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = sessionDialog(page);
    await expect(dialog).toContainText(SESSION_ENDED_TEXT);
    // The e-mail is the signed-in account's, and cannot be changed here.
    await expect(dialog.getByLabel('Email')).toHaveValue(admin.email);
    await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page).toHaveURL(new RegExp(`/admin/videos/lectures/${id}/general$`));
    await snap(page, 'session-ended-dialog');

    // A wrong password is refused inside the dialog; the editor is untouched behind it.
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Authentication Failed');

    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(lectureTitle(page)).toHaveValue(`${title} (edited)`);
    await expect(page.getByLabel('Lecturer name')).toHaveValue('Suja Teacher');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // Nothing was sent again by itself: the stored lecture changes only with the next Save.
    expect(await storedLectureTitle(page, id)).toBe(title);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Lecture saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(await storedLectureTitle(page, id)).toBe(`${title} (edited)`);
  });

  test('reloaded while signed out, the console signs in and returns to the editor with the edits restored', async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Reload Admin');
    const title = uniqueTitle('Directive principles');
    const id = await openLecture(page, admin, title);
    await lectureTitle(page).fill(`${title} (kept)`);
    await endSessions(admin.email);

    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signInWithForm(page, admin);
    await expect(page).toHaveURL(new RegExp(`/admin/videos/lectures/${id}/general$`));
    await expect(lectureTitle(page)).toHaveValue(`${title} (kept)`);
    await expect(page.getByText('Unsaved edits restored')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Lecture saved')).toBeVisible();
    expect(await storedLectureTitle(page, id)).toBe(`${title} (kept)`);

    // Once saved, nothing is kept: a reload shows the stored lecture and restores nothing.
    await page.reload();
    await expect(lectureTitle(page)).toHaveValue(`${title} (kept)`);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(page.getByText('Unsaved edits restored')).toHaveCount(0);
  });

  test('leaving the editor without saving drops the kept edits', async ({ page }) => {
    const admin = await createConsoleUser(['admin'], 'Leave Admin');
    const title = uniqueTitle('Citizenship');
    const id = await openLecture(page, admin, title);
    await lectureTitle(page).fill(`${title} (dropped)`);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Exams' }).click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/admin\/exams$/);
    await expect(page.getByRole('heading', { name: 'Exam Manager' })).toBeVisible();
    await page.goto(`/admin/videos/lectures/${id}/general`);
    await expect(lectureTitle(page)).toHaveValue(title);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('a modal keeps what was typed while its session ends; signed in again, it is sent once', async ({ page }) => {
    const staff = await createConsoleUser(['admin'], 'Modal Session Admin');
    await signInThroughApi(page, staff);
    await page.goto('/admin/exams');
    await expect(page.getByRole('heading', { name: 'Exam Manager' })).toBeVisible();
    const title = uniqueTitle('Village assistant mock');
    await page.getByRole('button', { name: 'Create Exam' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Exam' });
    await modal.getByLabel('Title').fill(title);

    await endSessions(staff.email);
    await modal.getByRole('button', { name: 'Create Exam' }).click();
    const dialog = sessionDialog(page);
    await expect(dialog).toContainText(SESSION_ENDED_TEXT);
    await dialog.getByLabel('Password').fill(staff.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(modal.getByLabel('Title')).toHaveValue(title);

    await modal.getByRole('button', { name: 'Create Exam' }).click();
    await expect(page).toHaveURL(/\/admin\/exams\/editor\/[0-9a-f-]{36}\/general$/);
    const [made] = await query<{ count: string }>('select count(*) as count from exams where title = $1', [title]);
    expect(made!.count).toBe('1');
  });
});
