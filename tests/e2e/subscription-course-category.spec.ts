import { expect, test } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { shootSizes } from './support/screens.ts';

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

test.describe('rate card resources', () => {
  test("lists each course with its category's name, not its key; a category the console does not know is shown as stored", async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Resources Admin'));
    const title = uniqueTitle('Degree Level Prelims');
    const created = await page.request.post('/api/admin/subscriptions', { data: { title } });
    const { _id: id } = (await created.json()) as { _id: string };
    const degree = uniqueTitle('Degree Level Course');
    const police = uniqueTitle('Police Constable Course');
    const plain = uniqueTitle('Uncategorised Course');
    await query(
      `insert into courses (title, category, tags, course_rate_card_id) values
         ($1, 'kerala-psc', '{"Degree Level"}', $4), ($2, 'Kerala Police', '{}', $4), ($3, null, '{}', $4)`,
      [degree, police, plain, id],
    );

    await page.goto(`/admin/subscriptions/editor/${id}/resources`);
    const courses = page.getByRole('table', { name: 'Courses' });
    await expect(courses.getByRole('row').filter({ hasText: degree }).getByRole('cell').nth(1)).toHaveText('Kerala PSC');
    await expect(courses).not.toContainText('kerala-psc');
    await expect(courses.getByRole('row').filter({ hasText: police }).getByRole('cell').nth(1)).toHaveText('Kerala Police');
    await expect(courses.getByRole('row').filter({ hasText: plain }).getByRole('cell').nth(1)).toHaveText('—');
    await shootSizes(page, 'subscription-resources-category');
  });
});
