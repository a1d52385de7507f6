import { createReadStream } from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { StorageNotFoundError, type ByteRange, type PutOptions, type Storage, type StoredObject } from './storage.ts';
import { ByteCounter, abortError, streamToFile } from './transfer.ts';
import { assertValidFolder, assertValidKey, assertValidListPrefix, assertValidRange, unsatisfiableRange } from './validation.ts';

/** Multipart part size: one upload holds about partSize × (queueSize + 1) bytes at once. */
const PART_SIZE = 8 * 1024 * 1024;
/**
 * Parts in flight at once per upload. Each part is a fresh buffer, and V8 lets tens of megabytes of
 * spent ones wait for a collection; with 2, a 200 MB upload grew the process by 25-60 MB in tests,
 * against up to 90 MB with 4.
 */
const QUEUE_SIZE = 2;
/** Keys per listed page, and so per DeleteObjects request: S3 allows no more than 1000 in either. */
const PAGE_SIZE = 1000;

export interface S3StorageOptions {
  /** An S3-compatible service's URL; AWS itself when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Both or neither; without them the SDK's default chain applies (environment, instance role, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO and most self-hosted services). */
  forcePathStyle: boolean;
  /** A folder inside the bucket that every key lives under, so one bucket can serve several installations. */
  keyPrefix?: string;
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // A missing bucket is a configuration fault, not a missing object.
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

function isUnsatisfiableRange(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'InvalidRange' || error.$metadata.httpStatusCode === 416);
}

/** Objects in an S3-compatible bucket, written with streamed multipart uploads of bounded memory. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #keyPrefix: string;

  constructor(options: S3StorageOptions) {
    const { accessKeyId, secretAccessKey } = options;
    if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
      throw new Error('S3 storage needs both an access key id and a secret access key, or neither');
    }
    const folder = (options.keyPrefix ?? '').replace(/^\/+|\/+$/g, '');
    if (folder !== '') assertValidKey(folder);
    this.#keyPrefix = folder === '' ? '' : `${folder}/`;
    this.#bucket = options.bucket;
    this.#client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // The SDK's default CRC32 checksums on every upload are refused by several S3-compatible
      // services; send checksums only where the API requires them (DeleteObjects).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<{ size: number }> {
    assertValidKey(key);
    const { signal, onProgress } = options;
    signal?.throwIfAborted();
    // The upload reads through a counter joined to the source by pipeline, so a source that fails,
    // or is stopped by the signal, fails the upload instead of ending it early. A failed upload
    // aborts its multipart upload (leavePartsOnError is false) before done() rejects. A signal that
    // fires once the whole source has been read no longer stops the write: put then resolves.
    const counter = new ByteCounter();
    const source = pipeline(body, counter, () => {});
    const stop = () => {
      if (signal) body.destroy(abortError(signal));
    };
    signal?.addEventListener('abort', stop, { once: true });
    const upload = new Upload({
      client: this.#client,
      params: { Bucket: this.#bucket, Key: this.#objectKey(key), Body: source, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    if (onProgress) {
      upload.on('httpUploadProgress', (progress) => {
        if (progress.loaded !== undefined) onProgress(progress.loaded);
      });
    }
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw error;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
    return { size: counter.bytes };
  }

  async putFile(key: string, filePath: string, options?: PutOptions): Promise<{ size: number }> {
    assertValidKey(key);
    options?.signal?.throwIfAborted();
    return this.put(key, createReadStream(filePath), options);
  }

  get(key: string, range?: ByteRange): Promise<Readable> {
    return this.#read(key, range);
  }

  async download(key: string, filePath: string, options?: { onProgress?: (bytes: number) => void; signal?: AbortSignal }): Promise<void> {
    options?.signal?.throwIfAborted();
    await streamToFile(await this.#read(key, undefined, options?.signal), filePath, options);
  }

  localPath(key: string): undefined {
    assertValidKey(key);
    return undefined;
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertValidKey(key);
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) assertValidKey(key);
    for (let start = 0; start < keys.length; start += PAGE_SIZE) {
      await this.#deleteObjects(
        keys.slice(start, start + PAGE_SIZE).map((key) => this.#objectKey(key)),
        'the keys given',
      );
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidFolder(prefix);
    let deleted = 0;
    // One DeleteObjects request per listed page (at most 1000 keys each, S3's limit for both). Deleting
    // a page's keys does not disturb the listing: the continuation token names the last key seen.
    for await (const page of this.#pages(prefix)) {
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      await this.#deleteObjects(keys, prefix);
      deleted += keys.length;
    }
    return deleted;
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    for await (const object of this.walk(prefix)) objects.push(object);
    return objects;
  }

  async *walk(prefix: string): AsyncGenerator<StoredObject> {
    assertValidListPrefix(prefix);
    for await (const page of this.#pages(prefix)) {
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key.slice(this.#keyPrefix.length),
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        };
      }
    }
  }

  async deleteUnfinishedWrites(limits: { lastWrittenBefore: Date; startedBefore: Date }): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    // Only this installation's uploads (its key prefix), a page of at most 1000 at a time.
    for (;;) {
      const page = await this.#client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.#bucket,
          Prefix: this.#keyPrefix || undefined,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
          MaxUploads: PAGE_SIZE,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= limits.startedBefore) continue;
        await this.#client.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: upload.Key, UploadId: upload.UploadId }));
        removed += 1;
      }
      if (!page.IsTruncated) return removed;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /** Closes the client's idle connections; the storage is unusable afterwards. */
  close(): void {
    this.#client.destroy();
  }

  #objectKey(key: string): string {
    return `${this.#keyPrefix}${key}`;
  }

  /** One DeleteObjects request for at most 1000 full object keys; missing keys count as deleted. */
  async #deleteObjects(objectKeys: string[], what: string): Promise<void> {
    if (objectKeys.length === 0) return;
    const result = await this.#client.send(
      new DeleteObjectsCommand({
        Bucket: this.#bucket,
        Delete: { Objects: objectKeys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failures = result.Errors ?? [];
    if (failures.length > 0) {
      const first = failures[0];
      throw new Error(
        `Could not delete ${failures.length} of ${objectKeys.length} objects under ${what} (first: ${first?.Key} ${first?.Code}: ${first?.Message})`,
      );
    }
  }

  #pages(prefix: string) {
    return paginateListObjectsV2({ client: this.#client, pageSize: PAGE_SIZE }, { Bucket: this.#bucket, Prefix: this.#objectKey(prefix) });
  }

  async #read(key: string, range?: ByteRange, signal?: AbortSignal): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    let body: unknown;
    try {
      const response = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: this.#objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        { abortSignal: signal },
      );
      body = response.Body;
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      if (range && isUnsatisfiableRange(error)) throw unsatisfiableRange(key, range);
      throw error;
    }
    if (!(body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
    return body;
  }
}
