import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { S3Storage } from '../../../server/assets/storage/s3-storage.ts';
import { InvalidStorageKeyError, StorageNotFoundError, type Storage } from '../../../server/assets/storage/storage.ts';
import { loadConfig } from '../../../server/config.ts';
import { s3ClientFor, s3Env, startS3Server } from '../../support/s3-server.ts';

const MiB = 1024 * 1024;
const SESSION_SECRET = 'storage-tests-session-secret-0123456789';
const S3_KEY_PREFIX = 'installation-a';

interface Harness {
  storage: Storage;
  /** Unfinished writes still held: temporary files (local disk) or open multipart uploads (S3). */
  leftovers(): Promise<number>;
  /** Multipart uploads begun so far (S3), to show that a test went through the multipart path. */
  multipartUploadsBegun(): Promise<number | undefined>;
  /** The key count of every DeleteObjects request so far (S3). */
  deleteBatches(): Promise<number[] | undefined>;
  /** Where localPath must point for a key. */
  expectedLocalPath(key: string): string | undefined;
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-local-'));
  const storage = createStorage(loadConfig({ STORAGE_DRIVER: 'local', DATA_DIR: dataDir, SESSION_SECRET }));
  return {
    storage,
    leftovers: async () => (await readdir(path.join(dataDir, 'storage', '.tmp')).catch(() => [])).length,
    multipartUploadsBegun: async () => undefined,
    deleteBatches: async () => undefined,
    expectedLocalPath: (key) => path.join(dataDir, 'storage', key),
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function s3Harness(): Promise<Harness> {
  const server = await startS3Server();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-s3-'));
  const storage = createStorage(
    loadConfig({
      ...s3Env(server),
      DATA_DIR: dataDir,
      SESSION_SECRET,
      S3_KEY_PREFIX,
    }),
  );
  return {
    storage,
    leftovers: async () => (await server.stats()).multipartUploads.open,
    multipartUploadsBegun: async () => (await server.stats()).multipartUploads.created,
    deleteBatches: async () => (await server.stats()).deleteBatches,
    expectedLocalPath: () => undefined,
    async close() {
      if (storage instanceof S3Storage) storage.close();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A buffer as a stream of 64 KiB chunks, the way a request body arrives. */
function streamOf(data: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* chunks() {
      for (let offset = 0; offset < data.length; offset += chunkSize) yield data.subarray(offset, offset + chunkSize);
    })(),
  );
}

/** One zero-filled MiB, yielded again and again: it never changes, so sharing it is safe, and the
 * source then allocates nothing itself, leaving any growth in memory to the storage under test. */
const ZERO_MiB = Buffer.alloc(MiB);

/**
 * A stream of zero-filled 1 MiB chunks. failAfter: throws once that many MiB have been produced.
 * onChunk: told each MiB count as it is produced.
 */
function zeros(mebibytes: number, options: { failAfter?: number; onChunk?: (produced: number) => void } = {}): Readable {
  return Readable.from(
    (async function* chunks() {
      for (let produced = 1; produced <= mebibytes; produced += 1) {
        if (options.failAfter !== undefined && produced > options.failAfter) throw new Error('the source broke midway');
        options.onChunk?.(produced);
        yield ZERO_MiB;
      }
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'storage-scratch-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe.each([
  { driver: 'local', start: localHarness },
  { driver: 's3', start: s3Harness },
])('$driver storage', ({ driver, start }) => {
  let h: Harness;
  let storage: Storage;

  beforeAll(async () => {
    h = await start();
    storage = h.storage;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is the driver STORAGE_DRIVER names', () => {
    expect(storage.kind).toBe(driver);
  });

  // Early in the block, while the process has little freed memory that could hide growth in RSS.
  it('streams a 200 MB put without holding it in memory', { timeout: 60_000 }, async () => {
    // Warm up first: the first multipart upload loads and compiles code, which is not what is measured.
    await storage.put('memory/warm-up.bin', zeros(20));
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const startUsage = process.memoryUsage();
    let peakRss = startUsage.rss;
    // RSS can hide growth in memory an earlier test freed; Buffer memory (arrayBuffers) cannot.
    let peakBuffers = startUsage.arrayBuffers;
    const sample = () => {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakBuffers = Math.max(peakBuffers, usage.arrayBuffers);
    };
    const sampler = setInterval(sample, 5);
    try {
      const result = await storage.put('memory/large.bin', zeros(200));
      expect(result.size).toBe(200 * MiB);
    } finally {
      clearInterval(sampler);
    }
    sample();
    const rssGrowth = peakRss - startUsage.rss;
    const bufferGrowth = peakBuffers - startUsage.arrayBuffers;
    expect(rssGrowth, `RSS grew by ${(rssGrowth / MiB).toFixed(1)} MiB`).toBeLessThan(100 * MiB);
    expect(bufferGrowth, `Buffer memory grew by ${(bufferGrowth / MiB).toFixed(1)} MiB`).toBeLessThan(100 * MiB);
    expect((await storage.stat('memory/large.bin'))?.size).toBe(200 * MiB);
    await storage.delete('memory/large.bin');
    await storage.delete('memory/warm-up.bin');
  });

  it('round-trips a few megabytes unchanged', async () => {
    const data = randomBytes(5 * MiB + 123);
    const result = await storage.put('round-trip/data.bin', streamOf(data), { contentType: 'application/octet-stream' });
    expect(result.size).toBe(data.length);
    const read = await readAll(await storage.get('round-trip/data.bin'));
    expect(read.length).toBe(data.length);
    expect(sha256(read)).toBe(sha256(data));
  });

  it('reads byte ranges: the first byte, the middle, the last byte, a single byte and an end past the object', async () => {
    const data = Buffer.from(Array.from({ length: MiB + 17 }, (_, index) => (index * 7 + 3) % 251));
    await storage.put('ranges/data.bin', streamOf(data));
    const read = async (start: number, end: number) => readAll(await storage.get('ranges/data.bin', { start, end }));

    expect(await read(0, 0)).toEqual(data.subarray(0, 1));
    expect(await read(1000, 299_999)).toEqual(data.subarray(1000, 300_000));
    expect(await read(data.length - 1, data.length - 1)).toEqual(data.subarray(data.length - 1));
    expect(await read(4242, 4242)).toEqual(data.subarray(4242, 4243));
    expect(await read(data.length - 10, data.length + 1000)).toEqual(data.subarray(data.length - 10));
    await expect(storage.get('ranges/data.bin', { start: data.length, end: data.length + 5 })).rejects.toBeInstanceOf(RangeError);
    await expect(storage.get('ranges/data.bin', { start: 10, end: 9 })).rejects.toBeInstanceOf(RangeError);
  });

  it('replaces an existing object on put', async () => {
    await storage.put('replace/object.txt', streamOf(Buffer.from('the first version, which is longer')));
    const result = await storage.put('replace/object.txt', streamOf(Buffer.from('second')));
    expect(result.size).toBe(6);
    expect((await readAll(await storage.get('replace/object.txt'))).toString()).toBe('second');
    expect((await storage.stat('replace/object.txt'))?.size).toBe(6);
  });

  it('answers stat and exists for stored and missing keys', async () => {
    expect(await storage.stat('stat/object.bin')).toBeUndefined();
    expect(await storage.exists('stat/object.bin')).toBe(false);
    const before = Date.now();
    await storage.put('stat/object.bin', streamOf(randomBytes(4321)));
    const stored = await storage.stat('stat/object.bin');
    expect(stored).toMatchObject({ key: 'stat/object.bin', size: 4321 });
    expect(stored?.modifiedAt).toBeInstanceOf(Date);
    // S3 keeps whole seconds, so allow a little either side of the write.
    expect(Math.abs((stored?.modifiedAt.getTime() ?? 0) - before)).toBeLessThan(5_000);
    expect(await storage.exists('stat/object.bin')).toBe(true);
    expect(await storage.exists('stat')).toBe(false);
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    await storage.put('delete/object.txt', streamOf(Buffer.from('short-lived')));
    await storage.delete('delete/object.txt');
    expect(await storage.exists('delete/object.txt')).toBe(false);
    await expect(storage.get('delete/object.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete('delete/object.txt')).resolves.toBeUndefined();
  });

  it('deletes a folder of more than a thousand objects and nothing beside it', async () => {
    const keys = Array.from({ length: 1100 }, (_, index) => (index % 10 === 0 ? `bulk/nested/${index}.txt` : `bulk/${index}.txt`));
    for (let start = 0; start < keys.length; start += 100) {
      await Promise.all(keys.slice(start, start + 100).map((key) => storage.put(key, streamOf(Buffer.from(key)))));
    }
    await storage.put('bulk-neighbour/keep.txt', streamOf(Buffer.from('keep')));
    await storage.put('bulk.txt', streamOf(Buffer.from('keep')));
    expect((await storage.list('bulk/')).length).toBe(1100);
    const batchesBefore = (await h.deleteBatches())?.length ?? 0;

    expect(await storage.deletePrefix('bulk/')).toBe(1100);

    expect(await storage.list('bulk/')).toEqual([]);
    expect(await storage.exists('bulk/5.txt')).toBe(false);
    expect(await storage.exists('bulk-neighbour/keep.txt')).toBe(true);
    expect(await storage.exists('bulk.txt')).toBe(true);
    expect(await storage.deletePrefix('bulk/')).toBe(0);
    const batches = (await h.deleteBatches())?.slice(batchesBefore);
    if (batches) {
      // S3 refuses more than 1000 keys in one DeleteObjects request; the server here does too.
      expect(batches.length).toBeGreaterThanOrEqual(2);
      expect(Math.max(...batches)).toBeLessThanOrEqual(1000);
      expect(batches.reduce((sum, count) => sum + count, 0)).toBe(1100);
    }
  });

  it('lists the objects under a prefix with their sizes, in key order', async () => {
    await storage.put('lists/b/c.txt', streamOf(Buffer.from('12345')));
    await storage.put('lists/a.txt', streamOf(Buffer.from('123')));
    await storage.put('lists-other/x.txt', streamOf(Buffer.from('x')));

    const listed = await storage.list('lists/');
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'lists/a.txt', size: 3 },
      { key: 'lists/b/c.txt', size: 5 },
    ]);
    expect(listed.every((object) => object.modifiedAt instanceof Date)).toBe(true);
    expect((await storage.list('lists/b')).map((object) => object.key)).toEqual(['lists/b/c.txt']);
    expect((await storage.list('lists')).map((object) => object.key)).toEqual(['lists-other/x.txt', 'lists/a.txt', 'lists/b/c.txt']);
    expect(await storage.list('nothing-here/')).toEqual([]);
  });

  it('downloads an object to a file, reporting progress', async () => {
    const data = randomBytes(3 * MiB + 5);
    await storage.put('download/data.bin', streamOf(data));
    const target = path.join(scratch, `${driver}-download.bin`);
    const progress: number[] = [];
    await storage.download('download/data.bin', target, { onProgress: (bytes) => progress.push(bytes) });
    expect(sha256(await readFile(target))).toBe(sha256(data));
    expect(progress.at(-1)).toBe(data.length);

    const missingTarget = path.join(scratch, `${driver}-missing.bin`);
    await expect(storage.download('download/missing.bin', missingTarget)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(existsSync(missingTarget)).toBe(false);
  });

  it('uploads a local file with putFile', async () => {
    const data = randomBytes(2 * MiB + 99);
    const source = path.join(scratch, `${driver}-upload.bin`);
    await writeFile(source, data);
    const result = await storage.putFile('put-file/data.bin', source);
    expect(result.size).toBe(data.length);
    expect(sha256(await readAll(await storage.get('put-file/data.bin')))).toBe(sha256(data));
  });

  it('gives localPath where the driver has a disk, pointing at the stored bytes', async () => {
    await storage.put('local-path/data.txt', streamOf(Buffer.from('on disk')));
    const expected = h.expectedLocalPath('local-path/data.txt');
    expect(storage.localPath('local-path/data.txt')).toBe(expected);
    if (expected) expect((await readFile(expected)).toString()).toBe('on disk');
  });

  it('leaves no object under the key when the source fails midway', async () => {
    const begunBefore = await h.multipartUploadsBegun();
    await expect(storage.put('failed/object.bin', zeros(40, { failAfter: 20 }))).rejects.toThrow('the source broke midway');
    expect(await storage.exists('failed/object.bin')).toBe(false);
    expect(await storage.list('failed/')).toEqual([]);
    expect(await h.leftovers()).toBe(0);
    const begunAfter = await h.multipartUploadsBegun();
    if (begunBefore !== undefined) expect(begunAfter).toBeGreaterThan(begunBefore);
  });

  it('keeps the previous object when a replacement fails', async () => {
    await storage.put('failed/replaced.txt', streamOf(Buffer.from('the good version')));
    await expect(storage.put('failed/replaced.txt', zeros(12, { failAfter: 10 }))).rejects.toThrow('the source broke midway');
    expect((await readAll(await storage.get('failed/replaced.txt'))).toString()).toBe('the good version');
    expect(await h.leftovers()).toBe(0);
  });

  it('leaves nothing behind when a put is aborted', async () => {
    const begunBefore = await h.multipartUploadsBegun();
    const controller = new AbortController();
    const source = zeros(100, { onChunk: (produced) => produced === 20 && controller.abort() });
    await expect(storage.put('aborted/object.bin', source, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(await storage.exists('aborted/object.bin')).toBe(false);
    expect(await h.leftovers()).toBe(0);
    const begunAfter = await h.multipartUploadsBegun();
    if (begunBefore !== undefined) expect(begunAfter).toBeGreaterThan(begunBefore);

    await expect(storage.put('aborted/early.bin', zeros(1), { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(await storage.exists('aborted/early.bin')).toBe(false);
  });

  it('refuses bad keys and prefixes before touching anything', async () => {
    const badKeys = ['', '/etc/passwd', '../outside', 'a/../../outside', 'a/./b', 'a//b', 'a/', 'a\\b', 'a\0b', 'line\nbreak', '.tmp/x', 'x'.repeat(1025)];
    for (const key of badKeys) {
      await expect(storage.put(key, streamOf(Buffer.from('x'))), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.putFile(key, path.join(scratch, 'never')), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.download(key, path.join(scratch, 'never')), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.stat(key), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists(key), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => storage.localPath(key), JSON.stringify(key)).toThrow(InvalidStorageKeyError);
    }
    for (const prefix of ['', 'no-trailing-slash', '../', '/abs/', 'a//', '.tmp/']) {
      await expect(storage.deletePrefix(prefix), JSON.stringify(prefix)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    for (const prefix of ['../', '/abs', 'a/../b', 'a\\b']) {
      await expect(storage.list(prefix), JSON.stringify(prefix)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(existsSync(path.join(scratch, 'never'))).toBe(false);
    expect(await storage.list('')).not.toContainEqual(expect.objectContaining({ key: expect.stringContaining('outside') }));
  });

  it('throws StorageNotFoundError for a missing key', async () => {
    await expect(storage.get('missing/object.bin')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.get('missing/object.bin', { start: 0, end: 10 })).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('reports progress with increasing byte counts that end at the size', async () => {
    const progress: number[] = [];
    const size = 20 * MiB;
    const result = await storage.put('progress/data.bin', zeros(20), { onProgress: (bytes) => progress.push(bytes) });
    expect(result.size).toBe(size);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (let index = 1; index < progress.length; index += 1) {
      expect(progress[index], `progress ${progress.join(', ')}`).toBeGreaterThan(progress[index - 1] ?? Infinity);
    }
    expect(progress.at(-1)).toBe(size);
  });
});

describe('S3 storage', () => {
  it('keeps every object under S3_KEY_PREFIX in the bucket', async () => {
    const own = await startS3Server({ bucket: 'prefix-check' });
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      DATA_DIR: scratch,
      SESSION_SECRET,
      S3_ENDPOINT: own.endpoint,
      S3_BUCKET: own.bucket,
      S3_ACCESS_KEY_ID: own.accessKeyId,
      S3_SECRET_ACCESS_KEY: own.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: `/${S3_KEY_PREFIX}/`,
    });
    const storage = createStorage(config);
    const client = s3ClientFor(own);
    try {
      await storage.put('assets/1/original', streamOf(Buffer.from('prefixed')));
      const raw = await client.send(new ListObjectsV2Command({ Bucket: own.bucket }));
      expect(raw.Contents?.map((object) => object.Key)).toEqual([`${S3_KEY_PREFIX}/assets/1/original`]);
      expect((await storage.list('')).map((object) => object.key)).toEqual(['assets/1/original']);
      expect(await storage.deletePrefix('assets/')).toBe(1);
      expect((await client.send(new ListObjectsV2Command({ Bucket: own.bucket }))).KeyCount).toBe(0);
    } finally {
      client.destroy();
      if (storage instanceof S3Storage) storage.close();
      await own.stop();
    }
  });
});
