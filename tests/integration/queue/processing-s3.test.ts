import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, makeTestPdf, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { s3Env, startS3Server, type S3TestServer } from '../../support/s3-server.ts';
import { testConfig } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { useApp } from '../../support/app-harness.ts';
import { uploadFile } from '../../support/uploads.ts';

let s3: S3TestServer;
let worker: WorkerHandle;
let files: MediaWorkspace;
let env: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  env = s3Env(s3);
});
afterAll(async () => {
  await s3?.stop();
});
const harness = useApp({ env: () => env });
const asAdmin = harness.injectAs('admin');
beforeAll(async () => {
  worker = await startTestWorker(harness.database, testConfig(env));
  files = await createMediaWorkspace();
});
afterAll(async () => {
  await worker?.stop();
  await files?.remove();
});

async function processed(id: string) {
  await asAdmin('POST', `/api/admin/assets/process/video/trigger/${id}`, {}, { 'content-type': 'application/json' });
  return waitFor(async () => {
    const asset = (await asAdmin('GET', `/api/admin/assets/${id}`)).json();
    return asset.state === 'ready' || asset.state === 'failed' ? asset : undefined;
  }, 60_000);
}

describe('with an S3-compatible bucket', () => {
  it('stores uploads in the bucket, serves byte ranges from it and processes a video there', async () => {
    const source = await makeTestVideo({ dir: files.dir, seconds: 2, width: 426, height: 240, audio: true });
    const content = await readFile(source);
    const id = await uploadFile(asAdmin, source, 'lesson.mp4');
    const row = await harness.db.selectFrom('assets').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
    const storage = createStorage(testConfig(env));
    expect(storage.kind).toBe('s3');
    expect(await storage.exists(row.storage_key)).toBe(true);

    const range = await asAdmin('GET', `/api/assets/${id}`, undefined, { range: 'bytes=10-19' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(content.subarray(10, 20))).toBe(true);

    const ready = await processed(id);
    expect(ready.failureReason).toBeNull();
    expect(ready.renditions.map((r: { name: string }) => r.name)).toEqual(['144p', '240p', 'audio']);
    expect(ready.processProgress.downloading).toEqual({ total: content.length, loaded: content.length });
    const master = await asAdmin('GET', ready.playlistUrl);
    expect(master.body).toContain('240p/index.m3u8');
    const objects = await storage.list(`assets/${id}/out/`);
    expect(objects.some((o) => o.key.endsWith('/poster.jpg'))).toBe(true);
    expect(objects.some((o) => o.key.endsWith('.ts'))).toBe(true);
  });

  it('turns a PDF in the bucket into page images in the bucket', async () => {
    const id = await uploadFile(asAdmin, await makeTestPdf(3, { dir: files.dir }), 'notes.pdf');
    const ready = await processed(id);
    expect(ready).toMatchObject({ state: 'ready', pageCount: 3, hasConvertedtoImage: true });
    const page = await asAdmin('GET', ready.pageUrls[2]);
    expect(page.headers['content-type']).toBe('image/png');
  });

  it('deletes a file and everything made from it from the bucket', async () => {
    const id = await uploadFile(asAdmin, await makeTestPdf(1, { dir: files.dir, name: 'one.pdf' }), 'one.pdf');
    await processed(id);
    const storage = createStorage(testConfig(env));
    expect((await storage.list(`assets/${id}/`)).length).toBeGreaterThan(1);
    await asAdmin('DELETE', `/api/assets/${id}`);
    expect(await storage.list(`assets/${id}/`)).toEqual([]);
  });
});
