import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, makeTestPdf, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { multipartBody } from '../../support/multipart.ts';
import { startS3Server, type S3TestServer } from '../../support/s3-server.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn, testConfig } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';

let database: TestDatabase;
let s3: S3TestServer;
let app: FastifyInstance;
let worker: WorkerHandle;
let admin: string;
let files: MediaWorkspace;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  s3 = await startS3Server();
  env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  app = await buildTestApp(database, { env });
  worker = await startTestWorker(database, testConfig(env));
  await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
  admin = await signIn(app, 'admin@example.com');
  files = await createMediaWorkspace();
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await s3?.stop();
  await database?.drop();
  await files?.remove();
});

async function upload(file: string, name: string): Promise<string> {
  const body = multipartBody([{ fileName: name, content: await readFile(file) }]);
  const response = await app.inject({ method: 'POST', url: '/api/assets/private', headers: { ...body.headers, cookie: admin }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id;
}

async function processed(id: string) {
  await app.inject({ method: 'POST', url: `/api/admin/assets/process/video/trigger/${id}`, headers: { cookie: admin, 'content-type': 'application/json' }, payload: {} });
  return waitFor(async () => {
    const asset = (await app.inject({ method: 'GET', url: `/api/admin/assets/${id}`, headers: { cookie: admin } })).json();
    return asset.state === 'ready' || asset.state === 'failed' ? asset : undefined;
  }, 60_000);
}

describe('with an S3-compatible bucket', () => {
  it('stores uploads in the bucket, serves byte ranges from it and processes a video there', async () => {
    const source = await makeTestVideo({ dir: files.dir, seconds: 2, width: 426, height: 240, audio: true });
    const content = await readFile(source);
    const id = await upload(source, 'lesson.mp4');
    const row = await database.db.selectFrom('assets').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
    const storage = createStorage(testConfig(env));
    expect(storage.kind).toBe('s3');
    expect(await storage.exists(row.storage_key)).toBe(true);

    const range = await app.inject({ method: 'GET', url: `/api/assets/${id}`, headers: { cookie: admin, range: 'bytes=10-19' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(content.subarray(10, 20))).toBe(true);

    const ready = await processed(id);
    expect(ready.failureReason).toBeNull();
    expect(ready.renditions.map((r: { name: string }) => r.name)).toEqual(['240p']);
    expect(ready.processProgress.downloading).toEqual({ total: content.length, loaded: content.length });
    const master = await app.inject({ method: 'GET', url: ready.playlistUrl, headers: { cookie: admin } });
    expect(master.body).toContain('240p/index.m3u8');
    const objects = await storage.list(`assets/${id}/out/`);
    expect(objects.some((o) => o.key.endsWith('/poster.jpg'))).toBe(true);
    expect(objects.some((o) => o.key.endsWith('.ts'))).toBe(true);
  });

  it('turns a PDF in the bucket into page images in the bucket', async () => {
    const id = await upload(await makeTestPdf(3, { dir: files.dir }), 'notes.pdf');
    const ready = await processed(id);
    expect(ready).toMatchObject({ state: 'ready', pageCount: 3, hasConvertedtoImage: true });
    const page = await app.inject({ method: 'GET', url: ready.pageUrls[2], headers: { cookie: admin } });
    expect(page.headers['content-type']).toBe('image/png');
  });

  it('deletes a file and everything made from it from the bucket', async () => {
    const id = await upload(await makeTestPdf(1, { dir: files.dir, name: 'one.pdf' }), 'one.pdf');
    await processed(id);
    const storage = createStorage(testConfig(env));
    expect((await storage.list(`assets/${id}/`)).length).toBeGreaterThan(1);
    await app.inject({ method: 'DELETE', url: `/api/assets/${id}`, headers: { cookie: admin } });
    expect(await storage.list(`assets/${id}/`)).toEqual([]);
  });
});
