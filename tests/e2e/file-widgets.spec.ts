import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { createLecture, fixture, saveLecture, snap, uploadAsset } from './support/media.ts';

/** Large files of the wrong kind, made here; removed when the worker exits. */
const wrongFiles = mkdtempSync(path.join(os.tmpdir(), 'psc-e2e-wrong-files-'));
process.once('exit', () => rmSync(wrongFiles, { recursive: true, force: true }));

const MiB = 1024 * 1024;

/** A file of about 40 MB: `head` (the bytes that decide its kind) and filler. */
function bigFile(name: string, head: Buffer): string {
  const file = path.join(wrongFiles, name);
  writeFileSync(file, Buffer.concat([head, Buffer.alloc(40 * MiB, 0x20)]));
  return file;
}

/** The failure modal of a file widget shows `message`; no progress bar is left behind. */
async function expectUploadFailed(page: Page, message: string | RegExp): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Asset Upload Failed' });
  await expect(dialog).toContainText('Upload Failed');
  await expect(dialog).toContainText(message);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
}

async function closeNotice(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Asset Upload Failed' });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('file widgets', () => {
  test('replaces a video; deleting a file another lecture still uses shows the warnings', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const suffix = Date.now().toString(36);
    const first = await createLecture(page, `Right to Equality ${suffix}`);
    const second = await createLecture(page, `Right to Freedom ${suffix}`);
    const video = await uploadAsset(page, 'clip.mp4', 'video');
    await saveLecture(page, first, { title: `Right to Equality ${suffix}`, videoResourceId: video._id });
    await saveLecture(page, second, { title: `Right to Freedom ${suffix}`, videoResourceId: video._id });

    await page.goto(`/admin/videos/lectures/${first}`);
    // Uploaded through the API and never queued: the widget offers to process it.
    await expect(page.getByRole('status', { name: 'Processing status' })).toContainText('Uploaded (requires processing)');
    await expect(page.getByRole('button', { name: 'Add to Queue' })).toBeVisible();

    // Replacing keeps the file's id: the new content is processed again on its own.
    await page.getByLabel('Replace video').setInputFiles(await fixture('short-clip.mp4'));
    await expect(page.getByText('short-clip.mp4')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Processing status' })).toContainText('Ready', { timeout: 90_000 });
    await expect(page.getByText('0:02 (1 min)')).toBeVisible();
    expect((await (await page.request.get(`/api/admin/lecture/${first}`)).json()) as Record<string, unknown>).toMatchObject({
      videoResourceId: video._id,
      videoFileName: 'short-clip.mp4',
    });

    await page.getByRole('button', { name: 'Delete video' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete video' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const failure = confirm.getByRole('alert');
    await expect(failure).toContainText('Process Failed');
    await expect(failure).toContainText('Failed to delete asset');
    await expect(failure.getByRole('listitem')).toHaveText([`It is the video of the lecture “Right to Freedom ${suffix}”`]);
    await snap(page, 'file-delete-has-warnings');
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // The lecture itself was saved without the file; the file stays for the other lecture.
    await expect(page.getByText('No video uploaded')).toBeVisible();
    const saved = (await (await page.request.get(`/api/admin/lecture/${first}`)).json()) as { videoResourceId: string | null };
    expect(saved.videoResourceId).toBeNull();
    expect((await page.request.get(`/api/admin/assets/${video._id}`)).status()).toBe(200);
  });

  test('a PDF never processed offers Add to queue; a PDF whose file is gone shows the red warning icon', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const title = `Constitutional Amendments ${Date.now().toString(36)}`;
    const id = await createLecture(page, title);
    const pdf = await uploadAsset(page, 'notes.pdf', 'pdf');
    await saveLecture(page, id, {
      title,
      notes: [{ resId: 'note-1', lectureResId: '', pdfFileId: pdf._id, fileName: 'notes.pdf', fileSizeInBytes: pdf.sizeInBytes }],
    });

    await page.goto(`/admin/videos/lectures/${id}`);
    const note = page.getByRole('listitem', { name: 'notes.pdf' });
    await expect(note.getByRole('button', { name: 'Add to queue' })).toBeVisible();
    await expect(note.getByRole('img', { name: 'The PDF file is missing' })).toHaveCount(0);
    await note.getByRole('button', { name: 'Add to queue' }).click();
    await expect(note.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(note.getByRole('button', { name: 'Add to queue' })).toHaveCount(0);

    // The stored PDF disappears (e.g. removed from the bucket by hand).
    const [row] = await query<{ storage_key: string }>('select storage_key from assets where id = $1', [pdf._id]);
    rmSync(path.join(process.env.E2E_DATA_DIR!, 'storage', ...row!.storage_key.split('/')));
    await page.reload();
    await expect(note.getByRole('img', { name: 'The PDF file is missing' })).toBeVisible();
    await snap(page, 'file-pdf-missing');
  });

  test("the console refuses a file of the wrong kind before sending it, with the server's message", async ({ page }) => {
    test.setTimeout(60_000);
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const id = await createLecture(page, `Panchayati Raj ${Date.now().toString(36)}`);
    await page.goto(`/admin/videos/lectures/${id}`);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/assets/')) uploads.push(request.url());
    });

    // Chosen in the video widget: a 40 MB archive. The console knows it is no video before sending it.
    await page.getByLabel('Upload video').setInputFiles(bigFile('syllabus.zip', Buffer.from('PK\u0003\u0004')));
    await expectUploadFailed(page, 'The file syllabus.zip is not a video (MP4, MOV, MKV, WebM, AVI, MPEG-TS, FLV or 3GP)');
    await snap(page, 'file-upload-refused-by-console');
    await closeNotice(page);

    // Chosen as a PDF note: an MP4.
    await page.getByLabel('Add PDF note').setInputFiles(await fixture('clip.mp4'));
    await expectUploadFailed(page, 'The file clip.mp4 is not a PDF');
    await closeNotice(page);
    expect(uploads).toEqual([]);
  });

  test('a wrong file that reaches the server is refused promptly: its answer shows, never a hanging progress bar', async ({ page }) => {
    test.setTimeout(60_000);
    const admin = await createConsoleUser(['admin']);
    await signInThroughApi(page, admin);
    const id = await createLecture(page, `Gram Sabha ${Date.now().toString(36)}`);
    await page.goto(`/admin/videos/lectures/${id}`);
    const assetsBefore = await query<{ n: string }>('select count(*) as n from assets');

    // A 40 MB file whose name and type say video but whose content is not: it reaches the server,
    // which refuses it after its first bytes; the console shows that answer promptly.
    const videoUpload = page.waitForRequest((request) => request.url().includes('/api/assets/resumable'));
    await page.getByLabel('Upload video').setInputFiles(bigFile('lecture.mp4', Buffer.from('This is a lecture transcript, not a video.\n')));
    await videoUpload;
    await expectUploadFailed(page, 'The file lecture.mp4 is not a video (MP4, MOV, MKV, WebM, AVI, MPEG-TS, FLV or 3GP)');
    await snap(page, 'file-upload-refused-by-server');
    await closeNotice(page);

    // An MP4 named like a PDF, chosen as a note: the server reads its content and refuses it.
    const pdfUpload = page.waitForRequest((request) => request.url().includes('/api/assets/resumable'));
    await page.getByLabel('Add PDF note').setInputFiles(bigFile('notes.pdf', readFileSync(await fixture('clip.mp4'))));
    await pdfUpload;
    await expectUploadFailed(page, 'The file notes.pdf is not a PDF');
    await closeNotice(page);

    // Nothing was stored, and the widgets are ready for the right file.
    expect(await query<{ n: string }>('select count(*) as n from assets')).toEqual(assetsBefore);
    await expect(page.getByLabel('Upload video')).toBeEnabled();
    await expect(page.getByLabel('Add PDF note')).toBeEnabled();
  });
});
