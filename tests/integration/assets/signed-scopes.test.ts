import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { deriveKey } from '../../../server/access/session.ts';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn, testConfig, TEST_SECRET } from '../../support/test-app.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let student: string;
let video: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
  await createUser(database.db, { email: 'student@example.com' });
  admin = await signIn(app, 'admin@example.com');
  student = await signIn(app, 'student@example.com');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'psc-scope-fixture-'));
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '1', '-pix_fmt', 'yuv420p', file]);
  video = readFileSync(file);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const withStudent = (range?: string) => ({ cookie: student, ...(range ? { range } : {}) });

async function upload(fileName: string, content: Buffer): Promise<string> {
  const body = multipartBody([{ fileName, content }]);
  const response = await app.inject({ method: 'POST', url: '/api/assets/private', headers: { ...body.headers, cookie: admin }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id as string;
}

const put = (key: string, content: Buffer | string) => createStorage(testConfig()).put(key, Readable.from([Buffer.from(content)]));

/** A processed video: an HLS master and one rendition with a segment, and a poster, as the worker leaves them. */
async function processedVideo(): Promise<string> {
  const id = await upload('lesson.mp4', video);
  const prefix = `assets/${id}/v1/`;
  await put(`${prefix}hls/master.m3u8`, '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x240\n240p/index.m3u8\n');
  await put(`${prefix}hls/240p/index.m3u8`, '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nsegment_000.ts\n#EXT-X-ENDLIST\n');
  await put(`${prefix}hls/240p/segment_000.ts`, Buffer.alloc(188, 0x47));
  await put(`${prefix}poster.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  const rendition = { name: '240p', width: 320, height: 240, bitrate: 400000, audioRate: 48000, segmentCount: 1, totalSizeInBytes: 188, playlist: '240p/index.m3u8' };
  await database.db
    .updateTable('assets')
    .set({ state: 'ready', output_prefix: prefix, poster_key: `${prefix}poster.jpg`, renditions: JSON.stringify([rendition]), duration_seconds: 1 })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A PDF converted to one page image. */
async function convertedPdf(): Promise<string> {
  const id = await upload('notes.pdf', TINY_PDF);
  const prefix = `assets/${id}/v1/`;
  await put(`${prefix}pages/1.png`, TINY_PNG);
  await database.db.updateTable('assets').set({ state: 'ready', output_prefix: prefix, has_converted_to_image: true, page_count: 1 }).where('id', '=', id).execute();
  return id;
}

/** A free, published lecture with the video and a PDF note, and what its playback answers the student. */
async function playback() {
  const [videoId, pdfId] = await Promise.all([processedVideo(), convertedPdf()]);
  const lecture = await database.db
    .insertInto('lectures')
    .values({
      title: `Lecture ${videoId.slice(0, 8)}`,
      is_visible: true,
      is_published: true,
      video_resource_id: videoId,
      video_duration_in_minutes: 10,
      notes: JSON.stringify([{ resId: 'n1', lectureResId: '', pdfFileId: pdfId, fileName: 'notes.pdf', fileSizeInBytes: TINY_PDF.length }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const answer = await app.inject({ method: 'POST', url: `/api/student/lectures/${lecture.id}/playback`, headers: { cookie: student } });
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json() as { hlsUrl: string; notes: Array<{ pdfUrl: string; pageUrls: string[] }> };
  return { videoId, pdfId, hlsUrl: body.hlsUrl, note: body.notes[0]! };
}

const queryOf = (url: string) => url.slice(url.indexOf('?') + 1);

describe('a lecture playback address', () => {
  it('opens the playlists, segments and poster, and never the uploaded video, with or without a Range', async () => {
    const { videoId, hlsUrl } = await playback();
    expect(hlsUrl).toMatch(new RegExp(`^/api/assets/${videoId}/hls/master\\.m3u8\\?.*scope=hls`));
    const master = await get(hlsUrl, withStudent());
    expect(master.statusCode, master.body).toBe(200);
    const variant = master.body.split('\n').find((line) => line.startsWith('240p/'))!;
    expect(variant).toContain('scope=hls');
    const variantPlaylist = await get(`/api/assets/${videoId}/hls/${variant}`, withStudent());
    expect(variantPlaylist.statusCode).toBe(200);
    const segment = variantPlaylist.body.split('\n').find((line) => line.startsWith('segment_'))!;
    expect((await get(`/api/assets/${videoId}/hls/240p/${segment}`, withStudent())).statusCode).toBe(200);
    expect((await get(`/api/assets/${videoId}/poster.jpg?${queryOf(hlsUrl)}`, withStudent())).statusCode).toBe(200);

    const original = `/api/assets/${videoId}?${queryOf(hlsUrl)}`;
    for (const range of [undefined, 'bytes=0-', 'bytes=0-1023']) {
      const refused = await get(original, withStudent(range));
      expect(refused.statusCode, range).toBe(403);
      expect(refused.json().message).toBe('This link does not open this file');
      expect(refused.headers['content-range']).toBeUndefined();
    }
    // The scope is signed: a link cannot be widened by editing it.
    for (const scope of ['pdf', 'asset']) {
      const widened = await get(original.replace('scope=hls', `scope=${scope}`), withStudent());
      expect(widened.statusCode).toBe(403);
      expect(widened.json().message).toBe('This link is not valid');
    }
    // Staff open the upload with their session, whatever link comes with it.
    const staff = await get(original, { cookie: admin, range: 'bytes=0-9' });
    expect(staff.statusCode).toBe(206);
    expect(staff.rawPayload.equals(video.subarray(0, 10))).toBe(true);
  });

  it("opens a note's PDF and its page images, and a note's address does not open the video", async () => {
    const { videoId, note } = await playback();
    expect(note.pdfUrl).toContain('scope=pdf');
    const pdf = await get(note.pdfUrl, withStudent());
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(TINY_PDF)).toBe(true);
    expect(note.pageUrls).toHaveLength(1);
    const page = await get(note.pageUrls[0]!, withStudent());
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    // A PDF scope opens no playlist, and signed for another file it opens nothing here.
    expect((await get(`/api/assets/${videoId}/hls/master.m3u8?${queryOf(note.pdfUrl)}`, withStudent())).statusCode).toBe(403);
  });

  it('signed before scopes existed: still plays until it expires, but no longer opens the uploaded video', async () => {
    const { videoId } = await playback();
    const me = await database.db.selectFrom('users').select('id').where('email_address', '=', 'student@example.com').executeTakeFirstOrThrow();
    const expires = Math.floor(Date.now() / 1000) + 600;
    const legacy = createHmac('sha256', deriveKey(TEST_SECRET, 'asset-url')).update(`${videoId}:${expires}:${me.id}`).digest('base64url');
    const query = `expires=${expires}&signature=${legacy}&student=${me.id}`;
    expect((await get(`/api/assets/${videoId}/hls/master.m3u8?${query}`, withStudent())).statusCode).toBe(200);
    expect((await get(`/api/assets/${videoId}?${query}`, withStudent())).statusCode).toBe(403);
    expect((await get(`/api/assets/${videoId}?${query}`, withStudent('bytes=0-'))).statusCode).toBe(403);
  });

  it("answers a link with an unknown scope 400 in the link's words", async () => {
    const { videoId, hlsUrl } = await playback();
    const answer = await get(`/api/assets/${videoId}?${queryOf(hlsUrl).replace('scope=hls', 'scope=everything')}`, withStudent());
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('This link is not valid');
  });
});

describe('the console link (GET /api/assets/{id}/signed-url)', () => {
  it('opens every file of the asset without a session', async () => {
    const videoId = await processedVideo();
    const { url } = (await get(`/api/assets/${videoId}/signed-url`, { cookie: admin })).json() as { url: string };
    expect(url).toContain('scope=asset');
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(`/api/assets/${videoId}/hls/master.m3u8?${queryOf(url)}`)).statusCode).toBe(200);
    expect((await get(`/api/assets/${videoId}/poster.jpg?${queryOf(url)}`)).statusCode).toBe(200);
  });
});
