import { migrateToLatest } from '../server/db/migrate.ts';
import { createStorage } from '../server/assets/storage/index.ts';
import { transportsFromConfig } from '../server/messages/transports.ts';
import { createLogger, loadConfigOrExit, onShutdownSignal, openRuntime } from '../server/runtime.ts';
import { startWorker } from './runner.ts';

/** `npm run worker`: a worker process only. Start as many as the load needs, against one database. */
const config = loadConfigOrExit();
const log = createLogger(config, 'worker');
const runtime = await openRuntime(config, log);
await migrateToLatest(runtime.db, runtime.pool);
const transports = transportsFromConfig(config);
const worker = await startWorker({
  pool: runtime.pool,
  deps: { db: runtime.db, config, transports, storage: createStorage(config) },
  log,
  concurrency: config.WORKER_CONCURRENCY,
});
onShutdownSignal(log, async () => {
  await worker.stop();
  transports.email?.close();
  await runtime.shutdown();
});
log.info(`Worker running with concurrency ${config.WORKER_CONCURRENCY}`);
