import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { S3Storage } from '../../../server/assets/storage/s3-storage.ts';
import type { Storage } from '../../../server/assets/storage/storage.ts';
import { multipartBody, TINY_PNG } from '../../support/multipart.ts';
import { s3Env, startS3Server, type S3TestServer } from '../../support/s3-server.ts';
import { testConfig } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const REPLACES = 20;

describe.each([{ driver: 'local' }, { driver: 's3' }])('concurrent replaces of one file ($driver storage)', ({ driver }) => {
  let storage: Storage;
  let server: S3TestServer | undefined;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    if (driver === 's3') {
      server = await startS3Server();
      env = s3Env(server);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });
  const harness = useApp({ env: () => env });
  const asAdmin = harness.injectAs('admin');
  const asNobody = harness.injectAs('nobody');
  beforeAll(() => {
    storage = createStorage(testConfig(env));
  });
  afterAll(() => {
    if (storage instanceof S3Storage) storage.close();
  });

  it(`leaves exactly one stored file, the one the row refers to, after ${REPLACES} replaces at once`, async () => {
    const first = multipartBody([{ fileName: 'cover.png', content: TINY_PNG }]);
    const uploaded = await asAdmin('POST', '/api/assets/public', first.payload, first.headers);
    const id = uploaded.json()[0]._id as string;

    const answers = await Promise.all(
      Array.from({ length: REPLACES }, (_, index) => {
        const body = multipartBody([{ fileName: `cover-${index}.png`, content: Buffer.concat([TINY_PNG, Buffer.from(`version ${index}`)]) }]);
        return asAdmin('PUT', `/api/assets/replace/${id}`, body.payload, body.headers);
      }),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: REPLACES }, () => 200));

    const row = await harness.db.selectFrom('assets').select(['storage_key', 'file_name']).where('id', '=', id).executeTakeFirstOrThrow();
    const stored = await storage.list(`assets/${id}/`);
    expect(stored.map((object) => object.key)).toEqual([row.storage_key]);
    // The content stored is the one the row names.
    const read = await asNobody('GET', `/api/assets/${id}`);
    expect(read.rawPayload.toString('latin1').endsWith(`version ${row.file_name.replace(/^cover-|\.png$/g, '')}`)).toBe(true);
    expect(await harness.db.selectFrom('storage_claims').selectAll().execute()).toEqual([]);
  });
});
