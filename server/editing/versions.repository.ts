import { sql, type Kysely, type UpdateObject, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { StaleCopy } from '../../shared/http/errors.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/types.ts';

/** The tables whose rows staff edit in an editor: each has `version` and `updated_by`. */
export type EditedTable =
  'exams' | 'lectures' | 'subscriptions' | 'courses' | 'rank_files' | 'coupons' | 'current_affairs' | 'winner_announcements' | 'meeting_links';

/** The columns every edited table shares, which are all the versioned update names. */
type VersionedRows = Record<EditedTable, { id: string; version: number; updated_at: Date }>;

/**
 * The guarded save: `update <table> set <values>, version = version + 1, updated_at = now()
 * where id = $1 [and version = $2]`, the version compared only when given. The caller adds what
 * it returns (a save that changed no row returns nothing: the row is gone or was saved meanwhile).
 */
export function updateAtVersion<T extends EditedTable>(
  db: Db,
  table: T,
  id: string,
  version: number | undefined,
  values: UpdateObject<Database, T>,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  // Over a table chosen by the caller the builder cannot name its columns; the shared ones are spelled out.
  let update = (db as unknown as Kysely<VersionedRows>)
    .updateTable(table as EditedTable)
    .set({ ...(values as object), version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', id);
  if (version !== undefined) update = update.where('version', '=', version);
  return update as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
}

/** What is stored now, and who saved it: the `stale` part of a 409. */
export async function storedCopy(db: Db, table: EditedTable, id: string): Promise<StaleCopy | null> {
  const { rows } = await sql<{ version: number; updated_at: Date; updated_by: string | null }>`
    select t.version, t.updated_at, coalesce(nullif(u.name, ''), u.email_address, u.phone_number) as updated_by
    from ${sql.table(table)} t left join users u on u.id = t.updated_by
    where t.id = ${id}`.execute(db);
  const row = rows[0];
  return row ? { version: row.version, updatedAt: new Date(row.updated_at).toISOString(), updatedBy: row.updated_by } : null;
}
