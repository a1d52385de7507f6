import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { videoKeyFor } from '../../../server/assets/video-keys.ts';
import { parseMasterPlaylist } from '../../../shared/media/master-playlist.rules.ts';
import { planRenditions, splitIntoPasses } from '../../../shared/media/ladder.rules.ts';
import type { Rendition } from '../../../shared/media/media.types.ts';
import { resolveMediaTools } from '../../../worker/media/binaries.ts';
import { publishGrowingRenditions } from '../../../worker/media/growing-renditions.ts';
import { buildMediaPlaylist, parseMediaPlaylist } from '../../../worker/media/hls-playlist.ts';
import { processVideo } from '../../../worker/media/process-video.ts';
import { storeEarlyRenditions } from '../../../worker/media/video-pipeline.ts';
import { newOutputPrefix } from '../../../worker/media/workspace.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { useApp } from '../../support/app-harness.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { createUser, TEST_SECRET, testConfig } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { uploadFile } from '../../support/uploads.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
const asNobody = harness.injectAs('nobody');
let files: MediaWorkspace;
let buyer: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
let card: string;

beforeAll(async () => {
  files = await createMediaWorkspace('growing-playback-');
  const b = await createUser(harness.db, { email: 'listener@example.com' });
  buyer = { id: b.id, cookie: await harness.signIn('listener@example.com') };
  const s = await createUser(harness.db, { email: 'passer-by@example.com' });
  stranger = { id: s.id, cookie: await harness.signIn('passer-by@example.com') };
  card = await createPaidRateCard(harness.db, 'Lecture card');
});
afterAll(async () => {
  await files?.remove();
});

