import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { createConsoleUser, query, signInThroughApi } from './support/helpers.ts';
import { createLecture, fixture, saveLecture, snap, uploadAsset } from './support/media.ts';

const MiB = 1024 * 1024;
/** The console's chunk size (RESUMABLE_CHUNK_BYTES): one PATCH each. */
const CHUNK = 16 * MiB;

const files = mkdtempSync(path.join(os.tmpdir(), 'psc-e2e-resumable-'));
process.once('exit', () => rmSync(files, { recursive: true, force: true }));

/** A video by its content (a real MP4 first), about 40 MB: three chunks. */
async function longVideo(name: string): Promise<string> {
  const file = path.join(files, name);
  writeFileSync(file, Buffer.concat([readFileSync(await fixture('clip.mp4')), Buffer.alloc(40 * MiB, 0x20)]));
  return file;
}

const isChunk = (request: Request) => request.method() === 'PATCH' && request.url().includes('/api/assets/resumable/');

/**
 * Lets the first chunk through and holds every later one (as a slow connection would), so that the
 * upload stands at one chunk for as long as the test needs. Answers the held route once one waits.
 */
async function holdAfterFirstChunk(page: Page): Promise<{ held: Promise<Route>; release: () => Promise<void> }> {
  let holding = true;
  let resolveHeld: (route: Route) => void = () => {};
  const held = new Promise<Route>((resolve) => {
    resolveHeld = resolve;
  });
  const waiting: Route[] = [];
  await page.route('**/api/assets/resumable/*', async (route) => {
    const request = route.request();
    if (holding && isChunk(request) && request.headers()['upload-offset'] !== '0') {
      waiting.push(route);
      resolveHeld(route);
      return;
    }
    await route.continue();
  });
  return {
    held,
    release: async () => {
      // The handler stays and passes everything on: taking it away while the reloaded page's request
      // (the upload's offset) was in it could leave that request unanswered.
      holding = false;
      for (const route of waiting.splice(0)) await route.continue().catch(() => {});
    },
  };
}

async function openNewLecture(page: Page, title: string): Promise<string> {
  const admin = await createConsoleUser(['admin']);
  await signInThroughApi(page, admin);
  const id = await createLecture(page, `${title} ${Date.now().toString(36)}`);
  await page.goto(`/admin/videos/lectures/${id}`);
  await expect(page.getByText('No video uploaded')).toBeVisible();
  return id;
}

