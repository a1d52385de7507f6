import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaWorkspace, makeTestPdf, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { useApp } from '../../support/app-harness.ts';
import { uploadFile } from '../../support/uploads.ts';

const BASE = '/api/admin/assets/process/video';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
let files: MediaWorkspace;

beforeAll(async () => {
  files = await createMediaWorkspace();
  // Nothing here is processed: the items only wait, so their rows stay as the test leaves them.
  await harness.db.updateTable('queue_settings').set({ state: 'STOPPED' }).execute();
});
afterAll(async () => {
  await files?.remove();
});

async function startProcessing(id: string) {
  const response = await asAdmin('POST', `${BASE}/${id}`, {}, { 'content-type': 'application/json' });
  expect(response.statusCode, response.body).toBe(200);
}

async function queueRows(): Promise<Array<{ fileId: string; title: string; fileName: string; type: string }>> {
  const response = await asAdmin('GET', `${BASE}/queue/items`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

async function createLecture(title: string): Promise<string> {
  const response = await asAdmin('POST', '/api/admin/lecture', { title });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id;
}

async function saveLecture(id: string, value: Record<string, unknown>) {
  const response = await asAdmin('PUT', `/api/admin/lecture/${id}`, { value });
  expect(response.statusCode, response.body).toBe(200);
}

describe('queue rows', () => {
  it('name a video and a PDF note by the lecture they are used in, with the file name beside it, even when queued before the lecture was saved', async () => {
    const video = await uploadFile(
      asAdmin,
      await makeTestVideo({ dir: files.dir, seconds: 1, width: 320, height: 240, audio: false }),
      'VID_20261121_final-v3.mp4',
    );
    const pdf = await uploadFile(asAdmin, await makeTestPdf(1, { dir: files.dir, name: 'rivers.pdf' }), 'ch4_rivers_scan.pdf');
    const loose = await uploadFile(asAdmin, await makeTestPdf(1, { dir: files.dir, name: 'loose.pdf' }), 'unused-handout.pdf');
    // The editor queues an upload at once, before the lecture that uses it is saved.
    for (const id of [video, pdf, loose]) await startProcessing(id);

    const lecture = await createLecture('Rivers of Kerala');
    const notes = [{ resId: 'n1', pdfFileId: pdf, fileName: 'ch4_rivers_scan.pdf', fileSizeInBytes: 1 }];
    await saveLecture(lecture, { title: 'Rivers of Kerala', isVisible: false, lecturerName: 'Dr. Anitha', videoResourceId: video, notes });

    const byFile = new Map((await queueRows()).map((row) => [row.fileId, row]));
    expect(byFile.get(video)).toMatchObject({ type: 'video', title: 'Rivers of Kerala', fileName: 'VID_20261121_final-v3.mp4' });
    expect(byFile.get(pdf)).toMatchObject({ type: 'pdf', title: 'Rivers of Kerala', fileName: 'ch4_rivers_scan.pdf' });
    // A file no lecture uses keeps its file name as its title.
    expect(byFile.get(loose)).toMatchObject({ type: 'pdf', title: 'unused-handout.pdf', fileName: 'unused-handout.pdf' });

    // Renaming the lecture renames its rows; the single-item answer says the same.
    await saveLecture(lecture, { title: 'Rivers and Lakes of Kerala', isVisible: false, lecturerName: 'Dr. Anitha', videoResourceId: video, notes });
    const renamed = new Map((await queueRows()).map((row) => [row.fileId, row]));
    expect(renamed.get(video)?.title).toBe('Rivers and Lakes of Kerala');
    expect(renamed.get(pdf)?.title).toBe('Rivers and Lakes of Kerala');
    const item = await asAdmin('GET', `${BASE}/queue-items/${pdf}`);
    expect(item.json()).toMatchObject({ title: 'Rivers and Lakes of Kerala', fileName: 'ch4_rivers_scan.pdf' });
  });

  it('name a PDF pulled into the queue by the lecture whose note it is', async () => {
    const pdf = await uploadFile(asAdmin, await makeTestPdf(1, { dir: files.dir, name: 'constitution.pdf' }), 'IMG_0042.pdf');
    const lecture = await createLecture('Fundamental Rights');
    await saveLecture(lecture, {
      title: 'Fundamental Rights',
      isVisible: false,
      lecturerName: '',
      notes: [{ resId: 'n1', pdfFileId: pdf, fileName: 'IMG_0042.pdf', fileSizeInBytes: 1 }],
    });
    const pulled = await asAdmin('GET', `${BASE}/queue/pull/pdf?count=1000`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    const item = pulled.json().items.find((row: { fileId: string }) => row.fileId === pdf);
    expect(item).toMatchObject({ title: 'Fundamental Rights', fileName: 'IMG_0042.pdf' });
  });
});
