import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The cheapest statement the database can answer: it throws when the database is not reachable. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
