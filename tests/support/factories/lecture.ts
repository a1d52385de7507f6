import type { InsertObject } from 'kysely';
import type { Db } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/types.ts';
import { createAsset, type AssetValues } from './asset.ts';

export type LectureValues = InsertObject<Database, 'lectures'>;

/** Published and visible: what a student is shown. */
export const PUBLISHED = { is_visible: true, is_published: true } as const;

/** A lecture row of exactly these values; answers its id. */
export async function createLecture(db: Db, values: LectureValues): Promise<string> {
  return (await db.insertInto('lectures').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** A lecture with its video: the uploaded file first, then the lecture that plays it. */
export async function createLectureWithVideo(db: Db, values: LectureValues, video: AssetValues = {}): Promise<{ lectureId: string; videoId: string }> {
  const videoId = await createAsset(db, video);
  return { lectureId: await createLecture(db, { ...values, video_resource_id: videoId }), videoId };
}