/** A visible lecture with a lecturer, showing the video, held by the buyer: it is published once its video is playable. */
async function lectureShowing(videoId: string, title: string): Promise<string> {
  const lectureId = (await asAdmin('POST', '/api/admin/lecture', { title })).json()._id as string;
  const saved = await asAdmin('PUT', `/api/admin/lecture/${lectureId}`, {
    value: { title, isVisible: true, lecturerName: 'Dr. Anitha', videoResourceId: videoId, masterSubscription: card, notes: [] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await harness.db.insertInto('entitlements').values({ user_id: buyer.id, resource_type: 'lecture', resource_id: lectureId }).execute();
  return lectureId;
}

const playback = (cookie: string, lectureId: string, body?: unknown) =>
  harness.injectWith(cookie)(
    'POST',
    `/api/student/lectures/${lectureId}/playback`,
    body as Record<string, unknown>,
    body === undefined ? {} : { 'content-type': 'application/json' },
  );

/** The address of a playlist or segment listed in a playlist served at `from` (listed addresses are relative and carry the signature). */
const resolve = (from: string, listed: string) => `${from.split('?')[0]!.replace(/[^/]*$/, '')}${listed}`;
const listed = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));

describe('a video still encoding', () => {
  it('is served to a student segment by segment through a growing playlist that lists only stored segments', async () => {
    // Real renditions of a 10-second clip, handed to the publisher a segment at a time as ffmpeg would write them.
    const tools = await resolveMediaTools({ PATH: process.env.PATH });
    const clip = await makeTestVideo({ dir: files.dir, seconds: 10, width: 640, height: 360, audio: true });
    const made = files.file('made');
    await processVideo({ tools, input: clip, outDir: made });
    const videoId = await uploadFile(asAdmin, clip, 'lesson.mp4');
    await harness.db.updateTable('assets').set({ state: 'processing' }).where('id', '=', videoId).execute();
    const lectureId = await lectureShowing(videoId, 'Backwaters of Kerala');
    expect((await playback(buyer.cookie, lectureId)).statusCode).toBe(409);

    const plan = splitIntoPasses(planRenditions({ width: 640, height: 360, hasAudio: true })).first;
    expect(plan.map((rendition) => rendition.name)).toEqual(['144p', '240p', '360p', 'audio']);
    const finished = new Map(
      await Promise.all(
        plan.map(async (rendition) => [rendition.name, parseMediaPlaylist(await readFile(path.join(made, rendition.name, 'index.m3u8'), 'utf8'))] as const),
      ),
    );
    const hlsDir = files.file('growing-hls');
    const writeUpTo = async (name: string, count: number) => {
      const playlist = finished.get(name)!;
      await mkdir(path.join(hlsDir, name), { recursive: true });
      for (const segment of playlist.segments.slice(0, count)) await copyFile(path.join(made, name, segment.uri), path.join(hlsDir, name, segment.uri));
      const text = buildMediaPlaylist({ targetDurationSeconds: playlist.targetDurationSeconds, segments: playlist.segments.slice(0, count), type: 'event' });
      await writeFile(path.join(hlsDir, name, 'index.m3u8'), text);
    };

    const storage = createStorage(testConfig());
    const outputPrefix = newOutputPrefix(videoId);
    let early: Rendition[] | undefined;
    const growing = publishGrowingRenditions({
      storage,
      hlsDir,
      stageDir: files.file('growing-stage'),
      prefix: `${outputPrefix}hls/`,
      renditions: plan,
      audioRate: 48_000,
      frameRate: 30,
      signal: new AbortController().signal,
      videoKey: await videoKeyFor(harness.db, TEST_SECRET, videoId),
      pollMs: 20,
      onFirstSegments: async (renditions) => {
        early = renditions;
        await storeEarlyRenditions(harness.db, videoId, { outputPrefix, renditions, durationSeconds: 10, width: 640, height: 360 });
      },
    });
    try {
      // The pictures' first segments are stored, not yet the sound's: no master playlist, nothing to play.
      for (const name of ['144p', '240p', '360p']) await writeUpTo(name, 1);
      await waitFor(async () => (await storage.exists(`${outputPrefix}hls/360p/index.m3u8`)) || undefined, 10_000);
      expect(await storage.exists(`${outputPrefix}hls/master.m3u8`)).toBe(false);
      expect((await playback(buyer.cookie, lectureId)).statusCode).toBe(409);

      // Every rendition has its first segment: playable, the lecture published while the video is still processing.
      await writeUpTo('audio', 1);
      await waitFor(async () => early, 10_000);
      expect(early!.map((rendition) => [rendition.name, rendition.segmentCount])).toEqual([
        ['144p', 1],
        ['240p', 1],
        ['360p', 1],
        ['audio', 1],
      ]);
      const answer = await playback(buyer.cookie, lectureId);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ ladder: 'full' });
      const hlsUrl = answer.json().hlsUrl as string;
      const master = await harness.injectWith(buyer.cookie)('GET', hlsUrl);
      expect(master.statusCode).toBe(200);
      // Its key links are for the one who asked, and it grows: never kept by a cache.
      expect(master.headers['cache-control']).toBe('private, no-store');
      expect(parseMasterPlaylist(master.body).variants.map((variant) => variant.uri.split('?')[0])).toEqual([
        '144p/index.m3u8',
        '240p/index.m3u8',
        '360p/index.m3u8',
        'audio/index.m3u8',
      ]);
      const firstPlaylistUrl = resolve(hlsUrl, listed(master.body)[0]!);
      const served = async () => (await harness.injectWith(buyer.cookie)('GET', firstPlaylistUrl)).body as string;
      const growingText = await served();
      expect(parseMediaPlaylist(growingText)).toMatchObject({
        type: 'event',
        ended: false,
        segments: [{ uri: expect.stringMatching(/^segment_00000\.ts\?/) }],
      });
      const segment = await harness.injectWith(buyer.cookie)('GET', resolve(firstPlaylistUrl, listed(growingText)[0]!));
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      // The link is this student's alone.
      expect((await harness.injectWith(stranger.cookie)('GET', hlsUrl)).statusCode).toBe(403);
      expect((await asNobody('GET', hlsUrl)).statusCode).toBe(401);

      // The playlist grows as segments are stored, and lists no segment that cannot be fetched.
      await writeUpTo('144p', 2);
      await waitFor(async () => (parseMediaPlaylist(await served()).segments.length === 2 ? true : undefined), 10_000);
      for (const uri of listed(await served())) expect((await harness.injectWith(buyer.cookie)('GET', resolve(firstPlaylistUrl, uri))).statusCode).toBe(200);

      for (const name of ['144p', '240p', '360p', 'audio']) await writeUpTo(name, finished.get(name)!.segments.length);
      const stored = await growing.finish();
      expect([...stored].filter((key) => key.startsWith('144p/'))).toHaveLength(finished.get('144p')!.segments.length);
      expect(parseMediaPlaylist(await served()).segments).toHaveLength(finished.get('144p')!.segments.length);
    } finally {
      await growing.stop();
    }
  }, 120_000);
});

