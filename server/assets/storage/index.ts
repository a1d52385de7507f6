import type { Config } from '../../config.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { assertNoHeldConnection } from '../../db/held-connection.ts';
import type { Storage } from './storage.ts';

export type StorageConfig = Pick<
  Config,
  | 'STORAGE_DRIVER'
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_KEY_PREFIX'
>;

/** Calls that reach the files themselves, which no database transaction may wait on. */
const FILE_CALLS = new Set<keyof Storage>([
  'put',
  'putFile',
  'get',
  'download',
  'stat',
  'exists',
  'delete',
  'deleteMany',
  'deletePrefix',
  'list',
  'walk',
  'deleteUnfinishedWrites',
]);

/**
 * The storage with every file call checked against the house rule: on S3 each is a network call,
 * so none may run inside a transaction. Checked on local disk too, so that the tests (which use it)
 * catch what would hold a connection in production.
 */
function outsideTransactions(storage: Storage): Storage {
  return new Proxy(storage, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // Called on the driver itself, whose private fields a proxy does not have.
      if (!FILE_CALLS.has(property as keyof Storage)) return (value as (...a: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        assertNoHeldConnection(target.kind === 's3' ? 'The S3 bucket' : 'File storage');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The storage the settings choose: local disk under DATA_DIR, or an S3-compatible bucket. */
export function createStorage(config: StorageConfig): Storage {
  return outsideTransactions(driverFor(config));
}

function driverFor(config: StorageConfig): Storage {
  if (config.STORAGE_DRIVER === 'local') return new LocalStorage(config.DATA_DIR);
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER is s3');
  return new S3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    keyPrefix: config.S3_KEY_PREFIX,
  });
}
