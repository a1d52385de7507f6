import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/types.ts';

/**
 * Seeds a table with many rows as a bulk load is done: the table's GIN indexes are dropped for the
 * load and built again afterwards from their own definitions. Keeping a trigram index row by row is
 * most of the time of a 100,000-row insert (and grows badly when other files load the machine);
 * building it once over the finished rows is a fraction of that. The indexes the tests look for in
 * their plans are the same ones, read back from the catalogue, not copies.
 */
export async function withGinIndexesRebuilt<T>(db: Kysely<Database>, table: string, load: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = ${table} and indexdef like '% USING gin %'`.execute(db);
  for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(db);
  const loaded = await load();
  for (const { definition } of rows) await sql.raw(definition).execute(db);
  return loaded;
}