test.describe('resumable uploads', () => {
  test('an upload cut off by a reload resumes from where the server stopped, not from the start', async ({ page }) => {
    test.setTimeout(180_000);
    const id = await openNewLecture(page, 'Panchayati Raj');
    const file = await longVideo('panchayati-raj.mp4');
    const size = readFileSync(file).length;

    const gate = await holdAfterFirstChunk(page);
    await page.getByLabel('Upload video').setInputFiles(file);
    await gate.held;
    await expect(page.getByText(/Uploading (3[0-9])%/)).toBeVisible();
    // Reloading or closing the tab now asks first.
    expect(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(true);

    // The reload cuts the held chunk off: the server holds the first chunk only.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await gate.release();
    const percent = Math.floor((CHUNK / size) * 100);
    const note = page.getByRole('list', { name: 'Unfinished uploads' });
    // The reloaded editor loads and asks the server for the upload's offset: a ceiling for a busy machine.
    await expect(note).toHaveText(`An unfinished upload of panchayati-raj.mp4 (${percent} %) can be resumed: choose the same file`, { timeout: 60_000 });
    await page.setViewportSize({ width: 1440, height: 900 });
    await snap(page, 'resumable-unfinished-note-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'resumable-unfinished-note-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Choosing the same file again goes on from the server's offset: its first chunk starts there.
    const firstChunk = page.waitForRequest(isChunk);
    await page.getByLabel('Upload video').setInputFiles(file);
    expect((await firstChunk).headers()['upload-offset']).toBe(String(CHUNK));
    await expect(page.getByRole('status', { name: 'Processing status' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('panchayati-raj.mp4')).toBeVisible();
    const saved = (await (await page.request.get(`/api/admin/lecture/${id}`)).json()) as { videoResourceId: string | null };
    const rows = await query<{ size_in_bytes: string; kind: string }>('select size_in_bytes, kind from assets where id = $1', [saved.videoResourceId]);
    expect(rows.map((row) => [Number(row.size_in_bytes), row.kind])).toEqual([[size, 'video']]);
    await expect(note).toHaveCount(0);
  });

  test("Replace video goes resumably too: cut off by a reload, the same file chosen again goes on from the server's offset and replaces the content under the same id", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInThroughApi(page, await createConsoleUser(['admin']));
    const title = `Fundamental Duties ${Date.now().toString(36)}`;
    const id = await createLecture(page, title);
    const video = await uploadAsset(page, 'clip.mp4', 'video');
    await saveLecture(page, id, { title, videoResourceId: video._id });
    await page.goto(`/admin/videos/lectures/${id}`);
    await expect(page.getByRole('status', { name: 'Processing status' })).toContainText('Uploaded (requires processing)');
    const file = await longVideo('fundamental-duties-v2.mp4');
    const size = readFileSync(file).length;

    const gate = await holdAfterFirstChunk(page);
    await page.getByLabel('Replace video').setInputFiles(file);
    await gate.held;
    await expect(page.getByText(/Uploading (3[0-9])%/)).toBeVisible();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await gate.release();
    await expect(page.getByRole('status', { name: 'Processing status' })).toContainText('Uploaded (requires processing)');
    // Nothing replaced yet: the file keeps its first content.
    expect((await query<{ file_name: string }>('select file_name from assets where id = $1', [video._id])).map((row) => row.file_name)).toEqual(['clip.mp4']);

    const firstChunk = page.waitForRequest(isChunk);
    const replaced = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith(`/replace/${video._id}`));
    await page.getByLabel('Replace video').setInputFiles(file);
    expect((await firstChunk).headers()['upload-offset']).toBe(String(CHUNK));
    expect((await replaced).status()).toBe(200);
    await expect(page.getByText('fundamental-duties-v2.mp4')).toBeVisible();
    const rows = await query<{ file_name: string; size_in_bytes: string }>('select file_name, size_in_bytes from assets where id = $1', [video._id]);
    expect(rows.map((row) => [row.file_name, Number(row.size_in_bytes)])).toEqual([['fundamental-duties-v2.mp4', size]]);
    expect((await (await page.request.get(`/api/admin/lecture/${id}`)).json()) as Record<string, unknown>).toMatchObject({ videoResourceId: video._id });
  });

  test('a side-bar link during an upload asks first; Stay keeps the upload running to the end', async ({ page }) => {
    test.setTimeout(180_000);
    const id = await openNewLecture(page, 'Gram Sabha');
    const file = await longVideo('gram-sabha.mp4');
    const gate = await holdAfterFirstChunk(page);
    await page.getByLabel('Upload video').setInputFiles(file);
    await gate.held;

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Subscriptions' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave while a file is uploading?' });
    await expect(dialog).toContainText(
      /gram-sabha\.mp4 is 3[0-9] % uploaded\. If you leave now, the upload stops; choose the same file again later to resume it from there\./,
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await snap(page, 'resumable-leave-prompt-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'resumable-leave-prompt-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/admin/videos/lectures/${id}$`));

    await gate.release();
    await expect(page.getByRole('status', { name: 'Processing status' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('gram-sabha.mp4')).toBeVisible();
    // Once it is done, leaving asks nothing.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Subscriptions' }).click();
    await expect(page).toHaveURL(/\/admin\/subscriptions/);
  });

  test("a file whose content is not a video is refused with the server's message and nothing is kept", async ({ page }) => {
    await openNewLecture(page, 'Finance Commission');
    const file = path.join(files, 'finance-commission.mp4');
    writeFileSync(file, Buffer.alloc(64 * 1024, 'This is a transcript, not a video.\n'));
    const before = await query<{ n: string }>('select count(*) as n from assets');
    await page.getByLabel('Upload video').setInputFiles(file);
    const notice = page.getByRole('alertdialog', { name: 'Asset Upload Failed' });
    await expect(notice).toContainText('The file finance-commission.mp4 is not a video (MP4, MOV, MKV, WebM, AVI, MPEG-TS, FLV or 3GP)');
    await snap(page, 'resumable-refused');
    await notice.getByRole('button', { name: 'OK' }).click();
    expect(await query<{ n: string }>('select count(*) as n from assets')).toEqual(before);
    expect(await query('select id from resumable_uploads where file_name = $1', ['finance-commission.mp4'])).toEqual([]);
    await expect(page.getByRole('list', { name: 'Unfinished uploads' })).toHaveCount(0);
    await expect(page.getByLabel('Upload video')).toBeEnabled();
  });
});
