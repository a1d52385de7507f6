import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { multipartBody } from '../../support/multipart.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn, testConfig } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';

let database: TestDatabase;
let app: FastifyInstance;
let worker: WorkerHandle;
let admin: string;
let files: MediaWorkspace;
let video: Buffer;
const originalPath = process.env.PATH;

beforeAll(async () => {
  database = await createTestDatabase();
  files = await createMediaWorkspace();
  video = await readFile(await makeTestVideo({ dir: files.dir, seconds: 1, width: 320, height: 240, audio: false }));
  app = await buildTestApp(database);
  // A machine without ffmpeg: nothing on PATH and FFMPEG_PATH pointing nowhere.
  process.env.PATH = files.dir;
  worker = await startTestWorker(database, testConfig({ FFMPEG_PATH: '/nowhere/ffmpeg' }));
  await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
  admin = await signIn(app, 'admin@example.com');
});
afterAll(async () => {
  process.env.PATH = originalPath;
  await worker?.stop();
  await app?.close();
  await database?.drop();
  await files?.remove();
});

describe('without ffmpeg', () => {
  it('fails the item at once with a clear reason instead of crashing', async () => {
    const body = multipartBody([{ fileName: 'lesson.mp4', content: video }]);
    const id = (await app.inject({ method: 'POST', url: '/api/assets/private', headers: { ...body.headers, cookie: admin }, payload: body.payload })).json()[0]._id;
    await app.inject({ method: 'POST', url: `/api/admin/assets/process/video/trigger/${id}`, headers: { cookie: admin, 'content-type': 'application/json' }, payload: {} });
    const item = await waitFor(async () => {
      const row = await database.db.selectFrom('queue_items').selectAll().where('asset_id', '=', id).executeTakeFirstOrThrow();
      return row.state === 'failed' ? row : undefined;
    }, 20_000);
    expect(item.attempts).toBe(1);
    expect(item.failure_reason).toMatch(/ffmpeg/i);
    expect(item.failure_reason).toMatch(/FFMPEG_PATH/);
  });
});
