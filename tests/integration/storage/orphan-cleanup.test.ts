import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { S3Storage } from '../../../server/assets/storage/s3-storage.ts';
import type { Storage } from '../../../server/assets/storage/storage.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { transportsFromConfig } from '../../../server/messages/transports.ts';
import { cleanup } from '../../../worker/tasks/cleanup.ts';
import { s3ClientFor, s3Env, startS3Server, type S3TestServer } from '../../support/s3-server.ts';
import { useDatabase } from '../../support/app-harness.ts';

const HOUR = 60 * 60_000;
const SESSION_SECRET = 'orphan-cleanup-tests-session-secret-0123';
const S3_KEY_PREFIX = 'installation-b';

interface Harness {
  config: Config;
  storage: Storage;
  /** Unfinished writes held: temporary files (local disk) or open multipart uploads (S3). */
  unfinishedWrites(): Promise<number>;
  /** Leaves an unfinished write behind, as a process killed in the middle of one does. */
  leaveUnfinishedWrite(key: string): Promise<void>;
  /** Local disk: the folder of a key's file, to see that emptied folders go too. */
  folderOf?(key: string): string;
  /** Local disk: sets a file's modification time, as if written that long ago. */
  age?(key: string, ms: number): Promise<void>;
  /** Local disk: a temporary file that many milliseconds old. */
  temporaryFile?(ms: number): Promise<string>;
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'orphans-local-'));
  const config = loadConfig({ STORAGE_DRIVER: 'local', DATA_DIR: dataDir, SESSION_SECRET, LOG_LEVEL: 'silent' });
  const temporaryFolder = path.join(dataDir, 'storage', '.tmp');
  const temporaryFile = async (ms: number) => {
    await mkdir(temporaryFolder, { recursive: true });
    const file = path.join(temporaryFolder, randomUUID());
    await writeFile(file, Buffer.alloc(64 * 1024, 1));
    const when = new Date(Date.now() - ms);
    await utimes(file, when, when);
    return file;
  };
  return {
    config,
    storage: createStorage(config),
    unfinishedWrites: async () => (await readdir(temporaryFolder).catch(() => [])).length,
    leaveUnfinishedWrite: async () => {
      await temporaryFile(0);
    },
    folderOf: (key) => path.dirname(path.join(dataDir, 'storage', key)),
    age: async (key, ms) => {
      const when = new Date(Date.now() - ms);
      await utimes(path.join(dataDir, 'storage', key), when, when);
    },
    temporaryFile,
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function s3Harness(): Promise<Harness> {
  const server: S3TestServer = await startS3Server();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'orphans-s3-'));
  const config = loadConfig({
    ...s3Env(server),
    DATA_DIR: dataDir,
    SESSION_SECRET,
    LOG_LEVEL: 'silent',
    S3_KEY_PREFIX,
  });
  const storage = createStorage(config);
  const client = s3ClientFor(server);
  return {
    config,
    storage,
    unfinishedWrites: async () => (await server.stats()).multipartUploads.open,
    leaveUnfinishedWrite: async (key) => {
      const Key = `${S3_KEY_PREFIX}/${key}`;
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: server.bucket, Key }));
      await client.send(new UploadPartCommand({ Bucket: server.bucket, Key, UploadId, PartNumber: 1, Body: Buffer.alloc(64 * 1024, 2) }));
    },
    async close() {
      client.destroy();
      if (storage instanceof S3Storage) storage.close();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function cleanupSuite(start: () => Promise<Harness>) {
  let h: Harness;
  const database = useDatabase();

  beforeAll(async () => {
    h = await start();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Runs the product's cleanup task as the worker does, with the clock reading `now`. */
  async function runCleanup(now = new Date()) {
    const deps = { db: database.db, config: h.config, storage: h.storage, transports: transportsFromConfig(h.config) };
    const helpers = { logger: { info() {}, warn() {}, error() {}, debug() {} } } as unknown as JobHelpers;
    await cleanup(deps, { now: () => now })({}, helpers);
  }

  async function put(key: string) {
    await h.storage.put(key, Readable.from([Buffer.from(`content of ${key}`)]));
    return key;
  }

  async function insertAsset(values: { id?: string; storageKey: string; outputPrefix?: string; posterKey?: string; state?: 'ready' | 'processing' }) {
    const id = values.id ?? randomUUID();
    await database.db
      .insertInto('assets')
      .values({
        id,
        file_name: 'lecture.mp4',
        content_type: 'video/mp4',
        kind: 'video',
        access_mode: 'private',
        size_in_bytes: 10,
        sha256: 'x',
        storage_key: values.storageKey,
        output_prefix: values.outputPrefix ?? null,
        poster_key: values.posterKey ?? null,
        state: values.state ?? 'ready',
      })
      .execute();
    return id;
  }

  const storedKeys = async () => new Set((await h.storage.list('')).map((object) => object.key));

  return { harness: () => h, db: () => database.db, runCleanup, put, insertAsset, storedKeys };
}

describe.each([
  { driver: 'local', start: localHarness },
  { driver: 's3', start: s3Harness },
])('the hourly cleanup with $driver storage', ({ start }) => {
  const { harness, db, runCleanup, put, insertAsset, storedKeys } = cleanupSuite(start);

  it('removes what a killed upload left, and old unreferenced outputs; keeps every file a row refers to, and anything younger than an hour', async () => {
    const h = harness();
    // A processed video: its original, its playlists, segments and poster are all referred to.
    const video = randomUUID();
    const output = `assets/${video}/out/v2/`;
    const referenced = [
      await put(`assets/${video}/original/0a0a0a0a0a0a`),
      await put(`${output}hls/master.m3u8`),
      await put(`${output}hls/240p/segment-000.ts`),
      await put(`${output}hls/poster.jpg`),
    ];
    await insertAsset({ id: video, storageKey: referenced[0]!, outputPrefix: output, posterKey: `${output}hls/poster.jpg` });
    // A PDF's page images.
    const pdf = randomUUID();
    const pages = [
      await put(`assets/${pdf}/original/1b1b1b1b1b1b`),
      await put(`assets/${pdf}/out/p1/pages/1.png`),
      await put(`assets/${pdf}/out/p1/pages/2.png`),
    ];
    await insertAsset({ id: pdf, storageKey: pages[0]!, outputPrefix: `assets/${pdf}/out/p1/` });
    // A video being processed: its new output version has no row pointing at it yet.
    const working = randomUUID();
    const workingFiles = [await put(`assets/${working}/original/2c2c2c2c2c2c`), await put(`assets/${working}/out/v9/hls/240p/segment-000.ts`)];
    await insertAsset({ id: working, storageKey: workingFiles[0]!, state: 'processing' });
    await db().insertInto('queue_items').values({ asset_id: working, title: 'lecture.mp4', type: 'video', state: 'processing' }).execute();
    // An upload still running: its first file is stored and claimed, its row comes with the last file.
    const claimed = await put(`assets/${randomUUID()}/original/3d3d3d3d3d3d`);
    await db().insertInto('storage_claims').values({ storage_key: claimed }).execute();
    // Not the product's files: left alone.
    const foreign = await put('exports/report.csv');

    // What a server killed mid-upload leaves: the request's first file stored with no row, the second half-written.
    const orphan = await put(`assets/${randomUUID()}/original/4e4e4e4e4e4e`);
    await h.leaveUnfinishedWrite(`assets/${randomUUID()}/original/5f5f5f5f5f5f`);
    // Outputs nobody refers to: an older version a crashed run did not remove, a failed run's half.
    const staleVersion = [await put(`assets/${video}/out/v1/hls/master.m3u8`), await put(`assets/${video}/out/v1/hls/poster.jpg`)];
    const replacedOriginal = await put(`assets/${video}/original/6a6a6a6a6a6a`);

    const everything = [...referenced, ...pages, ...workingFiles, claimed, foreign, orphan, ...staleVersion, replacedOriginal];
    expect(await storedKeys()).toEqual(new Set(everything));
    expect(await h.unfinishedWrites()).toBe(1);

    // Now: everything is younger than an hour, so nothing goes (an upload or a pipeline may be about to record it).
    await runCleanup();
    expect(await storedKeys()).toEqual(new Set(everything));
    expect(await h.unfinishedWrites()).toBe(1);

    // Two hours on: the orphans go; referenced, claimed, in-progress and foreign files stay.
    await runCleanup(new Date(Date.now() + 2 * HOUR));
    const kept = [...referenced, ...pages, ...workingFiles, claimed, foreign];
    expect(await storedKeys()).toEqual(new Set(kept));
    if (h.folderOf) {
      // Emptied folders go with their files.
      expect(existsSync(h.folderOf(orphan))).toBe(false);
      expect(existsSync(path.dirname(h.folderOf(staleVersion[0]!)))).toBe(false);
    }

    // A day on: the claim of an upload that never finished has expired, and the unfinished write is removed.
    await runCleanup(new Date(Date.now() + 25 * HOUR));
    expect(await storedKeys()).toEqual(new Set([...referenced, ...pages, ...workingFiles, foreign]));
    expect(await h.unfinishedWrites()).toBe(0);
    expect(await db().selectFrom('storage_claims').selectAll().execute()).toEqual([]);
  });
});

describe('the hourly cleanup with local storage', () => {
  const { harness, runCleanup, put, insertAsset, storedKeys } = cleanupSuite(localHarness);

  it("judges by the files' own modification times: an old orphan and an old temporary file go, young ones and referenced ones stay", async () => {
    const h = harness();
    if (!h.age || !h.temporaryFile) throw new Error('the local harness ages files');
    const referencedId = randomUUID();
    const referencedKey = await put(`assets/${referencedId}/original/7b7b7b7b7b7b`);
    await insertAsset({ id: referencedId, storageKey: referencedKey });
    const oldOrphan = await put(`assets/${randomUUID()}/original/8c8c8c8c8c8c`);
    const youngOrphan = await put(`assets/${randomUUID()}/original/9d9d9d9d9d9d`);
    await h.age(referencedKey, 3 * HOUR);
    await h.age(oldOrphan, 3 * HOUR);
    await h.age(youngOrphan, 30 * 60_000);
    const oldTemporary = await h.temporaryFile(2 * HOUR);
    const youngTemporary = await h.temporaryFile(10 * 60_000);

    await runCleanup();

    const keys = await storedKeys();
    expect(keys.has(referencedKey)).toBe(true);
    expect(keys.has(youngOrphan)).toBe(true);
    expect(keys.has(oldOrphan)).toBe(false);
    expect(existsSync(oldTemporary)).toBe(false);
    expect(existsSync(youngTemporary)).toBe(true);
  });
});
