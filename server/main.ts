import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createStorage } from './assets/storage/index.ts';
import { transportsFromConfig } from './messages/transports.ts';
import { placeholderSupportWarning } from './app-info/support-contacts.ts';
import { createLogger, loadConfigOrExit, onShutdownSignal, openRuntime } from './runtime.ts';
import { ensureFirstAdministrator } from './users/users.service.ts';
import { startWorker, type WorkerHandle } from '../worker/runner.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const config = loadConfigOrExit();
const log = createLogger(config, 'server');
const supportWarning = placeholderSupportWarning(config);
if (supportWarning) log.warn(supportWarning);
const runtime = await openRuntime(config, log, { adoptOrphan: true, keepPoolOpen: true });

const applied = await migrateToLatest(runtime.db, runtime.pool);
if (applied.length > 0) log.info(`Applied migrations: ${applied.join(', ')}`);

const firstAdmin = await ensureFirstAdministrator(runtime.db, {
  emailAddress: config.ADMIN_EMAIL,
  name: config.ADMIN_NAME,
  password: config.ADMIN_PASSWORD,
});

const storage = createStorage(config);
const app = await buildApp({
  config,
  db: runtime.db,
  pool: runtime.pool,
  storage,
  loggerInstance: log,
  consoleDir: config.CONSOLE_DIST_DIR ? path.resolve(config.CONSOLE_DIST_DIR) : path.join(projectRoot, 'dist', 'client'),
});

const transports = transportsFromConfig(config);
let worker: WorkerHandle | null = null;
if (config.RUN_WORKER) {
  worker = await startWorker({
    pool: runtime.pool,
    deps: { db: runtime.db, config, transports, storage },
    log: log.child({ component: 'worker' }),
    concurrency: config.WORKER_CONCURRENCY,
  });
}

onShutdownSignal(log, async () => {
  await app.close();
  await worker?.stop();
  transports.email?.close();
  await runtime.shutdown();
});

await app.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG });

const address = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
const lines = [
  '',
  `  Admin console:  ${address}/`,
  `  API docs:       ${address}/api/docs`,
  firstAdmin?.generatedPassword
    ? `  Sign in as ${firstAdmin.emailAddress} with password ${firstAdmin.generatedPassword}  (shown once: change it at ${address}/account/password)`
    : firstAdmin
      ? `  Sign in as ${firstAdmin.emailAddress} with the ADMIN_PASSWORD you set`
      : `  Sign in with an administrator account (npm run admin:create -- --email you@example.com --roles admin adds one)`,
  `  Database:       ${runtime.embedded ? `embedded PostgreSQL, data in ${config.DATA_DIR}` : 'DATABASE_URL'}`,
  `  Worker:         ${worker ? `running in this process (concurrency ${config.WORKER_CONCURRENCY})` : 'off here (RUN_WORKER=false): run npm run worker'}`,
  ...(supportWarning ? [`  Warning:        ${supportWarning}`] : []),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
