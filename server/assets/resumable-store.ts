import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { UNFINISHED_UPLOAD_KEEP_MS } from '../../shared/assets/resumable-upload.rules.ts';
import type { StorageConfig } from './storage/index.ts';
import type { Storage } from './storage/storage.ts';

/** Where resumable uploads keep what has arrived: a folder beside the stored files, or `uploads/` in the bucket. */
const FOLDER = 'uploads';

/**
 * The tus data store of resumable uploads, for the storage driver in use: files under
 * `DATA_DIR/uploads` on local disk (@tus/file-store), or an S3 multipart upload per upload under
 * `uploads/` in the bucket (@tus/s3-store). Uploads are named by their id in resumable_uploads.
 */
export interface ResumableStore {
  readonly store: FileStore | S3Store;
  /** The data store's name of an upload (its file name, or its key in the bucket). */
  storeId(uploadId: string): string;
  /** Everything that arrived, once the upload is complete. */
  read(uploadId: string): Promise<Readable>;
  /** Removes all that is held of an upload (on S3 its multipart upload is aborted); one already gone is no error. */
  remove(uploadId: string): Promise<void>;
  close(): void;
}

/** An S3 store whose connections can be closed with the server. */
class ClosableS3Store extends S3Store {
  close(): void {
    this.client.destroy();
  }
}

function isGone(error: unknown): boolean {
  const status = (error as { status_code?: unknown } | null)?.status_code;
  return status === 404 || status === 410;
}

export function createResumableStore(config: StorageConfig, storage: Storage): ResumableStore {
  if (config.STORAGE_DRIVER === 'local') {
    const store = new FileStore({ directory: path.join(config.DATA_DIR, FOLDER), expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_KEEP_MS });
    return {
      store,
      storeId: (uploadId) => uploadId,
      read: async (uploadId) => store.read(uploadId) as Readable,
      remove: async (uploadId) => {
        await store.remove(uploadId).catch((error: unknown) => {
          if (!isGone(error)) throw error;
        });
      },
      close: () => {},
    };
  }
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER is s3');
  const folder = (config.S3_KEY_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  const prefix = folder === '' ? '' : `${folder}/`;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  const store = new ClosableS3Store({
    // S3 parts are at least 5 MiB; the console sends 16 MiB chunks, each two parts.
    partSize: 8 * 1024 * 1024,
    maxConcurrentPartUploads: 2,
    expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_KEEP_MS,
    // Expiry is the hourly cleanup's (many S3-compatible services have no object tags).
    useTags: false,
    s3ClientConfig: {
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  const storeId = (uploadId: string) => `${prefix}${FOLDER}/${uploadId}`;
  return {
    store,
    storeId,
    read: async (uploadId) => (await store.read(storeId(uploadId))) as Readable,
    remove: async (uploadId) => {
      await store.remove(storeId(uploadId)).catch((error: unknown) => {
        if (!isGone(error)) throw error;
      });
      // What remove leaves: a part smaller than S3's smallest, kept aside until the next chunk.
      const key = `${FOLDER}/${uploadId}`;
      await storage.deleteMany([key, `${key}.info`, `${key}.part`]);
    },
    close: () => store.close(),
  };
}
