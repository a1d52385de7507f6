import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, warmPool, type DatabaseHandle } from './db/database.ts';
import { EmbeddedPostgresUnavailable, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.ts';

export { createLogger } from './logger.ts';

export interface Runtime extends DatabaseHandle {
  config: Config;
  log: Logger;
  databaseUrl: string;
  embedded: EmbeddedDatabase | null;
  /** Closes the pool, then stops the embedded server if this process started it. */
  shutdown(): Promise<void>;
}

/** Reads the configuration, or prints one line per bad value and exits. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Starts (or joins) the embedded PostgreSQL, or prints the one line saying why it cannot run here and exits. */
async function startEmbeddedOrExit(config: Config, log: Logger, adoptOrphan: boolean): Promise<EmbeddedDatabase> {
  const pgLog = log.child({ component: 'postgres' });
  try {
    return await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      adoptOrphan,
      log: (line) => (line.includes('ERROR') || line.includes('FATAL') ? pgLog.debug(line) : pgLog.trace(line)),
      notice: (line) => pgLog.info(line),
    });
  } catch (error) {
    if (error instanceof EmbeddedPostgresUnavailable) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens the configured database, starting (or joining) the embedded one when DATABASE_URL is unset. */
export async function openRuntime(config: Config, log: Logger, options: { adoptOrphan?: boolean; keepPoolOpen?: boolean } = {}): Promise<Runtime> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedOrExit(config, log, options.adoptOrphan ?? false);
    databaseUrl = embedded.url;
    log.info(embedded.owned ? 'Embedded PostgreSQL started' : 'Joined the running embedded PostgreSQL');
  }
  // A server opens its whole pool at start and keeps it, so that a burst finds it ready.
  const keepOpen = options.keepPoolOpen ? config.DATABASE_POOL_SIZE : 0;
  const handle = openDatabase(databaseUrl, config.DATABASE_POOL_SIZE, keepOpen, { statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS });
  if (keepOpen > 0) await warmPool(handle.pool, keepOpen);
  return {
    ...handle,
    config,
    log,
    databaseUrl,
    embedded,
    shutdown: async () => {
      await handle.close();
      await embedded?.stop();
    },
  };
}

/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits. A second signal exits at once,
 * for an operator who does not want to wait.
 */
export function onShutdownSignal(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal} received: finishing in-flight work, then stopping`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
