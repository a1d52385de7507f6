import type { Db } from '../db/database.ts';

/**
 * What refers to a lecture from elsewhere, as the lecture editor shows it beside the lecture and a
 * delete checks it. Read here, where the lecture is, so that the lecture catalogue needs nothing
 * from the features built on it.
 */

export async function isInCustomCollection(db: Db, lectureId: string): Promise<boolean> {
  return (await db.selectFrom('lecture_collection_items').select('lecture_id').where('lecture_id', '=', lectureId).executeTakeFirst()) !== undefined;
}
