import { expect, test, type Page, type Route } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { createLecture, queueFile, saveLecture, setQueueRunning, snap, uploadAsset } from './support/media.ts';

const QUEUE_PATH = '/admin/process/queue';
const QUEUE_COLUMNS = ['#', 'File ID', 'Type', 'Status', 'Priority', 'Progress', 'Last Updated On', 'Created On'];

/** A file's queue item as a finished run leaves it, written straight into the database (no worker runs it). */
async function seedFinishedItem(fileId: string, title: string, finishedHoursAgo: number): Promise<void> {
  await query(
    `insert into queue_items (asset_id, title, type, state, created_at, last_state_updated_on, finished_at)
     select id, $2, kind, 'ready', now() - make_interval(secs => $3::float8 + 600), now() - make_interval(secs => $3::float8), now() - make_interval(secs => $3::float8)
     from assets where id = $1
     on conflict (asset_id) do update set state = 'ready', created_at = excluded.created_at, finished_at = excluded.finished_at`,
    [fileId, title, finishedHoursAgo * 3600],
  );
}

/** A video as a finished run leaves it (renditions and poster recorded), so that a lecture can be published with it. */
async function markVideoProcessed(fileId: string): Promise<void> {
  await query(
    `update assets set state = 'ready', output_prefix = 'assets/' || id || '/out/v1/', poster_key = 'assets/' || id || '/out/v1/hls/poster.jpg',
       renditions = '[{"name":"360p","height":360}]'::jsonb, duration_seconds = 240 where id = $1`,
    [fileId],
  );
  await seedFinishedItem(fileId, 'clip.mp4', 0.1);
}

