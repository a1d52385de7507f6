import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { createLecture, fixture, limitUploadSpeed, recordProcessingStatuses, snap } from './support/media.ts';
import { BUSY_ANSWER } from './support/answers.ts';

const OFFLINE_TEXT = 'This content cannot be seen by students and other users through the app. To make it public, please resolve below warnings.';
const YOUTUBE_ID_ONLY = 'Enter the YouTube video id only (11 characters, e.g. dQw4w9WgXcQ), not a link';

async function signInAsAdmin(page: Page) {
  const admin = await createConsoleUser(['admin'], 'Lekha Admin');
  await signInThroughApi(page, admin);
  return admin;
}

function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}`;
}

test.describe('lecture catalogue', () => {
  test('asks for a title, adds the lecture, opens its editor and lists it', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/videos');
    await expect(page.getByRole('heading', { name: 'Lecture Video Manager' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Lectures' });
    for (const heading of ['Title', 'Status', 'Subscription', 'Duration (File Size)', 'Notes (PDF)']) {
      await expect(table.getByRole('columnheader', { name: heading })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Add Lecture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Lecture' });
    await dialog.getByRole('button', { name: 'Add Lecture' }).click();
    await expect(dialog.getByText('Please provide a title')).toBeVisible();
    await snap(page, 'catalogue-add-lecture-required');

    const title = uniqueTitle('Preamble and Fundamental Rights');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add Lecture' }).click();
    await expect(page).toHaveURL(/\/admin\/videos\/lectures\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('textbox', { name: 'Lecture title' })).toHaveValue(title);
    await expect(page.getByText('Unpublished')).toBeVisible();

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/admin\/videos$/);
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Unpublished');
    await expect(row).toContainText('No subscription');
    await expect(row).toContainText('Video not uploaded');
    await expect(row).toContainText('No Notes Attached');
    await snap(page, 'catalogue');
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/admin\/videos\/lectures\//);
  });

  test("says 'Lecture cannot be added' with the server's message when creating fails", async ({ page }) => {
    await signInAsAdmin(page);
    await page.route(/\/trpc\/lectures\.create/, (route) => route.fulfill(BUSY_ANSWER));
    await page.goto('/admin/videos');
    await page.getByRole('button', { name: 'Add Lecture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Lecture' });
    await dialog.getByLabel('Title').fill('Directive Principles');
    await dialog.getByRole('button', { name: 'Add Lecture' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Lecture cannot be added');
    await expect(alert).toContainText('The database is busy');
    await expect(dialog.getByLabel('Title')).toHaveValue('Directive Principles');
  });
});

test.describe('lecture loading failures', () => {
  test("the catalogue says 'Fetching course failed' and the editor 'Fetching data failed'", async ({ page }) => {
    await signInAsAdmin(page);
    await page.route(/\/trpc\/[^?]*lectures\.list/, (route) => route.abort('connectionrefused'));
    await page.goto('/admin/videos');
    const listFailure = page.getByRole('alert').filter({ hasText: 'Fetching course failed' });
    await expect(listFailure).toContainText('Network error', { timeout: 30_000 });
    await page.unrouteAll({ behavior: 'wait' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(listFailure).toBeHidden();

    await page.goto('/admin/videos/lectures/00000000-0000-4000-8000-000000000000');
    const loadFailure = page.getByRole('alert').filter({ hasText: 'Fetching data failed' });
    await expect(loadFailure).toContainText('Lecture not found');
    await snap(page, 'editor-load-failed');
  });
});

test.describe('lecture editor: video', () => {
  test('uploads a video, watches it process, plays it, and deletes it', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    // The player fetches the video's key as soon as it loads, before it is asked to play.
    const keyAnswer = page.waitForResponse((response) => /\/api\/assets\/[0-9a-f-]{36}\/key\?.*scope=key/.test(response.url()), { timeout: 110_000 });
    const clip = await fixture('clip.mp4');
    const title = uniqueTitle('Fundamental Duties');
    const id = await createLecture(page, title);
    await page.goto(`/admin/videos/lectures/${id}`);
    await expect(page.getByRole('textbox', { name: 'Lecture title' })).toHaveValue(title);

    // Visible but held back: the red panel lists what is missing.
    await page.getByRole('switch', { name: 'Public visibility' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const offline = page.getByRole('alert').filter({ hasText: 'Lecture Offline!' });
    await expect(offline).toContainText(OFFLINE_TEXT);
    await expect(offline).toContainText('No video: upload a video or enter a YouTube video id');
    await expect(offline).toContainText('No lecturer: choose the lecturer of this lecture');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await snap(page, 'editor-offline-warnings');

    // A slowed-down upload shows its progress, then the file is saved on the lecture and queued.
    const statuses = await recordProcessingStatuses(page);
    await limitUploadSpeed(page, 160_000);
    await page.getByLabel('Upload video').setInputFiles(clip);
    await expect(page.getByText(/Uploading [1-9]\d?%/)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await snap(page, 'editor-upload-in-progress');
    await limitUploadSpeed(page, null);

    const video = page.getByRole('region', { name: 'Preview' });
    const status = page.getByRole('status', { name: 'Processing status' });
    await expect(status).toContainText('Ready', { timeout: 90_000 });
    const seen = await statuses();
    test.info().annotations.push({ type: 'states seen', description: seen.join(' → ') });
    expect(seen.at(-1)).toContain('Ready');
    expect(seen.some((text) => /Queued|Step \d of 5|Uploaded/.test(text))).toBe(true);

    const renditions = page.getByRole('table', { name: 'Renditions' });
    await expect(renditions.getByRole('row').filter({ hasText: '240p' })).toContainText('426×240');
    await expect(renditions.getByRole('row').filter({ hasText: '360p' })).toContainText('640×360');
    await expect(page.getByRole('button', { name: 'Add to Queue' })).toBeVisible();
    await expect(page.getByText('0:04 (1 min)')).toBeVisible();
    const poster = page.getByRole('img', { name: 'Video poster' });
    await expect(poster).toBeVisible();
    expect(await poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The server decided again once the video was ready: only the lecturer is missing.
    await expect(offline).not.toContainText('No video');
    await expect(offline).toContainText('No lecturer');

    // Real playback through hls.js and Media Source Extensions, of encrypted segments: the player
    // fetches the video's key with the console session from the link in the rendition playlist.
    const player = video.getByLabel('Video preview');
    await player.scrollIntoViewIfNeeded();
    await player.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await player.evaluate((element: HTMLVideoElement) => [element.videoWidth > 0, element.error])).toEqual([true, null]);
    const key = await keyAnswer;
    expect([key.status(), (await key.body()).length, key.headers()['cache-control']]).toEqual([200, 16, 'no-store']);
    await snap(page, 'editor-video-ready');
    // On a phone the renditions (the sound-only one included) stay readable.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('cell', { name: 'Sound only' })).toBeVisible();
    await snap(page, 'editor-video-ready-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The catalogue shows the duration and size.
    await page.goto('/admin/videos');
    await page.getByRole('textbox', { name: 'Filter Title' }).fill(title);
    const row = page.getByRole('table', { name: 'Lectures' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('1 min');
    await expect(row).toContainText('KB');
    await row.getByRole('link', { name: title }).click();

    // Deleting the video asks first, then clears it from the lecture and saves.
    await page.getByRole('button', { name: 'Delete video' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete video' });
    await expect(confirm).toContainText('This action cannot be undone');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('File deleted successfully')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No video uploaded')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Video poster' })).toHaveCount(0);
    await expect(offline).toContainText('No video: upload a video or enter a YouTube video id');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await snap(page, 'editor-video-deleted');

    const saved = (await (await page.request.get(`/api/admin/lecture/${id}`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ videoResourceId: null, videoFileName: null, videoFileSizeInBytes: null, videoDurationInMinutes: null });
  });

  test('refuses a video widget upload that is not a video', async ({ page }) => {
    await signInAsAdmin(page);
    const id = await createLecture(page, uniqueTitle('Panchayati Raj'));
    await page.goto(`/admin/videos/lectures/${id}`);
    await page.getByLabel('Upload video').setInputFiles(await fixture('reading-list.txt'));
    const failure = page.getByRole('alertdialog', { name: 'Asset Upload Failed' });
    await expect(failure).toContainText('Upload Failed');
    await snap(page, 'editor-upload-failed');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expect(failure).toBeHidden();
    await expect(page.getByText('No video uploaded')).toBeVisible();
  });
});

test.describe('lecture editor: fields, notes and delete', () => {
  test('the YouTube field refuses a link; nothing typed is lost; a video id saves', async ({ page }) => {
    await signInAsAdmin(page);
    const title = uniqueTitle('Emergency Provisions');
    const id = await createLecture(page, title);
    await page.goto(`/admin/videos/lectures/${id}/general`);
    const youtube = page.getByLabel('YouTube video ID');
    await youtube.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(page.getByText(YOUTUBE_ID_ONLY)).toBeVisible();
    await page.getByLabel('Lecturer name').fill('Suresh Kumar');
    await page.getByRole('button', { name: 'Save' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Update subject failed' });
    await expect(failure).toContainText(YOUTUBE_ID_ONLY);
    await expect(page.getByText('Your changes are still here: nothing was lost.')).toBeVisible();
    await snap(page, 'editor-youtube-refused');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(failure).toHaveCount(0);
    await expect(youtube).toHaveValue('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(page.getByLabel('Lecturer name')).toHaveValue('Suresh Kumar');
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

    await youtube.fill('dQw4w9WgXcQ');
    await expect(page.getByText(YOUTUBE_ID_ONLY)).toBeHidden();
    await page.getByRole('switch', { name: 'Enable YouTube player' }).click();
    await page.getByRole('switch', { name: 'Public visibility' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByText('Lecture Offline!')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    await page.reload();
    await expect(page.getByLabel('YouTube video ID')).toHaveValue('dQw4w9WgXcQ');
    await expect(page.getByLabel('Lecturer name')).toHaveValue('Suresh Kumar');
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
  });

  test('adds a PDF note, converts it and pages through it, then removes it', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const id = await createLecture(page, uniqueTitle('Citizenship'));
    await page.goto(`/admin/videos/lectures/${id}`);
    await expect(page.getByText('No Notes Attached')).toBeVisible();
    await page.getByLabel('Add PDF note').setInputFiles(await fixture('notes.pdf'));

    const note = page.getByRole('listitem', { name: 'notes.pdf' });
    await expect(note).toBeVisible();
    await expect(note.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(note.getByRole('img', { name: 'The PDF file is missing' })).toHaveCount(0);
    await snap(page, 'editor-pdf-note-ready');

    await note.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'notes.pdf' });
    await expect(preview.getByText('Page 1 of 3')).toBeVisible();
    const image = preview.getByRole('img');
    await expect(image).toHaveAttribute('src', /\/pages\/1\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(preview.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await preview.getByRole('button', { name: 'Next' }).click();
    await expect(preview.getByText('Page 2 of 3')).toBeVisible();
    await preview.getByRole('button', { name: 'Next' }).click();
    await expect(preview.getByText('Page 3 of 3')).toBeVisible();
    await expect(image).toHaveAttribute('src', /\/pages\/3\.png$/);
    await expect(preview.getByRole('button', { name: 'Next' })).toBeDisabled();
    await snap(page, 'editor-pdf-preview');
    await page.keyboard.press('Escape');

    const saved = (await (await page.request.get(`/api/admin/lecture/${id}`)).json()) as { notes: Array<Record<string, unknown>>; resId: string };
    expect(saved.notes).toHaveLength(1);
    expect(saved.notes[0]).toMatchObject({ fileName: 'notes.pdf', lectureResId: saved.resId });

    await note.getByRole('button', { name: 'Remove note' }).click();
    await page.getByRole('alertdialog', { name: 'Remove note' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('File deleted successfully')).toBeVisible();
    await expect(page.getByText('No Notes Attached')).toBeVisible();
    const after = (await (await page.request.get(`/api/admin/lecture/${id}`)).json()) as { notes: unknown[] };
    expect(after.notes).toEqual([]);
  });

  test('type=v1 hides the back arrow and delete and keeps the query on the tab link', async ({ page }) => {
    await signInAsAdmin(page);
    const id = await createLecture(page, uniqueTitle('Union Executive'));
    await page.goto(`/admin/videos/lectures/${id}?type=v1`);
    await expect(page.getByRole('textbox', { name: 'Lecture title' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    const tabs = page.getByRole('navigation', { name: 'Lecture editor' });
    await expect(tabs.getByRole('link', { name: 'General' })).toHaveAttribute('href', `/admin/videos/lectures/${id}/general?type=v1`);
    await expect(tabs.getByRole('link', { name: 'Discussions' })).toHaveAttribute('href', `/admin/videos/lectures/${id}/discussions?type=v1`);
  });

  test("deletes a lecture after confirmation ('Deleting...') and returns to the catalogue", async ({ page }) => {
    await signInAsAdmin(page);
    const title = uniqueTitle('Official Language');
    const id = await createLecture(page, title);
    await page.goto(`/admin/videos/lectures/${id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Lecture' });
    await expect(confirm).toContainText('You are about to delete this lecture. Do you want to continue?');
    await snap(page, 'editor-delete-confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('button', { name: 'Deleting...' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/videos$/);
    expect((await page.request.get(`/api/admin/lecture/${id}`)).status()).toBe(404);
  });

  test('a failed lecture delete lists the warnings', async ({ page }) => {
    await signInAsAdmin(page);
    const id = await createLecture(page, uniqueTitle('Finance Commission'));
    await page.route(/\/trpc\/lectures\.delete/, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'This lecture is still in use',
              code: -32009,
              data: { code: 'CONFLICT', httpStatus: 409, type: 'has-warnings', warnings: ['It is in the course “LDC 2026”'] },
            },
          },
        ]),
      }),
    );
    await page.goto(`/admin/videos/lectures/${id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Delete Lecture' }).getByRole('button', { name: 'Delete' }).click();
    const failure = page.getByRole('alertdialog', { name: 'Delete Failed' });
    await expect(failure).toContainText('Please resolve these warnings and try again');
    await expect(failure.getByRole('listitem')).toHaveText(['It is in the course “LDC 2026”']);
    await snap(page, 'editor-delete-failed');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/videos/lectures/${id}$`));
  });
});