describe('a lecture processed by the worker', () => {
  let worker: WorkerHandle;
  beforeAll(async () => {
    worker = await startTestWorker(harness.database, testConfig());
  });
  afterAll(async () => {
    await worker?.stop();
  });

  it('plays before its ladder is ready, then plays every rendition from finished VOD playlists', async () => {
    const clip = await makeTestVideo({ dir: files.dir, seconds: 16, width: 1280, height: 720, audio: true, name: 'long-720.mp4' });
    const videoId = await uploadFile(asAdmin, clip, 'lecture.mp4');
    const lectureId = await lectureShowing(videoId, 'Western Ghats');
    const trigger = await asAdmin('POST', `/api/admin/assets/process/video/trigger/${videoId}`, {}, { 'content-type': 'application/json' });
    expect(trigger.statusCode).toBe(200);

    const state = async () => (await harness.db.selectFrom('assets').select('state').where('id', '=', videoId).executeTakeFirstOrThrow()).state;
    const first = await waitFor(async () => {
      const answer = await playback(buyer.cookie, lectureId, { dataSaver: true });
      return answer.statusCode === 200 ? (answer.json() as { ladder: string; hlsUrl: string }) : undefined;
    }, 60_000);
    // Read after the playable answer: the ladder was not ready when the lecture became playable.
    expect(await state()).not.toBe('ready');
    expect(first).toMatchObject({ ladder: 'data-saver', hlsUrl: expect.stringContaining('&ladder=data-saver') });
    const master = await harness.injectWith(buyer.cookie)('GET', first.hlsUrl);
    expect(listed(master.body).map((uri) => uri.split('?')[0])).toEqual(['144p/index.m3u8', '240p/index.m3u8']);
    const playlistUrl = resolve(first.hlsUrl, listed(master.body)[0]!);
    const playlist = (await harness.injectWith(buyer.cookie)('GET', playlistUrl)).body as string;
    const firstSegment = await harness.injectWith(buyer.cookie)('GET', resolve(playlistUrl, listed(playlist)[0]!));
    expect(firstSegment.statusCode).toBe(200);
    expect(firstSegment.rawPayload.length).toBeGreaterThan(0);

    await waitFor(async () => ((await state()) === 'ready' ? true : undefined), 120_000);
    const full = (await playback(buyer.cookie, lectureId)).json();
    const finalMaster = await harness.injectWith(buyer.cookie)('GET', full.hlsUrl);
    expect(finalMaster.headers['cache-control']).toBe('private, no-store');
    const uris = listed(finalMaster.body);
    expect(uris.map((uri) => uri.split('?')[0])).toEqual([
      '144p/index.m3u8',
      '240p/index.m3u8',
      '360p/index.m3u8',
      '480p/index.m3u8',
      '720p/index.m3u8',
      'audio/index.m3u8',
    ]);
    for (const uri of uris) {
      const text = (await harness.injectWith(buyer.cookie)('GET', resolve(full.hlsUrl, uri))).body as string;
      const finished = parseMediaPlaylist(text);
      expect(finished).toMatchObject({ type: 'vod', ended: true });
      // 16 seconds in 4-second segments (the sound alone may end with a few AAC frames of its own).
      expect(finished.segments.filter((segment) => segment.durationSeconds > 1)).toHaveLength(4);
    }
  }, 180_000);
});