async function lectureState(page: Page, id: string): Promise<{ isPublished: boolean; publishWarnings: string[] }> {
  const response = await page.request.get(`/api/admin/lecture/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { isPublished: boolean; publishWarnings: string[] };
}

function queueTable(page: Page) {
  return page.getByRole('table', { name: 'Queue' });
}

/**
 * Answers the console's batched tRPC calls from the real server, except queue.list,
 * whose answer `replace` rewrites (an empty queue, a failure...).
 */
async function rewriteQueueList(page: Page, replace: (answer: unknown) => unknown, status?: number) {
  await page.route(/\/trpc\/[^?]*queue\.list/, async (route: Route) => {
    const procedures = new URL(route.request().url()).pathname.replace('/trpc/', '').split(',');
    const response = await route.fetch();
    const answers = (await response.json()) as unknown[];
    const index = procedures.indexOf('queue.list');
    answers[index] = replace(answers[index]);
    await route.fulfill({ response, status: status ?? response.status(), json: answers });
  });
}

test.describe('processing queue', () => {
  test.afterEach(async ({ page }) => {
    // Other tests need a running queue, whatever this one left behind.
    await setQueueRunning(page, true).catch(() => {});
  });

  test('shows an item waiting, then moving through its steps to ready after Start', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createConsoleUser(['admin'], 'Queue Admin');
    await signInThroughApi(page, admin);
    await setQueueRunning(page, false);
    const video = await uploadAsset(page, 'lecture-720p.mp4', 'video');
    await queueFile(page, video._id);

    await page.goto(QUEUE_PATH);
    await expect(page.getByRole('heading', { name: 'Process Queue' })).toBeVisible();
    await expect(page.getByLabel('Queue state: STOPPED')).toBeVisible();
    await expect(page.getByText(/Auto refresh in \d+s/)).toBeVisible();
    for (const heading of [...QUEUE_COLUMNS, 'Action']) {
      await expect(queueTable(page).getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    }
    const row = queueTable(page).getByRole('row').filter({ hasText: video._id });
    await expect(row).toContainText('lecture-720p.mp4');
    await expect(row).toContainText('Video');
    await expect(row).toContainText('Queued');
    await expect(row).toContainText('0%');

    await page.getByRole('button', { name: 'Start' }).click();
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('Trigger activated successfully', { timeout: 30_000 });
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByLabel('Queue state: RUNNING')).toBeVisible();

    // Refresh by hand until it is done, noting every status the row shows on the way.
    const seen: string[] = [];
    let shot = false;
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const text = (await row.getByRole('status', { name: 'Processing status' }).innerText()).replace(/\s+/g, ' ');
      if (seen.at(-1) !== text) seen.push(text);
      if (!shot && /Step \d of 5/.test(text)) {
        shot = true;
        await snap(page, 'queue-item-processing');
      }
      expect(text).toContain('Ready');
    }).toPass({ timeout: 90_000, intervals: [400] });
    test.info().annotations.push({ type: 'states seen', description: seen.join(' → ') });
    expect(seen.some((text) => /Step [1-5] of 5/.test(text))).toBe(true);
    await expect(row).toContainText('100%');
    await snap(page, 'queue-with-items');
  });

  test("names a video's and a PDF note's rows by their lecture's title, with the file name below in smaller muted text", async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await setQueueRunning(page, false);
    const video = await uploadAsset(page, 'clip.mp4', 'video');
    const pdf = await uploadAsset(page, 'notes.pdf', 'pdf');
    // The file widgets queue an upload at once, before the lecture using it is saved.
    await queueFile(page, video._id);
    await queueFile(page, pdf._id);
    const title = `Fundamental Rights ${Date.now().toString(36)}`;
    const lecture = await createLecture(page, title);
    await saveLecture(page, lecture, {
      title,
      isVisible: false,
      lecturerName: 'Dr. Anitha',
      videoResourceId: video._id,
      notes: [{ resId: 'note-1', pdfFileId: pdf._id, fileName: pdf.fileName, fileSizeInBytes: pdf.sizeInBytes }],
    });

    await page.goto(QUEUE_PATH);
    for (const [asset, type] of [
      [video, 'Video'],
      [pdf, 'Pdf'],
    ] as const) {
      const row = queueTable(page).getByRole('row').filter({ hasText: asset._id });
      await expect(row).toContainText(type);
      const name = row.getByText(title, { exact: true });
      const fileName = row.getByText(asset.fileName, { exact: true });
      await expect(name).toBeVisible();
      await expect(fileName).toBeVisible();
      const [nameBox, fileBox] = [await name.boundingBox(), await fileName.boundingBox()];
      expect(fileBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height - 1);
      const style = (locator: typeof name) =>
        locator.evaluate((element) => ({ size: parseFloat(getComputedStyle(element).fontSize), color: getComputedStyle(element).color }));
      const [nameStyle, fileStyle] = [await style(name), await style(fileName)];
      expect(fileStyle.size).toBeLessThan(nameStyle.size);
      expect(fileStyle.color).not.toBe(nameStyle.color);
    }
    await snap(page, 'queue-rows-named-by-lecture');
  });

  test('a failed item shows why, can be queued again, and can be deleted from the queue', async ({ page }) => {
    test.setTimeout(60_000);
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const broken = await uploadAsset(page, 'broken.mp4', 'video');
    await queueFile(page, broken._id);
    await page.goto(QUEUE_PATH);
    const row = queueTable(page).getByRole('row').filter({ hasText: broken._id });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row.getByRole('status', { name: 'Processing status' })).toContainText('Failed', { timeout: 1000 });
    }).toPass({ timeout: 90_000, intervals: [500] });
    await snap(page, 'queue-item-failed');

    await row.getByRole('button', { name: 'Queue again' }).click();
    await expect(page.getByText('Trigger activated successfully')).toBeVisible();

    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row.getByRole('status', { name: 'Processing status' })).toContainText('Failed', { timeout: 1000 });
    }).toPass({ timeout: 90_000, intervals: [500] });
    await row.getByRole('button', { name: 'Delete broken.mp4 from the queue' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete from Queue' });
    await expect(confirm).toContainText('the file itself stays');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    expect((await page.request.get(`/api/admin/assets/${broken._id}`)).status()).toBe(200);
  });

  test('an administrator pulls files into the queue', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await uploadAsset(page, 'notes.pdf', 'pdf');
    await page.goto(QUEUE_PATH);
    await page.getByRole('button', { name: 'Pull Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pull Data' });
    await expect(dialog.getByRole('radio', { name: 'Video' })).toBeChecked();
    await expect(dialog.getByLabel('Count')).toHaveValue('10');
    expect(await dialog.getByLabel('Count').locator('option').allInnerTexts()).toEqual(['3', '5', '10', '50', '100', '1000']);
    await expect(dialog.getByLabel('Force')).not.toBeChecked();
    await dialog.getByRole('radio', { name: 'PDF' }).click();
    await dialog.getByLabel('Count').selectOption('3');
    await snap(page, 'queue-pull-data');
    await dialog.getByRole('button', { name: 'Pull Data' }).click();
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('Data pull completed, you may need to start the process manually');
    await expect(notice).toContainText(/\d+ files? (was|were) added to the queue/);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  });

  test("a failed pull says 'Request Error' with the server's message", async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await page.route(/\/trpc\/queue\.pull/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([{ error: { message: 'Storage is not reachable', code: -32603, data: { httpStatus: 500, type: 'internal' } } }]),
      }),
    );
    await page.goto(QUEUE_PATH);
    await page.getByRole('button', { name: 'Pull Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pull Data' });
    await dialog.getByRole('button', { name: 'Pull Data' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Request Error');
    await expect(dialog.getByRole('alert')).toContainText('Storage is not reachable');
  });

  test('staff see no pull button and no Action column, and can stop the queue', async ({ page }) => {
    const staff = await createConsoleUser(['staff'], 'Sajan Staff');
    await signInThroughApi(page, staff);
    await page.goto(QUEUE_PATH);
    await expect(page.getByLabel(/Queue state: (RUNNING|STOPPED)/)).toBeVisible();
    for (const heading of QUEUE_COLUMNS) {
      await expect(queueTable(page).getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
    }
    await expect(queueTable(page).getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pull Data' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /from the queue/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    await snap(page, 'queue-staff');

    await page.getByRole('button', { name: 'Stop' }).click();
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('Requesting cancelation...');
    await expect(notice.getByRole('button')).toHaveCount(0);
    await expect(notice).toContainText('Cancellation requested!');
    await snap(page, 'queue-cancellation-requested');
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByLabel('Queue state: STOPPED')).toBeVisible();
  });

  test("a failed stop says 'Connection Error'", async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await page.route(/\/trpc\/queue\.stop/, (route) => route.abort('connectionrefused'));
    await page.goto(QUEUE_PATH);
    await page.getByRole('button', { name: 'Stop' }).click();
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('Requesting cancelation...');
    await expect(notice).toContainText('Connection Error');
    await expect(notice).toContainText('Something went wrong');
  });

  test("shows 'Empty Queue' when there is nothing, and 'Connection Error' when the list cannot load", async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    await rewriteQueueList(page, () => ({ result: { data: { items: [], state: 'RUNNING', total: 0, page: 1, pageSize: 10 } } }));
    await page.goto(QUEUE_PATH);
    await expect(queueTable(page)).toContainText('Empty Queue');
    await expect(page.getByLabel('Queue state: RUNNING')).toBeVisible();
    await snap(page, 'queue-empty');

    await page.unrouteAll({ behavior: 'wait' });
    await rewriteQueueList(
      page,
      () => ({ error: { message: 'The queue database is unavailable', code: -32603, data: { httpStatus: 503, type: 'unavailable' } } }),
      503,
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    const notice = page.getByRole('alertdialog', { name: 'Connection Error' });
    await expect(notice).toContainText('The queue database is unavailable', { timeout: 30_000 });
    await snap(page, 'queue-connection-error');
  });

  test('hides an item finished over a day ago from the default view, and the Finished filter shows it', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const old = await uploadAsset(page, 'notes.pdf', 'pdf');
    const recent = await uploadAsset(page, 'notes.pdf', 'pdf');
    await seedFinishedItem(old._id, 'Finished two days ago', 48);
    await seedFinishedItem(recent._id, 'Finished an hour ago', 1);

    await page.goto(QUEUE_PATH);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('current');
    await expect(page.getByText('Finished items leave this view a day after they finish')).toBeVisible();
    await expect(queueTable(page).getByRole('row').filter({ hasText: recent._id })).toContainText('Ready');
    await expect(queueTable(page).getByRole('row').filter({ hasText: old._id })).toHaveCount(0);
    await snap(page, 'queue-default-view');

    await page.getByLabel('Status', { exact: true }).selectOption('finished');
    // The oldest finished item is on the view's last page.
    const next = page.getByRole('button', { name: 'Next page' });
    await expect(page.getByText(/Showing [\d,]+–[\d,]+ of [\d,]+ items/)).toBeVisible();
    while (await next.isEnabled()) {
      const shown = await page.getByText(/Showing [\d,]+–/).innerText();
      await next.click();
      await expect(page.getByText(/Showing [\d,]+–/)).not.toHaveText(shown);
    }
    const row = queueTable(page).getByRole('row').filter({ hasText: old._id });
    await expect(row).toContainText('Finished two days ago');
    await expect(row).toContainText('Ready');
    await snap(page, 'queue-finished-view');

    // Neither finished item is among the failed ones (other tests' failed items may be).
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('failed');
    await expect(
      queueTable(page)
        .getByRole('row')
        .filter({ hasText: /Ready|Finished/ }),
    ).toHaveCount(0);
    for (const item of [old, recent]) await expect(queueTable(page).getByRole('row').filter({ hasText: item._id })).toHaveCount(0);
  });

  test("deleting a published lecture's renditions names the lecture, and confirming unpublishes it", async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const video = await uploadAsset(page, 'clip.mp4', 'video');
    await markVideoProcessed(video._id);
    const title = `Kerala Renaissance ${Date.now().toString(36)}`;
    const lecture = await createLecture(page, title);
    await saveLecture(page, lecture, { title, isVisible: true, lecturerName: 'Dr. Anitha', videoResourceId: video._id, notes: [] });
    expect((await lectureState(page, lecture)).isPublished).toBe(true);

    await page.goto(QUEUE_PATH);
    const row = queueTable(page).getByRole('row').filter({ hasText: video._id });
    await row.getByRole('button', { name: `Delete ${title} from the queue` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete from Queue' });
    const warning = confirm.getByRole('note', { name: 'Lectures that will be unpublished' });
    await expect(warning).toContainText(`“${title}” is published and plays this video: deleting the renditions unpublishes it`);
    await snap(page, 'queue-delete-published-lecture');
    await confirm.getByRole('button', { name: 'Unpublish and delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    const after = await lectureState(page, lecture);
    expect(after.isPublished).toBe(false);
    expect(after.publishWarnings).toEqual(['The video is still being processed']);
  });

  test('a lecture published after the dialog opened makes the server refuse: the error shows and nothing changes', async ({ page }) => {
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const video = await uploadAsset(page, 'clip.mp4', 'video');
    await markVideoProcessed(video._id);
    const title = `Indian Polity ${Date.now().toString(36)}`;
    const lecture = await createLecture(page, title);
    await saveLecture(page, lecture, { title, isVisible: false, lecturerName: 'Dr. Anitha', videoResourceId: video._id, notes: [] });

    await page.goto(QUEUE_PATH);
    const row = queueTable(page).getByRole('row').filter({ hasText: video._id });
    await row.getByRole('button', { name: `Delete ${title} from the queue` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete from Queue' });
    await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    await expect(confirm.getByRole('note')).toHaveCount(0);
    // Someone publishes the lecture in another tab meanwhile.
    await saveLecture(page, lecture, { title, isVisible: true, lecturerName: 'Dr. Anitha', videoResourceId: video._id, notes: [] });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

    const failure = confirm.getByRole('alert');
    await expect(failure).toContainText('Process Failed');
    await expect(failure).toContainText(`“${title}” is published and plays this video: deleting its renditions unpublishes it.`);
    // The dialog now names the lecture, so that a second press agrees to unpublish it.
    await expect(confirm.getByRole('note', { name: 'Lectures that will be unpublished' })).toContainText(title);
    await expect(confirm.getByRole('button', { name: 'Unpublish and delete' })).toBeVisible();
    await snap(page, 'queue-delete-refused');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    expect((await lectureState(page, lecture)).isPublished).toBe(true);
    await expect(row).toContainText('Ready');
    const [asset] = await query<{ state: string; renditions: unknown[] }>('select state, renditions from assets where id = $1', [video._id]);
    expect(asset).toEqual({ state: 'ready', renditions: [{ name: '360p', height: 360 }] });
  });
});
