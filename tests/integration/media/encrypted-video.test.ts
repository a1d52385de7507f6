import { execFile } from 'node:child_process';
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyLink } from '../../../server/access/asset-urls.ts';
import { createStorage } from '../../../server/assets/storage/index.ts';
import type { Storage } from '../../../server/assets/storage/storage.ts';
import { transportsFromConfig } from '../../../server/messages/transports.ts';
import type { WorkerDeps } from '../../../worker/deps.ts';
import { VIDEO_KEY_LIMIT, VIDEO_KEY_MESSAGES } from '../../../server/courses/video-key.service.ts';
import { encryptLadder } from '../../../worker/media/encrypt-ladder.ts';
import { processVideo } from '../../../worker/media/process-video.ts';
import { listFiles } from '../../../worker/media/workspace.ts';
import { queueVideoEncryption } from '../../../worker/tasks/encrypt-videos.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { useApp } from '../../support/app-harness.ts';
import { localEncryptedRendition } from '../../support/encrypted-hls.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { createLecture, PUBLISHED } from '../../support/factories/lecture.ts';
import { createAsset } from '../../support/factories/asset.ts';
import { MEDIA_PRIORITY } from '../../../shared/queue/media-priority.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { createUser, testConfig, TEST_SECRET } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { uploadFile } from '../../support/uploads.ts';

/**
 * Encrypted HLS end to end with real ffmpeg: what the worker stores does not decode, the served
 * playlist with the key does; the key goes only to a student entitled to a lecture with the video,
 * or staff; and the backfill encrypts a ladder stored before encryption.
 */
const run = promisify(execFile);
const harness = useApp();
const asAdmin = harness.injectAs('admin');
const asNobody = harness.injectAs('nobody');
const storage = createStorage(testConfig());
let worker: WorkerHandle;
let files: MediaWorkspace;
let buyer: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
const SECONDS = 3;
const FRAMES = SECONDS * 30;

beforeAll(async () => {
  worker = await startTestWorker(harness.database, testConfig());
  files = await createMediaWorkspace('encrypted-video-');
  buyer = { id: (await createUser(harness.db, { email: 'buyer@example.com' })).id, cookie: await harness.signIn('buyer@example.com') };
  stranger = { id: (await createUser(harness.db, { email: 'stranger@example.com' })).id, cookie: await harness.signIn('stranger@example.com') };
});
afterAll(async () => {
  await worker?.stop();
  await files?.remove();
});

const assetRow = (id: string) => harness.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const keyRow = (id: string) => harness.db.selectFrom('video_keys').selectAll().where('asset_id', '=', id).executeTakeFirst();

async function processedVideo(name: string): Promise<string> {
  const source = await makeTestVideo({ dir: files.dir, seconds: SECONDS, width: 640, height: 360, audio: true, name: `${name}.mp4` });
  const id = await uploadFile(asAdmin, source, `${name}.mp4`);
  expect((await asAdmin('POST', `/api/admin/assets/process/video/trigger/${id}`, {}, { 'content-type': 'application/json' })).statusCode).toBe(200);
  const ready = await waitFor(async () => {
    const row = await assetRow(id);
    return row.state === 'ready' || row.state === 'failed' ? row : undefined;
  }, 90_000);
  expect(ready.failure_reason).toBeNull();
  return id;
}

/** A published lecture behind a paid rate card showing the video, held by the buyer alone. */
async function paidLecture(videoId: string): Promise<string> {
  const card = await createPaidRateCard(harness.db, `Card ${videoId.slice(0, 8)}`);
  const lectureId = await createLecture(harness.db, {
    title: `Lecture ${videoId.slice(0, 8)}`,
    ...PUBLISHED,
    master_subscription_id: card,
    video_resource_id: videoId,
    video_duration_in_minutes: 1,
  });
  await harness.db.insertInto('entitlements').values({ user_id: buyer.id, resource_type: 'lecture', resource_id: lectureId }).execute();
  return lectureId;
}

const workerDeps = (store: Storage): WorkerDeps => ({ db: harness.db, storage: store, config: testConfig(), transports: transportsFromConfig(testConfig()) });
const uriLines = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
const keyUriOf = (playlist: string) => /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(playlist)?.[1];

