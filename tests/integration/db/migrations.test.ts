import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { MIGRATIONS_DIR, migrateToLatest, pendingMigrations } from '../../../server/db/migrate.ts';
import { readdirSync } from 'node:fs';
import { emptyDatabase } from '../../support/empty-database.ts';

describe('migrations', () => {
  it('apply once when several processes start at the same moment, and again change nothing', async () => {
    const database = await emptyDatabase();
    const handles = [1, 2, 3].map(() => openDatabase(database.url, 3));
    try {
      const applied = await Promise.all(handles.map((h) => migrateToLatest(h.db, h.pool)));
      const all = applied.flat();
      const files = readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => f.replace(/\.ts$/, ''))
        .sort();
      expect(files.length).toBeGreaterThanOrEqual(3);
      expect(all.sort()).toEqual(files);
      expect(await pendingMigrations(handles[0]!.db)).toEqual([]);
      expect(await migrateToLatest(handles[0]!.db, handles[0]!.pool)).toEqual([]);
      const tables = await sql<{ table_name: string }>`
        select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(handles[0]!.db);
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['users', 'user_sessions', 'rate_limits', 'recovery_tokens', 'outbound_messages']),
      );
      const jobs = await sql`select count(*) from graphile_worker.jobs`.execute(handles[0]!.db);
      expect(jobs.rows).toHaveLength(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await database.drop();
    }
  });

  it('store Malayalam text unchanged', async () => {
    const database = await emptyDatabase();
    const handle = openDatabase(database.url, 2);
    try {
      await migrateToLatest(handle.db, handle.pool);
      const name = 'അനിത കൃഷ്ണൻ';
      await handle.db.insertInto('users').values({ name, email_address: 'anitha@example.com', roles: [] }).execute();
      const row = await handle.db.selectFrom('users').select('name').executeTakeFirstOrThrow();
      expect(row.name).toBe(name);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
