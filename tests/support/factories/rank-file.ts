import type { InsertObject } from 'kysely';
import type { Db } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/types.ts';

/** A rank file with `groups` empty groups (g1, g2…, titled Group 1, Group 2…); answers its id. */
export async function createRankFile(db: Db, values: InsertObject<Database, 'rank_files'>, groups = 0): Promise<string> {
  const row = await db.insertInto('rank_files').values(values).returning('id').executeTakeFirstOrThrow();
  if (groups > 0) {
    await db
      .insertInto('rank_file_groups')
      .values(
        Array.from({ length: groups }, (_, index) => ({ rank_file_id: row.id, position: index + 1, res_id: `g${index + 1}`, title: `Group ${index + 1}` })),
      )
      .execute();
  }
  return row.id;
}
