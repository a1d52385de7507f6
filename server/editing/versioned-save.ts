import { sql } from 'kysely';
import type { StaleCopy } from '../../shared/http/errors.ts';
import { staleSaveMessage } from '../../shared/editing/versions.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';

/** The tables whose rows staff edit in an editor: each has `version` and `updated_by`. */
export type EditedTable = 'exams' | 'lectures' | 'subscriptions' | 'courses' | 'rank_files' | 'coupons' | 'current_affairs' | 'winner_announcements' | 'meeting_links';

/** What is stored now, and who saved it: the `stale` part of a 409. */
async function storedCopy(db: Db, table: EditedTable, id: string): Promise<StaleCopy | null> {
  const { rows } = await sql<{ version: number; updated_at: Date; updated_by: string | null }>`
    select t.version, t.updated_at, coalesce(nullif(u.name, ''), u.email_address, u.phone_number) as updated_by
    from ${sql.table(table)} t left join users u on u.id = t.updated_by
    where t.id = ${id}`.execute(db);
  const row = rows[0];
  return row ? { version: row.version, updatedAt: new Date(row.updated_at).toISOString(), updatedBy: row.updated_by } : null;
}

/**
 * A guarded save (`... where id = $1 and version = $2`) changed no row: the row is gone
 * (404 with `notFound`), or someone saved it after the editor loaded it (409 naming who and when).
 */
export async function refusedSave(db: Db, table: EditedTable, id: string, thing: string, notFound: string): Promise<AppError> {
  const stored = await storedCopy(db, table, id);
  if (!stored) return new AppError('not-found', notFound);
  return new AppError('conflict', staleSaveMessage(thing, stored.updatedBy, new Date(stored.updatedAt)), { stale: stored });
}