/** How many video frames ffprobe reads from a file or playlist (0 when it reads none or refuses the input). */
async function videoFrames(input: string, extra: string[] = []): Promise<number> {
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      ...extra,
      '-select_streams',
      'v:0',
      '-count_frames',
      '-show_entries',
      'stream=nb_read_frames',
      '-of',
      'csv=p=0',
      input,
    ]);
    return Number.parseInt(stdout.trim(), 10) || 0;
  } catch {
    return 0;
  }
}

/**
 * A served rendition playlist played as a player would, from a local copy: its segments copied out
 * of storage and its key written to a file the key line names. Answers the frames decoded and
 * ffmpeg's complaints.
 */
async function playWithKey(outputPrefix: string, rendition: string, served: string, key: Buffer | undefined) {
  const playlist = await localEncryptedRendition({ storage, folder: `${outputPrefix}hls/${rendition}/`, playlist: served, key, dir: files.dir });
  const { stderr } = await run('ffmpeg', ['-v', 'error', '-allowed_extensions', 'ALL', '-i', playlist, '-f', 'null', '-']).catch(
    (error: { stderr: string }) => ({
      stderr: error.stderr || 'failed',
    }),
  );
  return { frames: await videoFrames(playlist, ['-allowed_extensions', 'ALL']), errors: stderr.trim() };
}

