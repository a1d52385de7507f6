import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function publishedExam(title: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    `insert into exams (title, template_id, is_visible, is_published) values ($1, 'mock-test', true, true) returning id`,
    [title],
  );
  return row!.id;
}

async function student(name: string): Promise<string> {
  const [user] = await query<{ id: string }>(`insert into users (name, email_address, roles) values ($1, $2, '{}') returning id`, [
    name,
    `${name.toLowerCase()}-${Date.now()}@example.com`,
  ]);
  return user!.id;
}

/** A student's first submitted attempt of an exam with this score. */
async function firstAttempt(examId: string, userId: string, score: number) {
  const [paper] = await query<{ id: string }>(`insert into exam_papers (exam_id, content_hash, paper) values ($1, $2, '{}') returning id`, [
    examId,
    `p-${Math.random()}`,
  ]);
  await query(
    `insert into exam_attempts (exam_id, user_id, paper_id, attempt_number, status, score, is_first, submitted_seq, deadline_at)
     values ($1, $2, $3, 1, 'submitted', $4, true, nextval('exam_attempt_submit_seq'), now())`,
    [examId, userId, paper!.id, score],
  );
}

async function pickExam(page: Page, title: string) {
  const picker = page.getByRole('dialog', { name: 'Select an Exam' });
  await picker.getByRole('textbox', { name: 'Filter Title' }).fill(title);
  await picker.getByRole('checkbox', { name: `Select ${title}` }).check();
  await picker.getByRole('button', { name: 'Select 1 item(s)' }).click();
  await expect(picker).toBeHidden();
}

test.describe('rank files', () => {
  test('adds a rank file with two exams (each attached and saved at once), syncs and publishes its ranking, and a course lists it', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Rank Admin'));
    const suffix = Date.now().toString(36);
    const [first, second] = [`Week 1 mock ${suffix}`, `Week 2 mock ${suffix}`];
    const e1 = await publishedExam(first);
    const e2 = await publishedExam(second);
    const [anu, binu] = [await student(`Anu${suffix}`), await student(`Binu${suffix}`)];
    await firstAttempt(e1, anu, 40);
    await firstAttempt(e2, anu, 30);
    await firstAttempt(e1, binu, 55);

    await page.goto('/admin/rank-files');
    await expect(page.getByRole('heading', { name: 'Rank File Manager' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Rank File' }).click();
    const add = page.getByRole('dialog', { name: 'Add Rank File' });
    await add.getByRole('button', { name: 'Add Rank File' }).click();
    await expect(add.getByText('Please provide a title')).toBeVisible();
    const title = uniqueTitle('LDC rank list');
    await add.getByLabel('Title').fill(title);
    await add.getByRole('button', { name: 'Add Rank File' }).click();
    await expect(page).toHaveURL(/\/admin\/rank-files\/editor\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;

    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('button', { name: 'Attach an exam to Group 1' }).click();
    await pickExam(page, first);
    // Attaching saves at once.
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('button', { name: 'Attach an exam to Group 2' }).click();
    await pickExam(page, second);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    const groups = page.getByRole('table', { name: 'Exam groups' });
    await expect(groups).toContainText(first);
    await expect(groups).toContainText(second);

    // Offline without a rate card until one is chosen (visible, no rate card).
    await page.getByRole('switch', { name: 'Public visibility' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Item Offline!' })).toContainText('No rate card');

    await page.getByRole('button', { name: 'Sync ranking' }).click();
    await expect(page.getByText(/Synced .*, 2 students/)).toBeVisible();
    const ranking = page.getByRole('table', { name: 'Ranking' });
    await expect(ranking.getByRole('row').nth(1)).toContainText(`Anu${suffix}`);
    await expect(ranking.getByRole('row').nth(1)).toContainText('70');
    await expect(ranking.getByRole('row').nth(2)).toContainText(`Binu${suffix}`);
    await page.getByRole('button', { name: 'Publish ranking' }).click();
    await expect(page.getByRole('main').getByText('Ranking published', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sync ranking' })).toBeDisabled();
    await page.screenshot({ path: '/tmp/rank-file-editor.png', fullPage: true, animations: 'disabled' });

    // Reloaded: the groups are stored in order.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Exam groups' }).getByRole('row').nth(1)).toContainText(first);
    const stored = (await (await page.request.get(`/api/admin/rankfiles/${id}`)).json()) as { groups: Array<{ exam: string }> };
    expect(stored.groups.map((group) => group.exam)).toEqual([e1, e2]);

    // A course lists it through the rank-file picker.
    const course = ((await (await page.request.post('/api/admin/courses', { data: { title: uniqueTitle('Course with ranks') } })).json()) as { _id: string })
      ._id;
    await page.goto(`/admin/courses/editor/${course}/rankfiles`);
    await page.getByRole('button', { name: 'Add rank files' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Rank Files' });
    await picker.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    await picker.getByRole('checkbox', { name: `Select ${title}` }).check();
    await picker.getByRole('button', { name: 'Select 1 item(s)' }).click();
    await expect(page.getByRole('list', { name: 'Attached rank files' })).toContainText(title);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    // Listed by a course, the rank file cannot be deleted.
    await page.goto(`/admin/rank-files/editor/${id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Rank File' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/It is in the course “Course with ranks/)).toBeVisible();
  });

  test('a failed list load says "Fetching course failed" and Try again loads it', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['staff'], 'Rank Staff'));
    await page.route(/\/trpc\/[^?]*rankFiles\.list/, (route) => route.abort('connectionrefused'));
    await page.goto('/admin/rank-files');
    const failure = page.getByRole('alert').filter({ hasText: 'Fetching course failed' });
    await expect(failure).toContainText('Network error');
    await page.unroute(/\/trpc\/[^?]*rankFiles\.list/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Rank files' })).toBeVisible();
  });
});
