import pino from 'pino';
import type { Config } from '../../server/config.ts';
import { transportsFromConfig } from '../../server/messages/transports.ts';
import { createStorage } from '../../server/assets/storage/index.ts';
import { startWorker, type WorkerHandle } from '../../worker/runner.ts';
import type { TestDatabase } from './test-database.ts';

/** The product's worker, with the product's tasks, on the test file's database. */
export function startTestWorker(database: TestDatabase, config: Config): Promise<WorkerHandle> {
  return startWorker({
    pool: database.pool,
    deps: { db: database.db, config, transports: transportsFromConfig(config), storage: createStorage(config) },
    log: pino({ level: 'silent' }),
    concurrency: 2,
    pollInterval: 100,
  });
}
