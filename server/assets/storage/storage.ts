import type { Readable } from 'node:stream';

/** Byte range of a read, both ends inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  size: number;
  /** When the object was last written. */
  modifiedAt: Date;
}

export interface PutOptions {
  contentType?: string;
  /** Called with the bytes written so far (for progress bars). */
  onProgress?: (bytesWritten: number) => void;
  signal?: AbortSignal;
}

/**
 * Where files live: local disk under DATA_DIR by default, or an S3-compatible bucket.
 * Keys are '/'-separated relative paths (e.g. `assets/<id>/original`), never absolute,
 * never containing `..`. A written object becomes visible only once it is complete:
 * a failed or aborted write leaves nothing behind under its key.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Streams a body to a key and answers the bytes written; replaces an existing object. */
  put(key: string, body: Readable, options?: PutOptions): Promise<{ size: number }>;
  /** Uploads a local file. */
  putFile(key: string, filePath: string, options?: PutOptions): Promise<{ size: number }>;
  /** Reads an object, or a byte range of it. Throws StorageNotFoundError when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Copies an object to a local file (for tools such as ffmpeg that need a path). */
  download(key: string, filePath: string, options?: { onProgress?: (bytes: number) => void; signal?: AbortSignal }): Promise<void>;
  /** A local path to read the object from without copying, when the driver has one (local disk). */
  localPath(key: string): string | undefined;
  stat(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes several objects; keys that are already gone are no error. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Deletes every object whose key starts with prefix (a '/'-terminated folder). */
  deletePrefix(prefix: string): Promise<number>;
  list(prefix: string): Promise<StoredObject[]>;
  /**
   * Every object whose key starts with prefix, with its size and modification time, a page at a
   * time (a folder on local disk, a ListObjectsV2 page on S3), so that listing a whole bucket
   * keeps little in memory.
   */
  walk(prefix: string): AsyncIterable<StoredObject>;
  /**
   * Removes writes that never finished (a process killed in the middle of one): local temporary
   * files not written to since `lastWrittenBefore`; S3 multipart uploads begun before
   * `startedBefore` (S3 tells only when an upload began, so that limit is the longer one).
   * Answers how many were removed.
   */
  deleteUnfinishedWrites(limits: { lastWrittenBefore: Date; startedBefore: Date }): Promise<number>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** A key or prefix that breaks the rules above; refused before anything is read or written. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}