describe('the playback choice', () => {
  let lectureId: string;
  /** A video processed before the data saver ladder: 240p and 360p, no sound rendition of its own. */
  beforeAll(async () => {
    const storage = createStorage(testConfig());
    const videoId = await uploadFile(asAdmin, await makeTestVideo({ dir: files.dir, seconds: 1, width: 320, height: 240, audio: true }), 'old.mp4');
    const prefix = `assets/${videoId}/out/old/`;
    const variant = (name: string, size: string, bandwidth: number) =>
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${bandwidth},RESOLUTION=${size},CODECS="avc1.64001e,mp4a.40.2"\n${name}/index.m3u8\n`;
    const { Readable } = await import('node:stream');
    const text = `#EXTM3U\n#EXT-X-VERSION:3\n${variant('240p', '426x240', 500_000)}${variant('360p', '640x360', 900_000)}`;
    await storage.put(`${prefix}hls/master.m3u8`, Readable.from([Buffer.from(text)]));
    await storage.put(`${prefix}hls/poster.jpg`, Readable.from([Buffer.from('jpeg')]));
    const rendition = (name: string, width: number, height: number) => ({
      name,
      width,
      height,
      bitrate: 1,
      audioRate: 48_000,
      segmentCount: 1,
      totalSizeInBytes: 1,
      playlist: `${name}/index.m3u8`,
    });
    await harness.db
      .updateTable('assets')
      .set({
        state: 'ready',
        output_prefix: prefix,
        poster_key: `${prefix}hls/poster.jpg`,
        renditions: JSON.stringify([rendition('240p', 426, 240), rendition('360p', 640, 360)]),
        duration_seconds: 60,
      })
      .where('id', '=', videoId)
      .execute();
    lectureId = await lectureShowing(videoId, 'An older lecture');
  });

  const variants = async (body?: unknown) => {
    const answer = await playback(buyer.cookie, lectureId, body);
    expect(answer.statusCode, answer.body).toBe(200);
    const master = await harness.injectWith(buyer.cookie)('GET', answer.json().hlsUrl);
    return { ladder: answer.json().ladder, uris: listed(master.body).map((uri) => uri.split('?')[0]) };
  };

  it('answers the whole ladder without a body or a choice, the data saver capped at 240p, and the data saver for audio-only without a sound rendition', async () => {
    expect(await variants()).toEqual({ ladder: 'full', uris: ['240p/index.m3u8', '360p/index.m3u8'] });
    expect(await variants({})).toEqual({ ladder: 'full', uris: ['240p/index.m3u8', '360p/index.m3u8'] });
    expect(await variants({ dataSaver: true })).toEqual({ ladder: 'data-saver', uris: ['240p/index.m3u8'] });
    expect(await variants({ audioOnly: true, dataSaver: false })).toEqual({ ladder: 'data-saver', uris: ['240p/index.m3u8'] });
  });

  it('refuses a choice that is not true or false, or a field it does not know, naming the field (400)', async () => {
    const notBoolean = await playback(buyer.cookie, lectureId, { dataSaver: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().message).toContain('dataSaver');
    const audio = await playback(buyer.cookie, lectureId, { audioOnly: 1 });
    expect(audio.statusCode).toBe(400);
    expect(audio.json().message).toContain('audioOnly');
    const unknown = await playback(buyer.cookie, lectureId, { lowData: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('lowData');
  });

  it('refuses a student without a session (401) and one who does not hold the lecture (403), whatever the choice', async () => {
    expect(
      (await asNobody('POST', `/api/student/lectures/${lectureId}/playback`, { dataSaver: true }, { 'content-type': 'application/json' })).statusCode,
    ).toBe(401);
    expect((await playback(stranger.cookie, lectureId, { audioOnly: true })).statusCode).toBe(403);
  });

  it('refuses an unknown ladder on the playlist address (400), naming it', async () => {
    const answer = (await playback(buyer.cookie, lectureId)).json();
    const refused = await harness.injectWith(buyer.cookie)('GET', `${answer.hlsUrl}&ladder=tiny`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('ladder');
  });
});
