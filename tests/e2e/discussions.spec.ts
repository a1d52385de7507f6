import { expect, test } from '@playwright/test';
import { ADMIN_COMMENTS_PAGE_SIZE } from '../../shared/comments/comments.schema.ts';
import { createConsoleUser, createStudent, query, signInThroughApi } from './support/helpers.ts';
import { createLecture, snap } from './support/media.ts';
import { pushStandIn } from './support/push.ts';

test.describe('lecture discussions', () => {
  test("a student's comment raises the unread count; staff reply in the Discussions tab and the student's phone gets the push", async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Discussions Admin'));
    await createConsoleUser(['educator'], 'Dr. Meera Nair');
    const lectureTitle = `Fundamental duties ${Date.now().toString(36)}`;
    const lectureId = await createLecture(page, lectureTitle);
    await query('update lectures set is_published = true, is_visible = true where id = $1', [lectureId]);
    await query('update admin_alerts set read_at = now() where read_at is null');

    const studentPage = await (await browser.newContext()).newPage();
    await signInThroughApi(studentPage, await createStudent({ name: 'Asha' }));
    const subscription = await pushStandIn<{ endpoint: string }>('/__standin/subscribe');
    expect((await studentPage.request.post('/api/student/push-subscriptions', { data: subscription })).status()).toBe(200);
    expect((await studentPage.request.post(`/api/student/lectures/${lectureId}/comments`, { data: { message: 'Is Article 51A enforceable?' } })).status()).toBe(
      200,
    );

    await page.goto(`/admin/videos/lectures/${lectureId}`);
    await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: /^Notifications/ })).toContainText('1');
    await page.getByRole('navigation', { name: 'Lecture editor' }).getByRole('link', { name: 'Discussions' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/videos/lectures/${lectureId}/discussions$`));
    const comment = page.getByRole('listitem', { name: 'Comment by Asha' });
    await expect(comment).toContainText('Is Article 51A enforceable?');
    await comment.getByRole('button', { name: 'Reply' }).click();
    const modal = page.getByRole('dialog', { name: 'Reply' });
    await modal.getByLabel('Author').selectOption('Dr. Meera Nair');
    await modal.getByLabel(/^Message/).fill('No, they are not enforceable by courts.');
    await expect(modal.getByLabel('Is Administrator')).toBeChecked();
    await modal.getByRole('button', { name: 'Reply' }).click();
    await expect(modal).toBeHidden();
    await expect(comment.getByRole('list', { name: 'Replies' })).toContainText('No, they are not enforceable by courts.');
    await snap(page, 'discussions');
    await expect
      .poll(async () =>
        (await pushStandIn<Array<{ subscription: string; payload: { title: string; body: string } }>>('/__standin/received'))
          .filter((push) => subscription.endpoint.endsWith(push.subscription))
          .map((push) => push.payload.title),
      )
      .toEqual(['Dr. Meera Nair - replied to you']);
  });

  test('staff write, hide and pin comments; more than three replies fold; a failed delete says Failed', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Discussions Admin 2'));
    await createConsoleUser(['educator'], 'Prof. Ravi');
    const lectureId = await createLecture(page, `Preamble ${Date.now().toString(36)}`);
    await page.goto(`/admin/videos/lectures/${lectureId}/discussions`);
    await page.getByRole('button', { name: 'New Comment' }).click();
    const modal = page.getByRole('dialog', { name: 'New Comment' });
    await expect(modal.getByLabel('Visible to public')).toHaveCount(0);
    await expect(modal.getByLabel('Pinned')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Choose who the comment is from')).toBeVisible();
    await modal.getByLabel('Author').selectOption('Prof. Ravi');
    await modal.getByLabel(/^Message/).fill('Read the Preamble aloud once.');
    await modal.getByRole('button', { name: 'Save' }).click();
    const comment = page.getByRole('listitem', { name: 'Comment by Prof. Ravi' });
    await expect(comment.getByLabel('Posted by an administrator')).toBeVisible();

    await comment.getByRole('button', { name: 'Edit the comment by Prof. Ravi' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Comment' });
    await edit.getByLabel('Visible to public').click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(comment).toContainText('(Not visible to public)');

    const [row] = await query<{ id: string }>('select id from comments where lecture_id = $1', [lectureId]);
    for (let i = 1; i <= 4; i += 1)
      await page.request.post(`/api/admin/comments/reply/${row!.id}`, { data: { resourceId: lectureId, message: `Reply ${i}`, name: 'Prof. Ravi' } });
    await page.reload();
    const replies = comment.getByRole('list', { name: 'Replies' }).getByRole('listitem');
    await expect(replies).toHaveCount(3);
    await comment.getByRole('button', { name: 'See more replies' }).click();
    await expect(replies).toHaveCount(4);
    await comment.getByRole('button', { name: 'Hide replies' }).click();
    await expect(replies).toHaveCount(3);

    await page.route(/\/trpc\/comments\.delete/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: 'Database unavailable', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }),
      }),
    );
    await comment.getByRole('button', { name: 'Delete the comment by Prof. Ravi' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Comment' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByText('Failed')).toBeVisible();
    await expect(confirm.getByText('Database unavailable')).toBeVisible();
  });

  test('the inbox shows student questions across lectures; staff reply in place and it leaves the unanswered filter', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Inbox Admin'));
    await createConsoleUser(['educator'], 'Ms. Latha');
    const title = `Inbox lecture ${Date.now().toString(36)}`;
    const lectureId = await createLecture(page, title);
    await query('update lectures set is_published = true, is_visible = true where id = $1', [lectureId]);
    const studentPage = await (await browser.newContext()).newPage();
    await signInThroughApi(studentPage, await createStudent({ name: 'Ravi' }));
    const question = `When is the exam? ${Date.now()}`;
    expect((await studentPage.request.post(`/api/student/lectures/${lectureId}/comments`, { data: { message: question } })).status()).toBe(200);

    await page.goto('/admin/videos');
    // The inbox has its own side-bar link, selected while it is open.
    const sideBarLink = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Discussions' });
    await sideBarLink.click();
    await expect(page).toHaveURL(/\/admin\/discussions$/);
    await expect(sideBarLink).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Discussions' })).toBeVisible();
    await page.getByLabel('Only without a staff reply').check();
    const card = page.getByRole('listitem', { name: 'Comment by Ravi' }).filter({ hasText: question });
    await expect(card.getByRole('link', { name: title })).toBeVisible();
    await expect(card).toContainText('No staff reply yet');
    await card.getByRole('button', { name: 'Reply' }).click();
    const modal = page.getByRole('dialog', { name: 'Reply' });
    await modal.getByLabel('Author').selectOption('Ms. Latha');
    await modal.getByLabel(/^Message/).fill('In March.');
    await modal.getByRole('button', { name: 'Reply' }).click();
    // The student has not allowed notifications: the reply stays, and the console says why the push did not go.
    await expect(page.getByRole('alertdialog', { name: 'Failed' }).getByText('The student has not allowed notifications in the app')).toBeVisible();
    await page.getByRole('alertdialog', { name: 'Failed' }).getByRole('button', { name: 'OK' }).click();
    await expect(card).toHaveCount(0);
    await snap(page, 'discussions-inbox');
  });
  test('/admin/discussions/subject opens the inbox too, with the Discussions side-bar link selected, for each role that opens lectures', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['staff'], 'Inbox Staff'));
    await page.goto('/admin/discussions/subject');
    await expect(page.getByRole('heading', { name: 'Discussions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
    await expect(page.getByLabel('Only without a staff reply')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link', { name: 'Discussions' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Lecture Videos' })).not.toHaveAttribute('aria-current', 'page');
    await snap(page, 'discussions-subject');
    // An address under it that is not a screen is still not found.
    await page.goto('/admin/discussions/nothing-here');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('one long unbroken word, a long name or a long reply wraps: the page keeps its width and every button stays reachable', async ({ page, browser }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Long Words Admin'));
    const educator = `Dr. ${'Vasudevan'.repeat(12)}`;
    await createConsoleUser(['educator'], educator);
    const title = `Long words ${Date.now().toString(36)}`;
    const lectureId = await createLecture(page, title);
    await query('update lectures set is_published = true, is_visible = true where id = $1', [lectureId]);
    const studentName = `Sreelakshmi${'Kunjikrishnan'.repeat(6)}`;
    const studentPage = await (await browser.newContext()).newPage();
    await signInThroughApi(studentPage, await createStudent({ name: studentName }));
    const written = await studentPage.request.post(`/api/student/lectures/${lectureId}/comments`, { data: { message: 'a'.repeat(2000) } });
    expect(written.status()).toBe(200);
    const commentId = ((await written.json()) as { _id: string })._id;
    expect(
      (
        await page.request.post(`/api/admin/comments/reply/${commentId}`, { data: { resourceId: lectureId, message: 'b'.repeat(2000), name: educator } })
      ).status(),
    ).toBe(200);

    const fitsTheWindow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const expectReachable = async (card: ReturnType<typeof page.getByRole>) => {
      await expect(card).toContainText('a'.repeat(50));
      expect(await fitsTheWindow()).toBe(true);
      await card.scrollIntoViewIfNeeded();
      for (const button of [
        card.getByRole('button', { name: 'Reply', exact: true }),
        card.getByRole('button', { name: `Edit the comment by ${studentName}` }),
        card.getByRole('button', { name: `Delete the comment by ${studentName}` }),
      ])
        await expect(button).toBeInViewport();
      const reply = card.getByRole('list', { name: 'Replies' });
      await reply.scrollIntoViewIfNeeded();
      await expect(reply.getByRole('button', { name: `Edit the reply by ${educator}` })).toBeInViewport();
      await expect(reply.getByRole('button', { name: `Delete the reply by ${educator}` })).toBeInViewport();
    };

    await page.goto(`/admin/videos/lectures/${lectureId}/discussions`);
    const card = page.getByRole('listitem', { name: `Comment by ${studentName}` });
    await expectReachable(card);
    await expect(page.getByRole('button', { name: 'New Comment' })).toBeVisible();
    await page.getByRole('button', { name: 'New Comment' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'New Comment' })).toBeInViewport();
    // The editor's header sticks to the top: Save and Delete stay in view with the card.
    await card.scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeInViewport();

    await page.goto('/admin/discussions');
    const inboxCard = page.getByRole('listitem', { name: `Comment by ${studentName}` });
    await expectReachable(inboxCard);
    await page.getByLabel('Only without a staff reply').scrollIntoViewIfNeeded();
    await expect(page.getByLabel('Only without a staff reply')).toBeInViewport();
    await expect(page.getByText('Only without a staff reply')).toBeInViewport();
  });

  test('a lecture with more comments than one page shows the older ones on request', async ({ page }) => {
    await signInThroughApi(page, await createConsoleUser(['admin'], 'Paging Admin'));
    const lectureId = await createLecture(page, `Many comments ${Date.now().toString(36)}`);
    await query(
      `insert into comments (lecture_id, display_name, message, created_at)
       select $1, 'Staff', 'Older comment ' || g, timestamptz '2026-01-01' + make_interval(mins => g) from generate_series(1, $2::int) g`,
      [lectureId, ADMIN_COMMENTS_PAGE_SIZE + 3],
    );
    await page.goto(`/admin/videos/lectures/${lectureId}/discussions`);
    const comments = page.getByRole('list', { name: 'Comments' }).locator(':scope > li');
    await expect(comments).toHaveCount(ADMIN_COMMENTS_PAGE_SIZE);
    await expect(page.getByText('Older comment 1', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Load older comments' }).click();
    await expect(comments).toHaveCount(ADMIN_COMMENTS_PAGE_SIZE + 3);
    await expect(page.getByText('Older comment 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load older comments' })).toHaveCount(0);
  });
});