describe('a processed video', () => {
  let videoId: string;
  let lectureId: string;
  let served: string;
  let keyUri: string;

  beforeAll(async () => {
    videoId = await processedVideo('encrypted');
    lectureId = await paidLecture(videoId);
    const playback = await harness.injectWith(buyer.cookie)('POST', `/api/student/lectures/${lectureId}/playback`);
    expect(playback.statusCode, playback.body).toBe(200);
    const master = await harness.injectWith(buyer.cookie)('GET', playback.json().hlsUrl);
    const variant = uriLines(master.body).find((line) => line.startsWith('360p/'))!;
    const answer = await harness.injectWith(buyer.cookie)('GET', `/api/assets/${videoId}/hls/${variant}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    served = answer.body;
    keyUri = keyUriOf(served)!;
  }, 120_000);

  it('stores every segment encrypted: a segment copied out of storage decodes nowhere', async () => {
    const row = await assetRow(videoId);
    const stored = await listFiles(storage.localPath(`${row.output_prefix}hls`)!);
    const segments = stored.filter((file) => file.key.endsWith('.ts'));
    expect(segments.length).toBeGreaterThan(1);
    for (const segment of segments) {
      const copy = path.join(files.dir, `copied-${segment.key.replace('/', '-')}`);
      await copyFile(segment.file, copy);
      expect(await videoFrames(copy), segment.key).toBe(0);
      // No MPEG-TS sync byte where every 188-byte packet starts.
      const bytes = await readFile(copy);
      expect(bytes.length % 16).toBe(0);
      expect([0, 188, 376].every((at) => bytes[at] === 0x47)).toBe(false);
    }
    for (const playlist of stored.filter((file) => file.key.endsWith('index.m3u8'))) {
      expect(await readFile(playlist.file, 'utf8')).toContain('#EXT-X-KEY:METHOD=AES-128,URI="video.key"');
    }
    expect(await readFile(storage.localPath(`${row.output_prefix}hls/master.m3u8`)!, 'utf8')).not.toContain('#EXT-X-KEY');
    expect((await keyRow(videoId))?.sealed_key.length).toBeGreaterThan(16);
  });

  it('plays every frame from the served playlist with the key, and none without it', async () => {
    expect(keyUri).toMatch(new RegExp(`^/api/assets/${videoId}/key\\?expires=\\d+&signature=[^&]+&scope=key&student=${buyer.id}$`));
    const key = await harness.injectWith(buyer.cookie)('GET', keyUri);
    const row = await assetRow(videoId);
    const played = await playWithKey(row.output_prefix!, '360p', served, key.rawPayload);
    expect(played.errors).toBe('');
    expect(played.frames).toBe(FRAMES);
    const withoutKey = await playWithKey(row.output_prefix!, '360p', served.replace(/#EXT-X-KEY:.*\n/, ''), undefined);
    expect(withoutKey.frames).toBeLessThan(FRAMES / 10);
  });

  it('gives the key to the entitled student, for minutes, never cached', async () => {
    const answer = await harness.injectWith(buyer.cookie)('GET', keyUri);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.rawPayload.length).toBe(16);
    const expires = Number(new URL(keyUri, 'http://x').searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(6 * 60_000);
    expect(expires % 60).toBe(0);
  });

  it('refuses another student, a signed-out request, an expired link and an edited one', async () => {
    const theirs = await harness.injectWith(stranger.cookie)('GET', keyUri);
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, VIDEO_KEY_MESSAGES.otherStudent]);
    const ownLink = await harness.injectWith(stranger.cookie)('GET', keyLink(TEST_SECRET, videoId, stranger.id));
    expect([ownLink.statusCode, ownLink.json().message]).toEqual([403, VIDEO_KEY_MESSAGES.notEntitled]);
    const strangerPlaylist = await harness.injectWith(stranger.cookie)('GET', `/api/assets/${videoId}/hls/360p/index.m3u8`);
    expect(strangerPlaylist.statusCode).toBe(403);

    const signedOut = await asNobody('GET', keyUri);
    expect(signedOut.statusCode).toBe(401);
    const expired = await harness.injectWith(buyer.cookie)('GET', keyLink(TEST_SECRET, videoId, buyer.id, Date.now() - 6 * 60_000));
    expect([expired.statusCode, expired.json().message]).toEqual([403, VIDEO_KEY_MESSAGES.expired]);
    const bare = await harness.injectWith(buyer.cookie)('GET', `/api/assets/${videoId}/key`);
    expect([bare.statusCode, bare.json().message]).toEqual([403, VIDEO_KEY_MESSAGES.invalid]);
    // A playback link is no key link: the scope is signed.
    const widened = await harness.injectWith(buyer.cookie)('GET', keyUri.replace('scope=key', 'scope=hls'));
    expect(widened.statusCode).toBe(403);
  });

  it('stops giving the key when the lecture is taken offline', async () => {
    await harness.db.updateTable('lectures').set({ is_published: false }).where('id', '=', lectureId).execute();
    try {
      const answer = await harness.injectWith(buyer.cookie)('GET', keyUri);
      expect([answer.statusCode, answer.json().message]).toEqual([403, VIDEO_KEY_MESSAGES.notEntitled]);
    } finally {
      await harness.db.updateTable('lectures').set({ is_published: true }).where('id', '=', lectureId).execute();
    }
  });

  it('gives staff the key with their console session, through the link of the playlist the console plays', async () => {
    const playlist = await asAdmin('GET', `/api/assets/${videoId}/hls/360p/index.m3u8`);
    const staffUri = keyUriOf(playlist.body)!;
    expect(staffUri).toContain(`student=${harness.userId('admin')}`);
    const answer = await asAdmin('GET', staffUri);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBe(16);
    expect((await asAdmin('GET', `/api/assets/${videoId}/key`)).statusCode).toBe(200);
    // The console's signed link without a session names the bare key route, which wants a session.
    const { url } = (await asAdmin('GET', `/api/assets/${videoId}/signed-url`)).json() as { url: string };
    const signedPlaylist = await asNobody('GET', `/api/assets/${videoId}/hls/360p/index.m3u8?${url.split('?')[1]}`);
    expect(keyUriOf(signedPlaylist.body)).toBe(`/api/assets/${videoId}/key`);
  });

  it('counts key requests per student', async () => {
    await harness.db.deleteFrom('rate_limits').execute();
    try {
      for (let index = 0; index < VIDEO_KEY_LIMIT.max; index++) {
        expect((await harness.injectWith(buyer.cookie)('GET', keyUri)).statusCode).toBe(200);
      }
      const refused = await harness.injectWith(buyer.cookie)('GET', keyUri);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(VIDEO_KEY_MESSAGES.tooMany);
      // Another student's count is their own, and staff are not counted.
      expect((await harness.injectWith(stranger.cookie)('GET', keyLink(TEST_SECRET, videoId, stranger.id))).statusCode).toBe(403);
      expect((await asAdmin('GET', `/api/assets/${videoId}/key`)).statusCode).toBe(200);
    } finally {
      await harness.db.deleteFrom('rate_limits').execute();
    }
  });
  it('keeps its key when processed again, and the new ladder plays with it', async () => {
    const before = (await keyRow(videoId))!;
    const firstPrefix = (await assetRow(videoId)).output_prefix;
    const again = await asAdmin('POST', `/api/admin/assets/process/video/trigger/${videoId}`, {}, { 'content-type': 'application/json' });
    expect(again.statusCode, again.body).toBe(200);
    const ready = await waitFor(async () => {
      const row = await assetRow(videoId);
      return row.state === 'ready' && row.output_prefix !== firstPrefix ? row : undefined;
    }, 90_000);
    const after = (await keyRow(videoId))!;
    expect(after.sealed_key.equals(before.sealed_key)).toBe(true);
    const playlist = await readFile(storage.localPath(`${ready.output_prefix}hls/360p/index.m3u8`)!, 'utf8');
    const key = await asAdmin('GET', `/api/assets/${videoId}/key`);
    const played = await playWithKey(ready.output_prefix!, '360p', playlist, key.rawPayload);
    expect(played.errors).toBe('');
    expect(played.frames).toBe(FRAMES);
  }, 120_000);
});

describe('the encryption backfill', () => {
  /** A ready video whose ladder was stored as before encryption: plain segments, no key line, no key. */
  async function unencryptedVideo(): Promise<string> {
    const source = await makeTestVideo({ dir: files.dir, seconds: SECONDS, width: 640, height: 360, audio: true, name: 'old.mp4' });
    const id = await uploadFile(asAdmin, source, 'old.mp4');
    const outDir = path.join(files.dir, `old-${id}`);
    const result = await processVideo({ tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, input: source, outDir });
    const prefix = `assets/${id}/out/old/`;
    for (const file of await listFiles(outDir)) await storage.put(`${prefix}hls/${file.key}`, Readable.from([await readFile(file.file)]));
    await harness.db
      .updateTable('assets')
      .set({
        state: 'ready',
        output_prefix: prefix,
        poster_key: `${prefix}hls/poster.jpg`,
        renditions: JSON.stringify(result.renditions),
        duration_seconds: result.probe.durationSeconds,
      })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('encrypts a ladder stored before encryption into a new version, switches to it, and removes the old files', async () => {
    const id = await unencryptedVideo();
    const oldPrefix = `assets/${id}/out/old/`;
    expect(await videoFrames(storage.localPath(`${oldPrefix}hls/360p/segment_00000.ts`)!)).toBeGreaterThan(0);
    const lectureId = await paidLecture(id);

    expect(await queueVideoEncryption({ db: harness.db })).toBeGreaterThanOrEqual(1);
    const done = await waitFor(async () => {
      const [row, key] = await Promise.all([assetRow(id), keyRow(id)]);
      return key?.encrypted_prefix && key.encrypted_prefix === row.output_prefix ? row : undefined;
    }, 60_000);
    expect(done.output_prefix).not.toBe(oldPrefix);
    expect(done.poster_key).toBe(`${done.output_prefix}hls/poster.jpg`);
    expect(done.state).toBe('ready');
    expect(await storage.list(oldPrefix)).toEqual([]);
    expect(await storage.exists(done.poster_key!)).toBe(true);

    // The new version plays only with the key, which the entitled student gets from the served playlist.
    const playback = await harness.injectWith(buyer.cookie)('POST', `/api/student/lectures/${lectureId}/playback`);
    const master = await harness.injectWith(buyer.cookie)('GET', playback.json().hlsUrl);
    const variant = uriLines(master.body).find((line) => line.startsWith('360p/'))!;
    const served = (await harness.injectWith(buyer.cookie)('GET', `/api/assets/${id}/hls/${variant}`)).body;
    const key = await harness.injectWith(buyer.cookie)('GET', keyUriOf(served)!);
    expect(key.statusCode).toBe(200);
    expect(await videoFrames(storage.localPath(`${done.output_prefix}hls/360p/segment_00000.ts`)!)).toBe(0);
    const played = await playWithKey(done.output_prefix!, '360p', served, key.rawPayload);
    expect(played.errors).toBe('');
    expect(played.frames).toBe(FRAMES);

    // Run again (a retry, a restart): nothing changes, and the video is not queued again.
    const signal = new AbortController().signal;
    expect(await encryptLadder(workerDeps(storage), id, signal)).toBe('already-encrypted');
    expect((await assetRow(id)).output_prefix).toBe(done.output_prefix);
    expect(await harness.db.selectFrom('video_keys').select('encrypted_prefix').where('asset_id', '=', id).executeTakeFirst()).toEqual({
      encrypted_prefix: done.output_prefix,
    });
    expect(await queueVideoEncryption({ db: harness.db }, 1000)).toBe(0);
  }, 120_000);

  it('leaves a video being processed again to that processing', async () => {
    const id = await unencryptedVideo();
    const oldPrefix = `assets/${id}/out/old/`;
    await harness.db.updateTable('assets').set({ state: 'uploaded' }).where('id', '=', id).execute();
    expect(await encryptLadder(workerDeps(storage), id, new AbortController().signal)).toBe('not-ready');
    expect((await assetRow(id)).output_prefix).toBe(oldPrefix);
    expect((await storage.list(`assets/${id}/out/`)).every((object) => object.key.startsWith(oldPrefix))).toBe(true);
  }, 60_000);

  it('does not switch a video whose ladder changed while it was copying, and removes its copy', async () => {
    const id = await unencryptedVideo();
    const newer = `assets/${id}/out/newer/`;
    let changed = false;
    // A re-process finishes while the copy is being written.
    const racing: Storage = Object.assign(Object.create(storage) as Storage, {
      put: async (...args: Parameters<Storage['put']>) => {
        if (!changed) {
          changed = true;
          await harness.db.updateTable('assets').set({ output_prefix: newer }).where('id', '=', id).execute();
        }
        return storage.put(...args);
      },
    });
    expect(await encryptLadder(workerDeps(racing), id, new AbortController().signal)).toBe('superseded');
    expect((await assetRow(id)).output_prefix).toBe(newer);
    expect((await keyRow(id))?.encrypted_prefix).toBeNull();
    expect((await storage.list(`assets/${id}/out/`)).every((object) => object.key.startsWith(`assets/${id}/out/old/`))).toBe(true);
  }, 60_000);

  it('queues a bounded batch, newest first, and never a video that already has a job', async () => {
    // Whatever earlier tests left unencrypted is queued first.
    await queueVideoEncryption({ db: harness.db }, 1000);
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      const id = await createAsset(harness.db, { file_name: `batch-${name}.mp4`, state: 'ready' });
      await harness.db
        .updateTable('assets')
        .set({ output_prefix: `assets/${id}/out/gone/` })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    const queued = () =>
      harness.db
        .selectFrom('graphile_worker.jobs' as never)
        .select(['key' as never, 'priority' as never])
        .execute();
    expect(await queueVideoEncryption({ db: harness.db }, 2)).toBe(2);
    const firstBatch = ((await queued()) as unknown as Array<{ key: string }>).map((job) => job.key);
    expect(firstBatch).toEqual(expect.arrayContaining([`encrypt-video:${ids[1]}`, `encrypt-video:${ids[2]}`]));
    expect(firstBatch).not.toContain(`encrypt-video:${ids[0]}`);
    expect(await queueVideoEncryption({ db: harness.db }, 2)).toBe(1);
    expect(await queueVideoEncryption({ db: harness.db }, 2)).toBe(0);
    const jobs = (await queued()) as unknown as Array<{ key: string; priority: number }>;
    for (const id of ids) expect(jobs).toContainEqual({ key: `encrypt-video:${id}`, priority: MEDIA_PRIORITY.backfill });
    // Its files are gone: the job fails (and is retried), so the video stays out of later batches.
    await expect(encryptLadder(workerDeps(storage), ids[0]!, new AbortController().signal)).rejects.toThrow(/No rendition playlist is stored/);
  });
});
