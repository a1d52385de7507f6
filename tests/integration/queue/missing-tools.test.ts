import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { multipartBody } from '../../support/multipart.ts';
import { testConfig } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
let worker: WorkerHandle;
let files: MediaWorkspace;
let video: Buffer;
const originalPath = process.env.PATH;

beforeAll(async () => {
  files = await createMediaWorkspace();
  video = await readFile(await makeTestVideo({ dir: files.dir, seconds: 1, width: 320, height: 240, audio: false }));
  // A machine without ffmpeg: nothing on PATH and FFMPEG_PATH pointing nowhere.
  process.env.PATH = files.dir;
  worker = await startTestWorker(harness.database, testConfig({ FFMPEG_PATH: '/nowhere/ffmpeg' }));
});
afterAll(async () => {
  process.env.PATH = originalPath;
  await worker?.stop();
  await files?.remove();
});

describe('without ffmpeg', () => {
  it('fails the item at once with a clear reason instead of crashing', async () => {
    const body = multipartBody([{ fileName: 'lesson.mp4', content: video }]);
    const id = (await asAdmin('POST', '/api/assets/private', body.payload, body.headers)).json()[0]._id;
    await asAdmin('POST', `/api/admin/assets/process/video/trigger/${id}`, {}, { 'content-type': 'application/json' });
    const item = await waitFor(async () => {
      const row = await harness.db.selectFrom('queue_items').selectAll().where('asset_id', '=', id).executeTakeFirstOrThrow();
      return row.state === 'failed' ? row : undefined;
    }, 20_000);
    expect(item.attempts).toBe(1);
    expect(item.failure_reason).toMatch(/ffmpeg/i);
    expect(item.failure_reason).toMatch(/FFMPEG_PATH/);
  });
});
