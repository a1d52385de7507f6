import { describe, expect, it } from 'vitest';
import { openDatabase, warmPool } from '../../../server/db/database.ts';
import { useDatabase } from '../../support/app-harness.ts';

const database = useDatabase({ poolSize: 1 });

async function backendsOf(url: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const found = await database.pool.query<{ count: number }>('select count(*)::int as count from pg_stat_activity where datname = $1', [name]);
  return found.rows[0]!.count;
}

describe("the server's connection pool", () => {
  it('opens every kept connection at start, before any request needs one', async () => {
    const handle = openDatabase(database.url, 4, 4);
    try {
      expect(handle.pool.totalCount).toBe(0);
      await warmPool(handle.pool, 4);
      expect(handle.pool.totalCount).toBe(4);
      expect(handle.pool.idleCount).toBe(4);
      // The database sees them too (the test's own pool holds one more).
      expect(await backendsOf(database.url)).toBeGreaterThanOrEqual(5);
      // Kept while idle: no more than `min` would be closed by the idle timer.
      expect((handle.pool as unknown as { options: { min: number } }).options.min).toBe(4);
    } finally {
      await handle.close();
    }
  });

  it('keeps none open when asked to keep none (scripts and tests)', async () => {
    const handle = openDatabase(database.url, 3);
    try {
      expect((handle.pool as unknown as { options: { min: number } }).options.min).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it('starts even when the database refuses connections, leaving the error to the first query', async () => {
    const url = new URL(database.url);
    url.password = 'wrong-password';
    const handle = openDatabase(url.toString(), 2, 2);
    try {
      await expect(warmPool(handle.pool, 2)).resolves.toBeUndefined();
      expect(handle.pool.totalCount).toBe(0);
      await expect(handle.pool.query('select 1')).rejects.toThrow(/password/);
    } finally {
      await handle.close();
    }
  });
});
