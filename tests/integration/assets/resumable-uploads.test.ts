import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHelpers } from 'graphile-worker';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { transportsFromConfig } from '../../../server/messages/transports.ts';
import { UNFINISHED_UPLOAD_KEEP_MS } from '../../../shared/assets/resumable-upload.rules.ts';
import { cleanup } from '../../../worker/tasks/cleanup.ts';
import { s3Env, startS3Server, type S3TestServer } from '../../support/s3-server.ts';
import { buildTestApp, createUser, signIn, testConfig } from '../../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const CHUNK = 256 * 1024;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

/** A video by its content (an MP4 from ffmpeg), padded to about 1.5 MB so that it goes in several chunks. */
function videoFile(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'psc-resumable-fixture-'));
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-t', '1', '-pix_fmt', 'yuv420p', file]);
  return Buffer.concat([readFileSync(file), randomBytes(1_500_000)]);
}

for (const driver of ['local', 's3'] as const) {
  describe(`resumable uploads (tus) on ${driver} storage`, () => {
    let database: TestDatabase;
    let s3: S3TestServer | undefined;
    let env: Record<string, string>;
    let app: FastifyInstance;
    let base: string;
    let admin: string;
    let editor: string;
    let student: string;
    let video: Buffer;

    // The server is stopped and started again in the middle of an upload: this file builds its apps itself.
    async function start() {
      app = await buildTestApp(database, { env });
      base = await app.listen({ host: '127.0.0.1', port: 0 });
    }

    beforeAll(async () => {
      database = await createTestDatabase();
      env = { ASSET_MAX_IMAGE_MB: '1' };
      if (driver === 's3') {
        s3 = await startS3Server();
        env = {
          ...env,
          ...s3Env(s3),
          S3_KEY_PREFIX: 'installation-r',
        };
      }
      await start();
      await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
      await createUser(database.db, { email: 'editor@example.com', roles: ['staff'] });
      await createUser(database.db, { email: 'student@example.com' });
      admin = await signIn(app, 'admin@example.com');
      editor = await signIn(app, 'editor@example.com');
      student = await signIn(app, 'student@example.com');
      video = videoFile();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await s3?.stop();
      await database?.drop();
    });

    const create = (cookie: string, size: number, metadata: Record<string, string>, extra: Record<string, string> = {}) =>
      fetch(`${base}/api/assets/resumable`, {
        method: 'POST',
        headers: { ...TUS, cookie, 'upload-length': String(size), 'upload-metadata': metadataHeader(metadata), ...extra },
      });
    const head = (url: string, cookie: string) => fetch(`${base}${url}`, { method: 'HEAD', headers: { ...TUS, cookie } });
    const patch = (url: string, cookie: string, offset: number, body: Buffer) =>
      fetch(`${base}${url}`, {
        method: 'PATCH',
        headers: { ...TUS, cookie, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(body),
      });
    const finish = (url: string, cookie: string) => fetch(`${base}${url}/finish`, { method: 'POST', headers: { cookie } });

    async function sendChunks(url: string, cookie: string, from: number, to: number) {
      for (let offset = from; offset < to; offset += CHUNK) {
        const end = Math.min(to, offset + CHUNK);
        const response = await patch(url, cookie, offset, video.subarray(offset, end));
        expect(response.status).toBe(204);
        expect(response.headers.get('upload-offset')).toBe(String(end));
      }
    }

    it("stops at about 60 %, survives a server restart, resumes from the server's offset and becomes a valid file", async () => {
      const created = await create(admin, video.length, { filename: 'lecture 1.mp4', filetype: 'video/mp4', kind: 'video', accessMode: 'private' });
      expect(created.status).toBe(201);
      const url = created.headers.get('location')!;
      expect(url).toMatch(/^\/api\/assets\/resumable\/[0-9a-f-]{36}$/);
      expect(created.headers.get('upload-expires')).toBeTruthy();
      expect(created.headers.get('access-control-allow-origin')).toBeNull();
      expect(created.headers.get('x-content-type-options')).toBe('nosniff');

      const stopAt = Math.floor((video.length * 0.6) / CHUNK) * CHUNK;
      await sendChunks(url, admin, 0, stopAt);

      await app.close();
      await start();

      const resumed = await head(url, admin);
      expect(resumed.status).toBe(200);
      const offset = Number(resumed.headers.get('upload-offset'));
      expect(resumed.headers.get('upload-length')).toBe(String(video.length));
      // S3 keeps whole parts only once they are 5 MB; a smaller remainder is kept aside and counted.
      expect(offset).toBe(stopAt);
      // Not complete yet: it cannot become a file.
      expect((await finish(url, admin)).status).toBe(409);

      await sendChunks(url, admin, offset, video.length);
      const finished = await finish(url, admin);
      expect(finished.status).toBe(200);
      const asset = (await finished.json()) as { _id: string; fileName: string; sizeInBytes: number };
      expect(asset).toMatchObject({ fileName: 'lecture 1.mp4', sizeInBytes: video.length });
      const row = await database.db.selectFrom('assets').selectAll().where('id', '=', asset._id).executeTakeFirstOrThrow();
      expect([row.kind, row.state, row.access_mode, row.sha256]).toEqual(['video', 'uploaded', 'private', createHash('sha256').update(video).digest('hex')]);
      const stored = await fetch(`${base}/api/assets/${asset._id}`, { headers: { cookie: admin } });
      expect(Buffer.from(await stored.arrayBuffer()).equals(video)).toBe(true);

      // Asked again (a retry, a second tab): the same file, no second one.
      const again = await finish(url, admin);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { _id: string })._id).toBe(asset._id);
      // Finished: nothing more can be sent or read.
      expect((await head(url, admin)).status).toBe(404);
      if (s3) expect((await s3.stats()).multipartUploads.open).toBe(0);
    }, 120_000);

    it("replaces an existing file's content through tus as PUT /api/assets/replace does, answering the same when asked again", async () => {
      const upload = async (content: Buffer, filename: string) => {
        const created = await create(admin, content.length, { filename, kind: 'video' });
        expect(created.status).toBe(201);
        const url = created.headers.get('location')!;
        for (let offset = 0; offset < content.length; offset += CHUNK) {
          const sent = await patch(url, admin, offset, content.subarray(offset, Math.min(content.length, offset + CHUNK)));
          expect(sent.status).toBe(204);
        }
        return url;
      };
      const replace = (url: string, cookie: string, fileId: string) => fetch(`${base}${url}/replace/${fileId}`, { method: 'POST', headers: { cookie } });

      const first = await upload(video, 'first.mp4');
      const original = (await (await finish(first, admin)).json()) as { _id: string };
      const before = await database.db.selectFrom('assets').selectAll().where('id', '=', original._id).executeTakeFirstOrThrow();

      const newer = Buffer.concat([video, randomBytes(300_000)]);
      const created = await create(admin, newer.length, { filename: 'second take.mp4', kind: 'video' });
      const url = created.headers.get('location')!;
      await patch(url, admin, 0, newer.subarray(0, CHUNK));
      // Not complete yet; and only for the account that began it.
      expect((await replace(url, admin, original._id)).status).toBe(409);
      for (let offset = CHUNK; offset < newer.length; offset += CHUNK)
        await patch(url, admin, offset, newer.subarray(offset, Math.min(newer.length, offset + CHUNK)));
      expect((await replace(url, editor, original._id)).status).toBe(404);
      expect((await replace(url, admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);

      const replaced = await replace(url, admin, original._id);
      expect(replaced.status, await replaced.clone().text()).toBe(200);
      expect(await replaced.json()).toEqual({ _id: original._id, fileName: 'second take.mp4', sizeInBytes: newer.length });
      const after = await database.db.selectFrom('assets').selectAll().where('id', '=', original._id).executeTakeFirstOrThrow();
      expect([after.file_name, after.state, after.sha256]).toEqual(['second take.mp4', 'uploaded', createHash('sha256').update(newer).digest('hex')]);
      expect(after.storage_key).not.toBe(before.storage_key);
      const stored = await fetch(`${base}/api/assets/${original._id}`, { headers: { cookie: admin } });
      expect(Buffer.from(await stored.arrayBuffer()).equals(newer)).toBe(true);
      // Queued to be processed again, as the replace route does.
      const queued = await database.db.selectFrom('queue_items').select('asset_id').where('asset_id', '=', original._id).execute();
      expect(queued).toHaveLength(1);

      // Asked again: the same answer, nothing replaced twice; as another file's content, refused.
      const again = await replace(url, admin, original._id);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { _id: string })._id).toBe(original._id);
      expect((await database.db.selectFrom('assets').select('storage_key').where('id', '=', original._id).executeTakeFirstOrThrow()).storage_key).toBe(
        after.storage_key,
      );
      const other = (await (await finish(await upload(video, 'other.mp4'), admin)).json()) as { _id: string };
      const elsewhere = await replace(url, admin, other._id);
      expect(elsewhere.status).toBe(409);
      expect(((await elsewhere.json()) as { message: string }).message).toBe('The upload of second take.mp4 has already been stored as another file');

      // While the file is being processed, a replace is refused and the upload kept to be finished later.
      await database.db.updateTable('queue_items').set({ state: 'processing' }).where('asset_id', '=', original._id).execute();
      const third = await upload(video, 'third.mp4');
      const busy = await replace(third, admin, original._id);
      expect(busy.status).toBe(409);
      expect(((await busy.json()) as { message: string }).message).toBe('This file is being processed. Try again when it is done.');
      expect((await head(third, admin)).status).toBe(200);
      if (s3) expect((await s3.stats()).multipartUploads.open).toBe(0);
    }, 120_000);

    it('answers only the account that began it: another staff member cannot read, send to, cancel or finish it', async () => {
      const created = await create(admin, video.length, { filename: 'mine.mp4', kind: 'video' });
      const url = created.headers.get('location')!;
      await sendChunks(url, admin, 0, CHUNK);
      expect((await head(url, editor)).status).toBe(404);
      const sent = await patch(url, editor, CHUNK, video.subarray(CHUNK, 2 * CHUNK));
      expect(sent.status).toBe(404);
      expect(((await sent.json()) as { message: string }).message).toMatch(/This upload was not found/);
      expect((await fetch(`${base}${url}`, { method: 'DELETE', headers: { ...TUS, cookie: editor } })).status).toBe(404);
      expect((await finish(url, editor)).status).toBe(404);
      // Without a session, nothing.
      expect((await fetch(`${base}${url}`, { method: 'HEAD', headers: TUS })).status).toBe(401);
      // Another site cannot send with the owner's session (the console's origin checks apply).
      const crossSite = await fetch(`${base}${url}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          cookie: admin,
          origin: 'https://elsewhere.example',
          'upload-offset': String(CHUNK),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(video.subarray(CHUNK, 2 * CHUNK)),
      });
      expect(crossSite.status).toBe(403);
      expect(crossSite.headers.get('access-control-allow-origin')).toBeNull();
      // The owner's upload is untouched.
      expect((await head(url, admin)).headers.get('upload-offset')).toBe(String(CHUNK));
      const cancelled = await fetch(`${base}${url}`, { method: 'DELETE', headers: { ...TUS, cookie: admin } });
      expect(cancelled.status).toBe(204);
      expect((await head(url, admin)).status).toBe(404);
      expect(await database.db.selectFrom('resumable_uploads').select('id').where('file_name', '=', 'mine.mp4').execute()).toEqual([]);
    });

    it('refuses students, sizes over the limit (naming Upload-Length), unknown metadata and a missing length, keeping nothing', async () => {
      const before = await database.db.selectFrom('resumable_uploads').select('id').execute();
      expect((await create(student, 10, { filename: 'a.mp4' })).status).toBe(403);
      const tooLarge = await create(admin, 2 * 1024 * 1024, { filename: 'big.png', kind: 'image' });
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toMatchObject({ message: 'The file big.png is larger than the 1 MB allowed for images', field: 'Upload-Length' });
      const overAll = await create(admin, 4097 * 1024 * 1024, { filename: 'huge.mp4' });
      expect(overAll.status).toBe(413);
      expect(await overAll.json()).toMatchObject({ message: 'The file huge.mp4 is larger than the 4096 MB upload limit', field: 'Upload-Length' });
      const unknown = await create(admin, 10, { filename: 'a.mp4', owner: 'someone-else' });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ message: 'Unknown upload metadata: owner', field: 'Upload-Metadata' });
      const noName = await create(admin, 10, { kind: 'video' });
      expect(await noName.json()).toMatchObject({ field: 'Upload-Metadata' });
      const deferred = await fetch(`${base}/api/assets/resumable`, {
        method: 'POST',
        headers: { ...TUS, cookie: admin, 'upload-defer-length': '1', 'upload-metadata': metadataHeader({ filename: 'a.mp4' }) },
      });
      expect(deferred.status).toBe(400);
      expect(await deferred.json()).toMatchObject({ field: 'Upload-Length' });
      const empty = await create(admin, 0, { filename: 'a.mp4' });
      expect(await empty.json()).toMatchObject({ message: 'The file a.mp4 is empty', field: 'Upload-Length' });
      expect(await database.db.selectFrom('resumable_uploads').select('id').execute()).toEqual(before);
    });

    it('sends no more than Upload-Length: a PATCH past the declared size stores nothing beyond it', async () => {
      const created = await create(admin, CHUNK, { filename: 'short.mp4', kind: 'video' });
      const url = created.headers.get('location')!;
      const response = await patch(url, admin, 0, video.subarray(0, 2 * CHUNK));
      expect(response.status).toBe(413);
      const now = await head(url, admin);
      expect(Number(now.headers.get('upload-offset'))).toBeLessThanOrEqual(CHUNK);
    });

    it('a first chunk whose content is not of the kind asked for is refused at once (415) and the upload removed', async () => {
      const created = await create(admin, video.length, { filename: 'notes.pdf', kind: 'pdf' });
      const url = created.headers.get('location')!;
      const refused = await patch(url, admin, 0, video.subarray(0, CHUNK));
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({ message: 'The file notes.pdf is not a PDF' });
      expect((await head(url, admin)).status).toBe(404);
      expect(await database.db.selectFrom('resumable_uploads').select('id').where('file_name', '=', 'notes.pdf').execute()).toEqual([]);
    });

    it('a complete upload of no stated kind whose content is no known kind is refused when finished, with the multipart message, and removed', async () => {
      const body = randomBytes(CHUNK);
      const created = await create(admin, body.length, { filename: 'notes.bin' });
      const url = created.headers.get('location')!;
      expect((await patch(url, admin, 0, body)).status).toBe(204);
      const refused = await finish(url, admin);
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({ message: 'The file notes.bin is not an image, a video, a PDF or a spreadsheet' });
      expect((await head(url, admin)).status).toBe(404);
    });

    it('the hourly cleanup removes unfinished uploads older than the keep period (24 hours), and keeps younger ones', async () => {
      const begin = async (name: string) => {
        const created = await create(admin, video.length, { filename: name, kind: 'video' });
        const url = created.headers.get('location')!;
        await sendChunks(url, admin, 0, CHUNK);
        return url;
      };
      const old = await begin('old.mp4');
      const young = await begin('young.mp4');
      const oldId = old.split('/').pop()!;
      await database.db
        .updateTable('resumable_uploads')
        .set({ created_at: new Date(Date.now() - UNFINISHED_UPLOAD_KEEP_MS - 60_000) })
        .where('id', '=', oldId)
        .execute();
      const config = testConfig(env);
      const storage = createStorage(config);
      const helpers = { logger: { info() {}, warn() {}, error() {}, debug() {} } } as unknown as JobHelpers;
      await cleanup({ db: database.db, config, storage, transports: transportsFromConfig(config) })({}, helpers);

      expect((await head(old, admin)).status).toBe(404);
      expect(await database.db.selectFrom('resumable_uploads').select('id').where('id', '=', oldId).execute()).toEqual([]);
      expect((await head(young, admin)).headers.get('upload-offset')).toBe(String(CHUNK));
      const held = (await storage.list('uploads/')).map((object) => object.key);
      if (driver === 's3') {
        // Its multipart upload aborted, its info and kept-aside part deleted.
        expect(held.filter((key) => key.includes(oldId))).toEqual([]);
        expect(held.some((key) => key.includes(young.split('/').pop()!))).toBe(true);
        expect((await s3!.stats()).multipartUploads.aborted).toBeGreaterThan(0);
      } else {
        const { readdir } = await import('node:fs/promises');
        const files = await readdir(path.join(config.DATA_DIR, 'uploads'));
        expect(files.filter((name) => name.startsWith(oldId))).toEqual([]);
        expect(files.filter((name) => name.startsWith(young.split('/').pop()!)).length).toBeGreaterThan(0);
      }
    });
  });
}
