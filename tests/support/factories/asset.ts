import type { InsertObject } from 'kysely';
import type { Db } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/types.ts';

export type AssetValues = Partial<InsertObject<Database, 'assets'>>;

/** An uploaded file's row (a small private video unless told otherwise); answers its id. */
export async function createAsset(db: Db, values: AssetValues = {}): Promise<string> {
  const fileName = values.file_name ?? 'lesson.mp4';
  const row = await db
    .insertInto('assets')
    .values({
      file_name: fileName,
      content_type: 'video/mp4',
      kind: 'video',
      access_mode: 'private',
      size_in_bytes: 10,
      sha256: 'x',
      storage_key: `assets/${fileName}`,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A public image, as a winner's photo or a course's banner is stored. */
export function createImageAsset(db: Db, values: AssetValues = {}): Promise<string> {
  return createAsset(db, { file_name: 'image.jpg', content_type: 'image/jpeg', kind: 'image', access_mode: 'public', ...values });
}
