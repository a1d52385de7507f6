import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './types.ts';

type Column<Table extends keyof Database> = keyof Database[Table] & string;

/**
 * Sets `column` to now() on the rows of `table` that match `where`: a column given null must still
 * be null, so that a code used up, a grant revoked or a session ended keeps its first time. Answers
 * how many rows it set.
 */
export async function stampNow<Table extends keyof Database>(
  db: Db,
  table: Table,
  column: Column<Table>,
  where: Partial<Record<Column<Table>, string | null>>,
): Promise<number> {
  const conditions = Object.entries(where).map(([name, value]) => (value === null ? sql`${sql.ref(name)} is null` : sql`${sql.ref(name)} = ${value}`));
  const result = await sql`update ${sql.table(table)} set ${sql.ref(column)} = now() where ${sql.join(conditions, sql` and `)}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
