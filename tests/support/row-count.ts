import { sql } from 'kysely';
import type { Database } from '../../server/db/types.ts';
import type { TestDatabase } from './test-database.ts';

/** How many rows a table holds now. */
export async function countRows(db: TestDatabase['db'], table: keyof Database & string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}
