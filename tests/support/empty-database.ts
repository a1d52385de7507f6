import pg from 'pg';
import { inject } from 'vitest';

/** An empty database of its own (the harness's come migrated from a template), for tests that run the migrations. */
export async function emptyDatabase(prefix = 'migrate'): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name} template template0 encoding 'UTF8'`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
