import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { deriveKey } from '../../../server/access/session.ts';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { testConfig, TEST_SECRET } from '../../support/test-app.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';
import { makeTinyClip } from '../../support/media-fixtures.ts';

const harness = useApp({ roles: ['admin', 'student'] });
const asAdmin = harness.injectAs('admin');
const asStudent = harness.injectAs('student');
const asNobody = harness.injectAs('nobody');
let video: Buffer;

beforeAll(() => {
  video = makeTinyClip('psc-scope-fixture-');
});

const withStudent = (range?: string) => ({ cookie: harness.cookie('student'), ...(range ? { range } : {}) });

async function upload(fileName: string, content: Buffer): Promise<string> {
  const body = multipartBody([{ fileName, content }]);
  const response = await asAdmin('POST', '/api/assets/private', body.payload, body.headers);
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
  const rendition = {
    name: '240p',
    width: 320,
    height: 240,
    bitrate: 400000,
    audioRate: 48000,
    segmentCount: 1,
    totalSizeInBytes: 188,
    playlist: '240p/index.m3u8',
  };
  await harness.db
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
  await harness.db
    .updateTable('assets')
    .set({ state: 'ready', output_prefix: prefix, has_converted_to_image: true, page_count: 1 })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A free, published lecture with the video and a PDF note, and what its playback answers the student. */
async function playback() {
  const [videoId, pdfId] = await Promise.all([processedVideo(), convertedPdf()]);
  const lecture = await harness.db
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
  const answer = await asStudent('POST', `/api/student/lectures/${lecture.id}/playback`);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json() as { hlsUrl: string; notes: Array<{ pdfUrl: string; pageUrls: string[] }> };
  return { videoId, pdfId, hlsUrl: body.hlsUrl, note: body.notes[0]! };
}

const queryOf = (url: string) => url.slice(url.indexOf('?') + 1);

describe('a lecture playback address', () => {
  it('opens the playlists, segments and poster, and never the uploaded video, with or without a Range', async () => {
    const { videoId, hlsUrl } = await playback();
    expect(hlsUrl).toMatch(new RegExp(`^/api/assets/${videoId}/hls/master\\.m3u8\\?.*scope=hls`));
    const master = await asNobody('GET', hlsUrl, undefined, withStudent());
    expect(master.statusCode, master.body).toBe(200);
    const variant = master.body.split('\n').find((line) => line.startsWith('240p/'))!;
    expect(variant).toContain('scope=hls');
    const variantPlaylist = await asNobody('GET', `/api/assets/${videoId}/hls/${variant}`, undefined, withStudent());
    expect(variantPlaylist.statusCode).toBe(200);
    const segment = variantPlaylist.body.split('\n').find((line) => line.startsWith('segment_'))!;
    expect((await asNobody('GET', `/api/assets/${videoId}/hls/240p/${segment}`, undefined, withStudent())).statusCode).toBe(200);
    expect((await asNobody('GET', `/api/assets/${videoId}/poster.jpg?${queryOf(hlsUrl)}`, undefined, withStudent())).statusCode).toBe(200);

    const original = `/api/assets/${videoId}?${queryOf(hlsUrl)}`;
    for (const range of [undefined, 'bytes=0-', 'bytes=0-1023']) {
      const refused = await asNobody('GET', original, undefined, withStudent(range));
      expect(refused.statusCode, range).toBe(403);
      expect(refused.json().message).toBe('This link does not open this file');
      expect(refused.headers['content-range']).toBeUndefined();
    }
    // The scope is signed: a link cannot be widened by editing it.
    for (const scope of ['pdf', 'asset']) {
      const widened = await asNobody('GET', original.replace('scope=hls', `scope=${scope}`), undefined, withStudent());
      expect(widened.statusCode).toBe(403);
      expect(widened.json().message).toBe('This link is not valid');
    }
    // Staff open the upload with their session, whatever link comes with it.
    const staff = await asNobody('GET', original, undefined, { cookie: harness.cookie('admin'), range: 'bytes=0-9' });
    expect(staff.statusCode).toBe(206);
    expect(staff.rawPayload.equals(video.subarray(0, 10))).toBe(true);
  });

  it("opens a note's PDF and its page images, and a note's address does not open the video", async () => {
    const { videoId, note } = await playback();
    expect(note.pdfUrl).toContain('scope=pdf');
    const pdf = await asNobody('GET', note.pdfUrl, undefined, withStudent());
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(TINY_PDF)).toBe(true);
    expect(note.pageUrls).toHaveLength(1);
    const page = await asNobody('GET', note.pageUrls[0]!, undefined, withStudent());
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    // A PDF scope opens no playlist, and signed for another file it opens nothing here.
    expect((await asNobody('GET', `/api/assets/${videoId}/hls/master.m3u8?${queryOf(note.pdfUrl)}`, undefined, withStudent())).statusCode).toBe(403);
  });

  it('signed before scopes existed: still plays until it expires, but no longer opens the uploaded video', async () => {
    const { videoId } = await playback();
    const me = await harness.db.selectFrom('users').select('id').where('email_address', '=', 'student@example.com').executeTakeFirstOrThrow();
    const expires = Math.floor(Date.now() / 1000) + 600;
    const legacy = createHmac('sha256', deriveKey(TEST_SECRET, 'asset-url')).update(`${videoId}:${expires}:${me.id}`).digest('base64url');
    const query = `expires=${expires}&signature=${legacy}&student=${me.id}`;
    expect((await asNobody('GET', `/api/assets/${videoId}/hls/master.m3u8?${query}`, undefined, withStudent())).statusCode).toBe(200);
    expect((await asNobody('GET', `/api/assets/${videoId}?${query}`, undefined, withStudent())).statusCode).toBe(403);
    expect((await asNobody('GET', `/api/assets/${videoId}?${query}`, undefined, withStudent('bytes=0-'))).statusCode).toBe(403);
  });

  it("answers a link with an unknown scope 400 in the link's words", async () => {
    const { videoId, hlsUrl } = await playback();
    const answer = await asNobody('GET', `/api/assets/${videoId}?${queryOf(hlsUrl).replace('scope=hls', 'scope=everything')}`, undefined, withStudent());
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('This link is not valid');
  });
});

describe('the console link (GET /api/assets/{id}/signed-url)', () => {
  it('opens every file of the asset without a session', async () => {
    const videoId = await processedVideo();
    const { url } = (await asAdmin('GET', `/api/assets/${videoId}/signed-url`)).json() as { url: string };
    expect(url).toContain('scope=asset');
    expect((await asNobody('GET', url)).statusCode).toBe(200);
    expect((await asNobody('GET', `/api/assets/${videoId}/hls/master.m3u8?${queryOf(url)}`)).statusCode).toBe(200);
    expect((await asNobody('GET', `/api/assets/${videoId}/poster.jpg?${queryOf(url)}`)).statusCode).toBe(200);
  });
});
