import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, type MigrationResultSet } from 'kysely/migration';
import { runMigrations as runWorkerMigrations } from 'graphile-worker';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './database.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

function migratorFor(db: Db): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }),
  });
}

/**
 * Applies every pending migration of the product and of the job queue. Kysely takes a
 * PostgreSQL advisory lock around the run, so two processes starting at once apply
 * each migration exactly once; running it again changes nothing.
 */
export async function migrateToLatest(db: Db, pool: pg.Pool): Promise<string[]> {
  // A migration rewrites whole tables, builds indexes over them and waits for another process's
  // run to finish: the pool's statement_timeout is lifted on the connection doing it, and put back.
  const result: MigrationResultSet = await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await migratorFor(connection).migrateToLatest();
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  // The job queue's migrations use a connection of their own, without the statement bound, too.
  const unbounded = new pg.Pool({ ...pool.options, password: pool.options.password, max: 1, min: 0, statement_timeout: 0 });
  unbounded.on('error', () => {});
  unbounded.on('connect', (client) => client.on('error', () => {}));
  try {
    await runWorkerMigrations({ pgPool: unbounded });
  } finally {
    await unbounded.end();
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations not yet applied; empty when the schema is current. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await migratorFor(db).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
