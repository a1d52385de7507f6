import { staleSaveMessage } from '../../shared/editing/versions.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { storedCopy, type EditedTable } from './versions.repository.ts';

export type { EditedTable } from './versions.repository.ts';

/**
 * A guarded save (`... where id = $1 and version = $2`) changed no row: the row is gone
 * (404 with `notFound`), or someone saved it after the editor loaded it (409 naming who and when).
 */
export async function refusedSave(db: Db, table: EditedTable, id: string, thing: string, notFound: string): Promise<AppError> {
  const stored = await storedCopy(db, table, id);
  if (!stored) return new AppError('not-found', notFound);
  return new AppError('conflict', staleSaveMessage(thing, stored.updatedBy, new Date(stored.updatedAt)), { stale: stored });
}
