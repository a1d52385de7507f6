import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { createLecture, fixture, saveLecture, snap, uploadAsset } from './support/media.ts';

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
    await expect(page.getByRole('status', { name: 'Processing status' })).toContainText('Ready', { timeout: 45_000 });
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
    await expect(note.getByText('Ready', { exact: true })).toBeVisible({ timeout: 45_000 });
    await expect(note.getByRole('button', { name: 'Add to queue' })).toHaveCount(0);

    // The stored PDF disappears (e.g. removed from the bucket by hand).
    const [row] = await query<{ storage_key: string }>('select storage_key from assets where id = $1', [pdf._id]);
    rmSync(path.join(process.env.E2E_DATA_DIR!, 'storage', ...row!.storage_key.split('/')));
    await page.reload();
    await expect(note.getByRole('img', { name: 'The PDF file is missing' })).toBeVisible();
    await snap(page, 'file-pdf-missing');
  });
});
