import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded-postgres.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

export const TEMPLATE_DATABASE = 'psc_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

/**
 * One throw-away PostgreSQL for the whole run, with a migrated template database;
 * every integration test file copies the template into a database of its own.
 * With TEST_DATABASE_URL (a superuser URL to a server's maintenance database) that
 * server is used instead, as in docker-compose.
 */
export async function setup(project: TestProject): Promise<void> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'psc-test-pg-'));
    chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir,
      databaseName: TEMPLATE_DATABASE,
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    adminUrl = embedded.adminUrl;
  } else {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await client.query(`create database ${TEMPLATE_DATABASE} encoding 'UTF8' template template0`);
    await client.end();
  }
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const handle = openDatabase(templateUrl.toString(), 2);
  await migrateToLatest(handle.db, handle.pool);
  await handle.close();
  project.provide('pgAdminUrl', adminUrl);
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
