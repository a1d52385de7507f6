import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../../server/db/database.ts';

const TEMPLATE_DATABASE = 'psc_template';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of this test file's own, copied from the template. Its pool has no
 * statement_timeout unless `options` gives one (the product's comes from its settings).
 */
export async function createTestDatabase(poolSize = 5, options: OpenDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (client) => client.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), poolSize, 0, options);
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await admin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** An empty database, not migrated, for tests of migrating itself: its URL, and `drop` to remove it. */
export async function createEmptyDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${prefix}_${Date.now()}`;
  await admin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
