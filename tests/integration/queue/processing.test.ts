import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, makeCorruptVideo, makeTestPdf, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { testConfig, TEST_SECRET } from '../../support/test-app.ts';
import { findVideoKey } from '../../../server/assets/video-keys.ts';
import { localEncryptedRendition } from '../../support/encrypted-hls.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { useApp } from '../../support/app-harness.ts';
import { uploadFile } from '../../support/uploads.ts';

const run = promisify(execFile);
const BASE = '/api/admin/assets/process/video';

const harness = useApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
let worker: WorkerHandle;
let files: MediaWorkspace;

beforeAll(async () => {
  worker = await startTestWorker(harness.database, testConfig());
  files = await createMediaWorkspace();
});
afterAll(async () => {
  await worker?.stop();
  await files?.remove();
});

const trigger = (id: string) => asAdmin('POST', `${BASE}/trigger/${id}`, {}, { 'content-type': 'application/json' });
const asset = async (id: string) => (await asAdmin('GET', `/api/admin/assets/${id}`)).json();

async function until(id: string, states: string[], timeoutMs = 60_000) {
  return waitFor(async () => {
    const current = await asset(id);
    return states.includes(current.state) ? current : undefined;
  }, timeoutMs);
}

async function ffprobeSize(file: string): Promise<{ width: number; height: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-allowed_extensions',
    'ALL',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'json',
    file,
  ]);
  const stream = JSON.parse(stdout).streams[0];
  return { width: stream.width, height: stream.height };
}

