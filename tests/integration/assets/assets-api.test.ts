import { beforeAll, describe, expect, it } from 'vitest';
import { ELF_BYTES, multipartBody, TINY_PDF, TINY_PNG, type FilePart } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';
import { makeTinyClip } from '../../support/media-fixtures.ts';
import { countRows } from '../../support/row-count.ts';

const harness = useApp({ roles: ['admin', 'student'], env: { ASSET_MAX_IMAGE_MB: '1' } });
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
const asStudent = harness.injectAs('student');
let video: Buffer;

beforeAll(() => {
  video = makeTinyClip('psc-asset-fixture-');
});

async function upload(files: FilePart[], options: { url?: string; cookie?: string } = {}) {
  const body = multipartBody(files);
  return harness.injectWith(options.cookie ?? harness.cookie('admin'))('POST', options.url ?? '/api/assets/private', body.payload, body.headers);
}

describe('POST /api/assets/{accessMode}', () => {
  it('stores several files and answers each with _id, sizeInBytes and fileName', async () => {
    const response = await upload([
      { fileName: 'cover.png', content: TINY_PNG },
      { fileName: 'notes.pdf', content: TINY_PDF },
      { fileName: 'clip.mp4', content: video },
    ]);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.map((a: { fileName: string; sizeInBytes: number }) => [a.fileName, a.sizeInBytes])).toEqual([
      ['cover.png', TINY_PNG.length],
      ['notes.pdf', TINY_PDF.length],
      ['clip.mp4', video.length],
    ]);
    const rows = await harness.db
      .selectFrom('assets')
      .selectAll()
      .where(
        'id',
        'in',
        answer.map((a: { _id: string }) => a._id),
      )
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.file_name, [r.kind, r.state, r.access_mode]]))).toEqual({
      'cover.png': ['image', 'ready', 'private'],
      'notes.pdf': ['pdf', 'uploaded', 'private'],
      'clip.mp4': ['video', 'uploaded', 'private'],
    });
  });

  it('keeps Malayalam file names and strips folders and reserved characters', async () => {
    const response = await upload([{ fileName: '../../etc/പാഠം 1:<ഭാഗം>.pdf', content: TINY_PDF }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].fileName).toBe('പാഠം 1__ഭാഗം_.pdf');
    const stored = await harness.db.selectFrom('assets').select('storage_key').where('id', '=', response.json()[0]._id).executeTakeFirstOrThrow();
    expect(stored.storage_key).toMatch(/^assets\/[0-9a-f-]{36}\/original\/[0-9a-f]{12}$/);
  });

  it('stores a name without invisible format characters, keeping the joiners Malayalam spells with', async () => {
    const response = await upload([
      { fileName: 'bad\u202Egnp.exe', content: TINY_PNG },
      { fileName: '\u200Bcover\u2066\u2069\uFEFF.png', content: TINY_PNG },
      { fileName: 'അവന\u0D4D\u200D പാഠം.png', content: TINY_PNG },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((asset: { fileName: string }) => asset.fileName)).toEqual(['badgnp.exe', 'cover.png', 'അവന\u0D4D\u200D പാഠം.png']);
    const read = await asAdmin('GET', `/api/assets/${response.json()[0]._id}`);
    expect(read.headers['content-disposition']).not.toMatch(/\u202E|%E2%80%AE/i);
  });

  it('refuses an executable renamed .mp4, a zero-byte file and a file of the wrong kind, storing nothing', async () => {
    const before = await countRows(harness.db, 'assets');
    const executable = await upload([{ fileName: 'lecture.mp4', content: ELF_BYTES }]);
    expect(executable.statusCode).toBe(415);
    expect(executable.json().message).toBe('The file lecture.mp4 is not an image, a video, a PDF or a spreadsheet');
    const empty = await upload([{ fileName: 'empty.pdf', content: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file empty.pdf is empty');
    const wrongKind = await upload([{ fileName: 'notes.pdf', content: TINY_PDF }], { url: '/api/assets/private?kind=video' });
    expect(wrongKind.statusCode).toBe(415);
    expect(wrongKind.json().message).toMatch(/^The file notes.pdf is not a video/);
    // One bad file in a request: the good one before it is not kept either.
    const mixed = await upload([
      { fileName: 'good.png', content: TINY_PNG },
      { fileName: 'bad.mp4', content: ELF_BYTES },
    ]);
    expect(mixed.statusCode).toBe(415);
    expect(await countRows(harness.db, 'assets')).toBe(before);
  });

  it('answers 413 for a file over its limit and stores nothing', async () => {
    const before = await countRows(harness.db, 'assets');
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const response = await upload([{ fileName: 'huge.png', content: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file huge.png is larger than the 1 MB allowed for images');
    expect(await countRows(harness.db, 'assets')).toBe(before);
  });

  it('needs a console session', async () => {
    expect((await upload([{ fileName: 'a.png', content: TINY_PNG }], { cookie: '' })).statusCode).toBe(401);
    expect((await upload([{ fileName: 'a.png', content: TINY_PNG }], { cookie: harness.cookie('student') })).statusCode).toBe(403);
  });
});

describe('assets.uploadLimits', () => {
  it('tells the console the largest file of each kind, in bytes', async () => {
    const response = await asAdmin('GET', '/trpc/assets.uploadLimits');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual({ image: 1024 * 1024, video: 4096 * 1024 * 1024, pdf: 200 * 1024 * 1024, spreadsheet: 20 * 1024 * 1024 });
    expect((await asNobody('GET', '/trpc/assets.uploadLimits')).statusCode).toBe(401);
  });
});

describe('GET /api/assets/{id}', () => {
  async function uploaded(accessMode: 'public' | 'private', file: FilePart) {
    return (await upload([file], { url: `/api/assets/${accessMode}` })).json()[0]._id as string;
  }

  it('streams the file with its type, ETag and byte ranges', async () => {
    const id = await uploaded('private', { fileName: 'clip.mp4', content: video });
    const whole = await asAdmin('GET', `/api/assets/${id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const etag = whole.headers.etag as string;

    const middle = await asAdmin('GET', `/api/assets/${id}`, undefined, { range: 'bytes=100-199' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(middle.rawPayload.equals(video.subarray(100, 200))).toBe(true);

    const tail = await asAdmin('GET', `/api/assets/${id}`, undefined, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);

    const open = await asAdmin('GET', `/api/assets/${id}`, undefined, { range: `bytes=${video.length - 5}-` });
    expect(open.rawPayload.equals(video.subarray(video.length - 5))).toBe(true);

    const beyond = await asAdmin('GET', `/api/assets/${id}`, undefined, { range: `bytes=${video.length + 5}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.json()).toEqual({ message: expect.stringContaining('lies outside the file'), type: 'validation' });
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);

    const notModified = await asAdmin('GET', `/api/assets/${id}`, undefined, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
  });

  it('lets anyone read a public file, cacheable', async () => {
    const id = await uploaded('public', { fileName: 'cover.png', content: TINY_PNG });
    const response = await asNobody('GET', `/api/assets/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('refuses a private file without a session, to students, and with an expired or forged signature', async () => {
    const id = await uploaded('private', { fileName: 'notes.pdf', content: TINY_PDF });
    expect((await asNobody('GET', `/api/assets/${id}`)).statusCode).toBe(401);
    expect((await asStudent('GET', `/api/assets/${id}`)).statusCode).toBe(403);

    const link = await asAdmin('GET', `/api/assets/${id}/signed-url`);
    expect(link.headers['cache-control']).toBe('private, no-store');
    const { url } = link.json();
    const signed = await asNobody('GET', url);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(TINY_PDF)).toBe(true);
    expect(signed.headers['cache-control']).toContain('private');

    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    const refused = await asNobody('GET', forged);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This link is not valid');

    const { signAsset } = await import('../../../server/access/asset-urls.ts');
    const { TEST_SECRET } = await import('../../support/test-app.ts');
    const old = signAsset(TEST_SECRET, id, new Date(Date.now() - 1000), { scope: 'asset' });
    const expired = await asNobody('GET', `/api/assets/${id}?expires=${old.expires}&signature=${old.signature}&scope=asset`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This link has expired');
    // A signature for one file does not open another.
    const other = await uploaded('private', { fileName: 'other.pdf', content: TINY_PDF });
    expect((await asNobody('GET', url.replace(id, other))).statusCode).toBe(403);
  });
});

describe('PUT /api/assets/replace/{fileId} and DELETE /api/assets/{id}', () => {
  it('replaces the content under the same id and removes the old file', async () => {
    const first = await upload([{ fileName: 'a.png', content: TINY_PNG }]);
    const id = first.json()[0]._id;
    const before = await harness.db.selectFrom('assets').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
    const bigger = Buffer.concat([TINY_PNG, Buffer.from('trailing bytes')]);
    const body = multipartBody([{ fileName: 'b.png', content: bigger }]);
    const replaced = await asAdmin('PUT', `/api/assets/replace/${id}`, body.payload, body.headers);
    expect(replaced.json()).toEqual({ _id: id, sizeInBytes: bigger.length, fileName: 'b.png' });
    const read = await asAdmin('GET', `/api/assets/${id}`);
    expect(read.rawPayload.equals(bigger)).toBe(true);
    const { createStorage } = await import('../../../server/assets/storage/index.ts');
    const { testConfig } = await import('../../support/test-app.ts');
    expect(await createStorage(testConfig()).exists(before.storage_key)).toBe(false);

    const wrong = multipartBody([{ fileName: 'c.pdf', content: TINY_PDF }]);
    const refused = await asAdmin('PUT', `/api/assets/replace/${id}`, wrong.payload, wrong.headers);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/^The file c.pdf is not an image/);
  });

  it('deletes a file, and refuses while a lecture uses it', async () => {
    const id = (await upload([{ fileName: 'clip.mp4', content: video }])).json()[0]._id;
    const lecture = await harness.db
      .insertInto('lectures')
      .values({ title: 'Kerala history', video_resource_id: id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await asAdmin('DELETE', `/api/assets/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This file is still in use',
      type: 'has-warnings',
      warnings: ['It is the video of the lecture “Kerala history”'],
    });
    await harness.db.deleteFrom('lectures').where('id', '=', lecture.id).execute();
    const deleted = await asAdmin('DELETE', `/api/assets/${id}`);
    expect(deleted.json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('GET', `/api/assets/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/assets/{id} and pdf-missing', () => {
  it('answers the Asset and whether the stored file is gone', async () => {
    const id = (await upload([{ fileName: 'notes.pdf', content: TINY_PDF }])).json()[0]._id;
    const asset = await asAdmin('GET', `/api/admin/assets/${id}`);
    expect(asset.json()).toMatchObject({
      _id: id,
      state: 'uploaded',
      processProgress: {},
      renditions: [],
      hasConvertedtoImage: false,
      sizeInBytes: TINY_PDF.length,
      fileName: 'notes.pdf',
    });
    expect((await asAdmin('GET', `/api/admin/pdf-missing/${id}`)).json()).toEqual({ fileMissing: false });
    const row = await harness.db.selectFrom('assets').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
    const { createStorage } = await import('../../../server/assets/storage/index.ts');
    const { testConfig } = await import('../../support/test-app.ts');
    await createStorage(testConfig()).delete(row.storage_key);
    expect((await asAdmin('GET', `/api/admin/pdf-missing/${id}`)).json()).toEqual({ fileMissing: true });
  });
});