test.describe('lecture editor: rate card, educator and attached courses', () => {
  test('sells the lecture under a rate card, links an educator, offers an exam, and lists the courses that hold it', async ({ page }) => {
    await signInAsAdmin(page);
    const suffix = Date.now().toString(36);
    const [educator] = await query<{ id: string }>(`insert into users (name, email_address, roles) values ($1, $2, '{educator}') returning id`, [
      `Meera ${suffix}`,
      `meera-${suffix}@example.com`,
    ]);
    await query(`insert into subscriptions (title, net_amount) values ($1, 499)`, [`Polity pack ${suffix}`]);
    const title = `Preamble ${suffix}`;
    const id = await createLecture(page, title);
    const course = ((await (await page.request.post('/api/admin/courses', { data: { title: `Polity course ${suffix}` } })).json()) as { _id: string })._id;
    expect(
      (
        await page.request.put(`/api/admin/courses/${course}`, {
          data: { value: { title: `Polity course ${suffix}`, subjects: [{ title: 'Polity', lectures: [id] }] } },
        })
      ).status(),
    ).toBe(200);

    await page.goto(`/admin/videos/lectures/${id}/general`);
    await expect(page.getByRole('list', { name: 'Attached courses' }).getByRole('link', { name: `Polity course ${suffix}` })).toHaveAttribute(
      'href',
      `/admin/courses/editor/${course}`,
    );
    await page.getByLabel('Subscription').selectOption({ label: `Polity pack ${suffix} (₹499.00)` });
    await page.getByLabel('Educator').selectOption({ label: `Meera ${suffix} (meera-${suffix}@example.com)` });
    await expect(page.getByLabel('Lecturer name')).toHaveValue(`Meera ${suffix}`);
    await expect(page.getByLabel('Lecturer name')).toBeDisabled();
    const [quiz] = await query<{ id: string }>(`insert into exams (title, template_id) values ($1, 'mock-test') returning id`, [`Preamble quiz ${suffix}`]);
    await page.getByRole('button', { name: 'Add exams' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Exams' });
    await picker.getByRole('textbox', { name: 'Filter Title' }).fill(`Preamble quiz ${suffix}`);
    await picker.getByRole('checkbox', { name: `Select Preamble quiz ${suffix}` }).check();
    await picker.getByRole('button', { name: 'Select 1 item(s)' }).click();
    await expect(page.getByRole('list', { name: 'Exams of the lecture' })).toContainText(`Preamble quiz ${suffix}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    const stored = (await (await page.request.get(`/api/admin/lecture/${id}`)).json()) as {
      lecturerId: string;
      masterSubscription: string | null;
      exams: Array<{ _id: string }>;
    };
    expect(stored.lecturerId).toBe(educator!.id);
    expect(stored.masterSubscription).not.toBeNull();
    expect(stored.exams.map((exam) => exam._id)).toEqual([quiz!.id]);
  });
});
