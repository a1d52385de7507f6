import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { BUSY_ANSWER } from './support/answers.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const shots = (name: string) => `/tmp/o-shots/${name}.png`;

/** `count` rate cards titled "<prefix> 001" onwards, made in one statement. */
async function rateCards(prefix: string, count: number): Promise<void> {
  await query(
    `insert into subscriptions (title, subscription_term, gross_amount, gst_rate, gst_amount, net_amount)
     select $1 || ' ' || lpad(g::text, 3, '0'), '6-months', 1000, 18, 180, 1180 from generate_series(1, $2::int) g`,
    [prefix, count],
  );
}

async function course(title: string): Promise<string> {
  const [row] = await query<{ id: string }>('insert into courses (title) values ($1) returning id', [title]);
  return row!.id;
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test.describe('course rate cards and subjects', () => {
  test('with 500 rate cards the General tab stays short; Add rate cards searches them on the server, the chosen one shows first and is saved', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Rate Card Admin'));
    const prefix = `Bulk card ${unique()}`;
    await rateCards(prefix, 500);
    const wanted = `${prefix} 437`;
    const id = await course(`Rate card course ${unique()}`);

    await page.goto(`/admin/courses/editor/${id}`);
    const extras = page.getByRole('group', { name: 'Extra subscriptions' });
    await expect(extras.getByText('None: the course is sold under its default rate card only.')).toBeVisible();
    expect(await pageHeight(page)).toBeLessThan(4000);
    await expect(page.getByRole('checkbox', { name: `${prefix} 001` })).toHaveCount(0);

    // The search fails for a while: the picker says so and asks again by itself until it answers.
    await page.route(/\/trpc\/[^?]*subscriptions\.search/, (route) => route.fulfill(BUSY_ANSWER));
    await extras.getByRole('button', { name: 'Add rate cards' }).click();
    const picker = page.getByRole('dialog', { name: 'Add rate cards' });
    await expect(picker.getByRole('alert').filter({ hasText: 'Fetching rate cards failed' })).toContainText('Trying again in a second...');
    await page.unroute(/\/trpc\/[^?]*subscriptions\.search/);
    await expect(picker.getByRole('list', { name: 'Rate cards to choose from' }).getByRole('listitem')).toHaveCount(5);
    await expect(picker.getByRole('alert').filter({ hasText: 'Fetching rate cards failed' })).toHaveCount(0);

    await picker.getByRole('textbox', { name: 'Search rate cards by title' }).fill(prefix);
    await expect(picker.getByText(/of 500 rate cards/)).toBeVisible();
    await picker.getByRole('textbox', { name: 'Search rate cards by title' }).fill(`${prefix.toUpperCase()} 437`);
    await expect(picker.getByText('Showing 1–1 of 1 rate cards')).toBeVisible();
    await picker.getByRole('checkbox', { name: `Select ${wanted}` }).check();
    await page.screenshot({ path: shots('course-rate-card-picker'), animations: 'disabled' });
    await picker.getByRole('button', { name: 'Select 1 item(s)' }).click();
    await expect(picker).toBeHidden();

    const chosen = extras.getByRole('list', { name: 'Extra subscriptions chosen' }).getByRole('listitem');
    await expect(chosen).toHaveCount(1);
    await expect(chosen.first()).toContainText(wanted);
    await expect(chosen.first()).toContainText('6-months');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(await pageHeight(page)).toBeLessThan(4000);
    await page.screenshot({ path: shots('course-general-1440'), fullPage: true, animations: 'disabled' });

    await page.reload();
    await expect(chosen).toHaveCount(1);
    await expect(chosen.first()).toContainText(wanted);
    const stored = (await (await page.request.get(`/api/admin/courses/${id}`)).json()) as { attachedSubscriptions: Array<{ subscriptionId: string }> };
    const [card] = await query<{ id: string }>('select id from subscriptions where title = $1', [wanted]);
    expect(stored.attachedSubscriptions).toEqual([{ subscriptionId: card!.id }]);

    // Opened again, the picker shows the chosen card first; a card ticked on the second page joins it.
    await extras.getByRole('button', { name: 'Add rate cards' }).click();
    const chosenInPicker = picker.getByRole('list', { name: 'Chosen rate cards' }).getByRole('listitem');
    await expect(chosenInPicker).toHaveCount(1);
    await expect(chosenInPicker.first()).toContainText(wanted);
    // The search is asked once typing pauses: page on only once it has answered.
    const searched = page.waitForResponse((response) => response.url().includes('subscriptions.search') && decodeURIComponent(response.url()).includes(prefix));
    await picker.getByRole('textbox', { name: 'Search rate cards by title' }).fill(prefix);
    await searched;
    await expect(picker.getByText('Showing 1–5 of 500 rate cards')).toBeVisible();
    await picker.getByRole('button', { name: 'Next page' }).click();
    await expect(picker.getByText('Showing 6–10 of 500 rate cards')).toBeVisible();
    const second = `${prefix} 006`;
    // Ticked by a click on its title, anywhere on the row rather than on the box.
    await picker.getByRole('list', { name: 'Rate cards to choose from' }).getByText(second, { exact: true }).click();
    await expect(picker.getByRole('checkbox', { name: `Select ${second}` })).toBeChecked();
    await expect(chosenInPicker).toHaveCount(2);
    await page.screenshot({ path: shots('course-rate-card-picker-chosen'), animations: 'disabled' });
    await picker.getByRole('button', { name: 'Select 2 item(s)' }).click();
    await expect(chosen).toHaveCount(2);
    await expect(chosen.nth(0)).toContainText(wanted);
    await expect(chosen.nth(1)).toContainText(second);

    // Removed with its button, and saved without it.
    await chosen
      .first()
      .getByRole('button', { name: `Remove ${wanted}` })
      .click();
    await expect(chosen).toHaveCount(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    const [secondCard] = await query<{ id: string }>('select id from subscriptions where title = $1', [second]);
    expect(((await (await page.request.get(`/api/admin/courses/${id}`)).json()) as { attachedSubscriptions: unknown[] }).attachedSubscriptions).toEqual([
      { subscriptionId: secondCard!.id },
    ]);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: shots('course-general-390'), fullPage: true, animations: 'disabled' });
  });

  test('on a phone (390 × 844) a subject row keeps its title clear of its controls and the page does not scroll sideways', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Phone Course Admin'));
    const id = await course(`Phone subjects ${unique()}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/courses/editor/${id}/subjects`);
    const longTitle = 'Kerala Renaissance and the social reformers of the nineteenth century';
    for (const title of [longTitle, 'Maths']) {
      await page.getByLabel('New subject').fill(title);
      await page.getByRole('button', { name: 'Add subject' }).click();
    }
    const subjects = page.getByRole('list', { name: 'Subjects' });
    await expect(subjects.getByRole('listitem')).toHaveCount(2);
    const row = subjects.getByRole('listitem', { name: longTitle });
    const title = await row.getByRole('button', { name: longTitle, exact: true }).boundingBox();
    for (const control of [
      row.getByRole('textbox', { name: `Position for ${longTitle}`, exact: true }),
      row.getByRole('button', { name: `Move ${longTitle}`, exact: true }),
      row.getByRole('button', { name: `Remove ${longTitle}`, exact: true }),
    ]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      // Below the title, not over it, and whole on the screen.
      expect(box!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: shots('course-subjects-390'), fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: shots('course-subjects-1440'), fullPage: true, animations: 'disabled' });
  });
});
