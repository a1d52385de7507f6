import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { createLecture, snap } from './support/media.ts';

const suffix = () => Date.now().toString(36);
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** What the CSS tooltip of an icon button shows, and whether it is shown. */
async function tooltipOf(button: Locator): Promise<{ text: string; shown: boolean }> {
  return button.evaluate((element) => {
    const after = getComputedStyle(element, '::after');
    return { text: after.content, shown: after.display !== 'none' };
  });
}

test.describe('a failed save is told where the staff member is looking', () => {
  test('a scrolled lecture editor: a toast names what failed, and the refused field is marked and brought into view', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Toast Admin'));
    const name = `Remya ${suffix()}`;
    const [educator] = await query<{ id: string }>(`insert into users (name, email_address, roles) values ($1, $2, '{educator}') returning id`, [
      name,
      `remya-${suffix()}@example.com`,
    ]);
    const id = await createLecture(page, `Panchayati raj ${suffix()}`);
    await page.goto(`/admin/videos/lectures/${id}/general`);
    await page.getByLabel('Educator').selectOption({ value: educator!.id });
    await expect(page.getByLabel('Lecturer name')).toHaveValue(name);
    // The educator stops being one meanwhile: the server refuses the lecturer field.
    await query(`update users set roles = '{}' where id = $1`, [educator!.id]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByLabel('Lecturer name')).not.toBeInViewport();

    await page.getByRole('button', { name: 'Save' }).click();
    const toast = toasts(page).getByRole('listitem').filter({ hasText: 'Update subject failed' });
    await expect(toast).toContainText('Saving the lecture failed: Choose a lecturer from the list');
    await expect(toast).toBeInViewport();
    const field = page.getByLabel('Lecturer name');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeInViewport();
    await expect(page.getByText('Choose a lecturer from the list', { exact: true })).toBeInViewport();
    await snap(page, 'lecture-save-refused-field');

    // Choosing no educator clears it; the save then succeeds and the toast goes.
    await page.getByLabel('Educator').selectOption({ value: '' });
    await page.getByLabel('Lecturer name').fill('Remya Teacher');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Lecture saved')).toBeVisible();
    await expect(toast).toHaveCount(0);
  });
});

test.describe('Ctrl+S in an editor', () => {
  test('saves what changed, once, and does nothing while nothing changed', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Shortcut Admin'));
    const created = await page.request.post('/api/admin/subscriptions', { data: { title: `Shortcut card ${suffix()}` } });
    const { _id: id } = (await created.json()) as { _id: string };
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/trpc/subscriptions.save')) saves.push(request.url());
    });
    await page.goto(`/admin/subscriptions/editor/${id}/general`);
    const title = page.getByRole('textbox', { name: 'Subscription title' });
    await expect(title).toHaveValue(/Shortcut card/);

    // Nothing changed: no save (and no browser dialog, which would stop the test).
    await page.keyboard.press('Control+s');
    await title.fill('Renamed by shortcut');
    await title.press('Control+s');
    await expect(page.getByText('Subscription saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.keyboard.press('Meta+s');
    expect(saves).toHaveLength(1);
    const stored = (await (await page.request.get(`/api/admin/subscriptions/${id}`)).json()) as { title: string };
    expect(stored.title).toBe('Renamed by shortcut');
  });
});

test.describe('icon buttons and pickers', () => {
  test('an icon-only button shows its label on hover and on keyboard focus', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Tooltip Admin'));
    const id = await createLecture(page, `Tooltip lecture ${suffix()}`);
    await page.goto(`/admin/videos/lectures/${id}/general`);
    const back = page.getByRole('link', { name: 'Back' });
    await expect(back).toBeVisible();
    expect(await tooltipOf(back)).toEqual({ text: '"Back"', shown: false });
    await back.hover();
    await expect.poll(() => tooltipOf(back)).toEqual({ text: '"Back"', shown: true });
    await snap(page, 'icon-button-tooltip');
    await page.mouse.move(900, 500);
    await expect.poll(() => tooltipOf(back)).toEqual({ text: '"Back"', shown: false });
    // Buttons with words keep no tooltip.
    expect((await tooltipOf(page.getByRole('button', { name: 'Save' }))).text).toBe('none');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('textbox', { name: 'Lecture title' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(back).toBeFocused();
    await expect.poll(() => tooltipOf(back)).toEqual({ text: '"Back"', shown: true });
    await snap(page, 'icon-button-tooltip-phone');
  });

  test('a click anywhere on a picker row toggles it, and Enter on its box does too', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Picker Admin'));
    const tag = suffix();
    const id = await createLecture(page, `Picker lecture ${tag}`);
    await query(`insert into exams (title, template_id) values ($1, 'mock-test'), ($2, 'mock-test')`, [`Row quiz A ${tag}`, `Row quiz B ${tag}`]);
    await page.goto(`/admin/videos/lectures/${id}/general`);
    await page.getByRole('button', { name: 'Add exams' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Exams' });
    // The dialog's own close button, an icon too, is named on hover.
    const close = picker.getByRole('button', { name: 'Close' });
    await close.hover();
    await expect.poll(() => tooltipOf(close)).toEqual({ text: '"Close"', shown: true });
    await picker.getByRole('textbox', { name: 'Filter Title' }).fill(`Row quiz`);
    const rowA = picker.getByRole('row').filter({ hasText: `Row quiz A ${tag}` });
    const boxA = picker.getByRole('checkbox', { name: `Select Row quiz A ${tag}` });
    const boxB = picker.getByRole('checkbox', { name: `Select Row quiz B ${tag}` });
    await rowA.getByText(`Row quiz A ${tag}`).click();
    await expect(boxA).toBeChecked();
    await rowA.getByText(`Row quiz A ${tag}`).click();
    await expect(boxA).not.toBeChecked();
    await rowA.getByRole('cell').last().click();
    await expect(boxA).toBeChecked();
    // The box itself still toggles once per click.
    await boxB.click();
    await expect(boxB).toBeChecked();
    await boxB.press('Enter');
    await expect(boxB).not.toBeChecked();
    await boxB.press('Enter');
    await expect(boxB).toBeChecked();
    await snap(page, 'picker-rows');
    await picker.getByRole('button', { name: 'Select 2 item(s)' }).click();
    await expect(page.getByRole('list', { name: 'Exams of the lecture' })).toContainText(`Row quiz B ${tag}`);
  });
});
