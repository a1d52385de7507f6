import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { S3Storage } from '../../../server/assets/storage/s3-storage.ts';
import type { Storage } from '../../../server/assets/storage/storage.ts';
import { multipartBody, TINY_PNG } from '../../support/multipart.ts';
import { startS3Server, type S3TestServer } from '../../support/s3-server.ts';
import { buildTestApp, createUser, signIn, testConfig } from '../../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const REPLACES = 20;

describe.each([{ driver: 'local' }, { driver: 's3' }])('concurrent replaces of one file ($driver storage)', ({ driver }) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let storage: Storage;
  let server: S3TestServer | undefined;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    let env: Record<string, string> = {};
    if (driver === 's3') {
      server = await startS3Server();
      env = {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: server.endpoint,
        S3_REGION: server.region,
        S3_BUCKET: server.bucket,
        S3_ACCESS_KEY_ID: server.accessKeyId,
        S3_SECRET_ACCESS_KEY: server.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      };
    }
    app = await buildTestApp(database, { env });
    storage = createStorage(testConfig(env));
    await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
    admin = await signIn(app, 'admin@example.com');
  });
  afterAll(async () => {
    await app?.close();
    if (storage instanceof S3Storage) storage.close();
    await server?.stop();
    await database?.drop();
  });

  it(`leaves exactly one stored file, the one the row refers to, after ${REPLACES} replaces at once`, async () => {
    const first = multipartBody([{ fileName: 'cover.png', content: TINY_PNG }]);
    const uploaded = await app.inject({ method: 'POST', url: '/api/assets/public', headers: { ...first.headers, cookie: admin }, payload: first.payload });
    const id = uploaded.json()[0]._id as string;

    const answers = await Promise.all(
      Array.from({ length: REPLACES }, (_, index) => {
        const body = multipartBody([{ fileName: `cover-${index}.png`, content: Buffer.concat([TINY_PNG, Buffer.from(`version ${index}`)]) }]);
        return app.inject({ method: 'PUT', url: `/api/assets/replace/${id}`, headers: { ...body.headers, cookie: admin }, payload: body.payload });
      }),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: REPLACES }, () => 200));

    const row = await database.db.selectFrom('assets').select(['storage_key', 'file_name']).where('id', '=', id).executeTakeFirstOrThrow();
    const stored = await storage.list(`assets/${id}/`);
    expect(stored.map((object) => object.key)).toEqual([row.storage_key]);
    // The content stored is the one the row names.
    const read = await app.inject({ method: 'GET', url: `/api/assets/${id}` });
    expect(read.rawPayload.toString('latin1').endsWith(`version ${row.file_name.replace(/^cover-|\.png$/g, '')}`)).toBe(true);
    expect(await database.db.selectFrom('storage_claims').selectAll().execute()).toEqual([]);
  });
});
