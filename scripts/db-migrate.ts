import { migrateToLatest } from '../server/db/migrate.ts';
import { createLogger, loadConfigOrExit, openRuntime } from '../server/runtime.ts';

/** `npm run db:migrate`: applies pending migrations and exits. Safe to run twice. */
const config = loadConfigOrExit();
const log = createLogger(config, 'migrate');
const runtime = await openRuntime(config, log);
try {
  const applied = await migrateToLatest(runtime.db, runtime.pool);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await runtime.shutdown();
}