describe('a video', () => {
  it('goes through every state to an HLS ladder with a poster and its duration', async () => {
    const source = await makeTestVideo({ dir: files.dir, seconds: 3, width: 640, height: 360, audio: true });
    const id = await uploadFile(asAdmin, source, 'lesson.mp4');
    expect((await trigger(id)).statusCode).toBe(200);
    const ready = await until(id, ['ready', 'failed']);
    expect(ready.failureReason).toBeNull();
    expect(ready.state).toBe('ready');
    expect(Object.keys(ready.processProgress).sort()).toEqual(['downloading', 'post-processing', 'preparing', 'processing', 'ready', 'uploading']);
    expect(ready.durationInSeconds).toBeCloseTo(3, 0);
    expect(ready.renditions.map((r: { name: string }) => r.name)).toEqual(['144p', '240p', '360p', 'audio']);
    expect(ready.posterUrl).toBe(`/api/assets/${id}/poster.jpg`);
    expect(ready.playlistUrl).toBe(`/api/assets/${id}/hls/master.m3u8`);

    const row = await harness.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const storage = createStorage(testConfig());
    // Segments are stored encrypted: ffprobe reads them through a copy with the video's key.
    const key = await findVideoKey(harness.db, TEST_SECRET, id);
    for (const rendition of ready.renditions) {
      const stored = await readFile(storage.localPath(`${row.output_prefix}hls/${rendition.playlist}`)!, 'utf8');
      // Stored as finished VOD playlists.
      expect(stored).toMatch(/#EXT-X-PLAYLIST-TYPE:VOD\n[^]*#EXT-X-ENDLIST\n$/);
      const folder = `${row.output_prefix}hls/${rendition.playlist.replace(/index\.m3u8$/, '')}`;
      const playlist = await localEncryptedRendition({ storage, folder, playlist: stored, key, dir: files.dir });
      if (rendition.name !== 'audio') expect(await ffprobeSize(playlist)).toEqual({ width: rendition.width, height: rendition.height });
      expect(rendition.segmentCount).toBeGreaterThan(0);
      expect(rendition.totalSizeInBytes).toBeGreaterThan(0);
      expect(rendition.audioRate).toBe(48000);
    }

    const master = await asAdmin('GET', ready.playlistUrl);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('#EXT-X-STREAM-INF');
    expect(master.body).toContain('360p/index.m3u8');
    const poster = await asAdmin('GET', ready.posterUrl);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    const item = (await asAdmin('GET', `${BASE}/queue-items/${id}`)).json();
    expect(item).toMatchObject({ state: 'ready', failureReason: null, attempts: 1 });

    // A signed link opens the playlists and segments without a session.
    const { url } = (await asAdmin('GET', `/api/assets/${id}/signed-url`)).json();
    const query = url.split('?')[1];
    const signedMaster = await asNobody('GET', `${ready.playlistUrl}?${query}`);
    expect(signedMaster.statusCode).toBe(200);
    const variant = signedMaster.body.split('\n').find((line: string) => line.startsWith('360p/'))!;
    expect(variant).toContain('signature=');
    const variantPlaylist = await asNobody('GET', `/api/assets/${id}/hls/${variant}`);
    expect(variantPlaylist.statusCode).toBe(200);
    const segment = variantPlaylist.body.split('\n').find((line: string) => line !== '' && !line.startsWith('#'))!;
    const segmentAnswer = await asNobody('GET', `/api/assets/${id}/hls/360p/${segment}`);
    expect(segmentAnswer.statusCode).toBe(200);
    expect(segmentAnswer.headers['content-type']).toBe('video/mp2t');
    expect((await asNobody('GET', ready.playlistUrl)).statusCode).toBe(401);
  });

  it('publishes the lecture showing the video as soon as it is ready, and the file answers its queue state', async () => {
    const source = await makeTestVideo({ dir: files.dir, seconds: 2, width: 320, height: 240, audio: true });
    const id = await uploadFile(asAdmin, source, 'lecture-video.mp4');
    const created = await asAdmin('POST', '/api/admin/lecture', { title: 'Rivers of Kerala' });
    const lectureId = created.json()._id;
    const saved = await asAdmin('PUT', `/api/admin/lecture/${lectureId}`, {
      value: { title: 'Rivers of Kerala', isVisible: true, lecturerName: 'Dr. Anitha', videoResourceId: id, notes: [] },
    });
    expect(saved.json()).toEqual({ version: 2, isPublished: false, publishWarnings: ['The video is still being processed'] });
    expect((await asset(id)).queueState).toBeNull();
    await trigger(id);
    // Queued, or already taken by the worker (it may be quicker than this read on a busy machine).
    expect(['queued', 'preparing', 'downloading', 'processing', 'post-processing', 'uploading', 'ready']).toContain((await asset(id)).queueState);
    await until(id, ['ready']);
    expect((await asset(id)).queueState).toBe('ready');
    const lecture = (await asAdmin('GET', `/api/admin/lecture/${lectureId}`)).json();
    expect(lecture).toMatchObject({ isPublished: true, publishWarnings: [], videoDurationInMinutes: 1 });
  });

  it('never upscales: a 320×180 source gets 144p and one rendition at its own size', async () => {
    const source = await makeTestVideo({ dir: files.dir, seconds: 2, width: 320, height: 180, audio: false });
    const id = await uploadFile(asAdmin, source, 'small.mp4');
    await trigger(id);
    const ready = await until(id, ['ready', 'failed']);
    expect(ready.renditions.map((r: { name: string; height: number; audioRate: number }) => [r.height, r.audioRate])).toEqual([
      [144, 0],
      [180, 0],
    ]);
  });

  it('fails a corrupt video at once, with the reason, and it can be queued again', async () => {
    const id = await uploadFile(asAdmin, await makeCorruptVideo(files.dir), 'broken.mp4');
    await trigger(id);
    const failed = await until(id, ['failed', 'ready']);
    expect(failed.state).toBe('failed');
    expect(failed.failureReason).toMatch(/not a readable video/i);
    const item = (await asAdmin('GET', `${BASE}/queue-items/${id}`)).json();
    expect(item).toMatchObject({ state: 'failed', attempts: 1 });
    expect(item.failureReason).toBe(failed.failureReason);
    const again = await trigger(id);
    expect(again.json()).toMatchObject({ state: 'queued', failureReason: null, attempts: 0 });
    expect((await until(id, ['failed'])).state).toBe('failed');
  });

  it('retries a failure that may pass, then shows it failed with the reason', async () => {
    const source = await makeTestVideo({ dir: files.dir, seconds: 1, width: 320, height: 240, audio: false });
    const id = await uploadFile(asAdmin, source, 'vanishing.mp4');
    const row = await harness.db.selectFrom('assets').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
    const storage = createStorage(testConfig());
    const original = await readFile(storage.localPath(row.storage_key)!);
    await storage.delete(row.storage_key);
    await harness.db.updateTable('queue_settings').set({ state: 'STOPPED' }).execute();
    await trigger(id);
    // Two attempts instead of four keep the test short; the backoff between them is graphile-worker's.
    await harness.db.updateTable('queue_settings').set({ state: 'RUNNING' }).execute();
    await asAdmin('POST', `${BASE}/trigger/start`, {}, { 'content-type': 'application/json' });
    await sql`update graphile_worker._private_jobs set max_attempts = 2 where key = ${`process-media:${id}`}`.execute(harness.db);
    const retrying = await waitFor(async () => {
      const item = await harness.db.selectFrom('queue_items').selectAll().where('asset_id', '=', id).executeTakeFirstOrThrow();
      return item.failure_reason?.startsWith('Attempt 1 failed') ? item : undefined;
    }, 20_000);
    expect(retrying.state).toBe('queued');
    const failed = await until(id, ['failed'], 30_000);
    expect(failed.failureReason).toMatch(/No stored object/);

    await storage.put(row.storage_key, (await import('node:stream')).Readable.from([original]));
    await trigger(id);
    expect((await until(id, ['ready', 'failed'])).state).toBe('ready');
  });
});

describe('a PDF', () => {
  it('becomes one image per page', async () => {
    const id = await uploadFile(asAdmin, await makeTestPdf(5, { dir: files.dir }), 'chapter.pdf');
    await trigger(id);
    const ready = await until(id, ['ready', 'failed']);
    expect(ready).toMatchObject({ state: 'ready', hasConvertedtoImage: true, pageCount: 5 });
    expect(ready.pageUrls).toHaveLength(5);
    const page = await asAdmin('GET', ready.pageUrls[4]);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await asAdmin('GET', `/api/assets/${id}/pages/6.png`)).statusCode).toBe(404);
  });
});
