import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * What still uses a file, read from the columns of the records that hold files: a file in use is
 * not deleted. The file's side asks, so these reads live with the files rather than in each
 * domain that holds one (which would make files depend on every domain that uses them).
 */

/** Lectures that use an asset as their video, banner or a note. */
export async function lecturesUsingAsset(db: Db, assetId: string): Promise<Array<{ id: string; title: string; use: string }>> {
  const rows = await db
    .selectFrom('lectures')
    .select(['id', 'title', 'video_resource_id', 'banner_image_id'])
    .where((eb) =>
      eb.or([
        eb('video_resource_id', '=', assetId),
        eb('banner_image_id', '=', assetId),
        eb(sql<boolean>`notes @> ${JSON.stringify([{ pdfFileId: assetId }])}::jsonb`, '=', true),
      ]),
    )
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    use: row.video_resource_id === assetId ? 'video' : row.banner_image_id === assetId ? 'banner image' : 'notes',
  }));
}

/** Courses (and their subjects) that use an asset, and as what. */
export async function coursesUsingAsset(db: Db, assetId: string): Promise<Array<{ id: string; title: string; use: string }>> {
  const contains = (column: 'previous_questions' | 'syllabus') => sql<boolean>`${sql.ref(column)} @> ${JSON.stringify([{ pdfFileId: assetId }])}::jsonb`;
  const courses = await db
    .selectFrom('courses')
    .select(['id', 'title', 'banner_image_id', 'preview_video_id', 'day_planner_pdf_id'])
    .select(() => [contains('previous_questions').as('in_previous_questions'), contains('syllabus').as('in_syllabus')])
    .where((eb) =>
      eb.or([
        eb('banner_image_id', '=', assetId),
        eb('preview_video_id', '=', assetId),
        eb('day_planner_pdf_id', '=', assetId),
        eb(contains('previous_questions'), '=', true),
        eb(contains('syllabus'), '=', true),
      ]),
    )
    .execute();
  const subjects = await db
    .selectFrom('course_subjects as cs')
    .innerJoin('courses as c', 'c.id', 'cs.course_id')
    .select(['c.id', 'c.title', 'cs.title as subject'])
    .where('cs.banner_image_id', '=', assetId)
    .execute();
  return [
    ...courses.map((course) => ({
      id: course.id,
      title: course.title,
      use:
        course.banner_image_id === assetId
          ? 'banner image'
          : course.preview_video_id === assetId
            ? 'banner video'
            : course.day_planner_pdf_id === assetId
              ? 'day planner'
              : course.in_previous_questions
                ? 'previous questions'
                : 'syllabus',
    })),
    ...subjects.map((subject) => ({ id: subject.id, title: subject.title, use: `image of the subject “${subject.subject}”` })),
  ];
}

/** Rank files whose banner is the asset. */
export function rankFilesWithBanner(db: Db, assetId: string) {
  return db.selectFrom('rank_files').select(['id', 'title']).where('banner_image_id', '=', assetId).orderBy('title').execute();
}

/** Posts whose cover art or PDF is the asset, with which of the two it is. */
export function currentAffairsUsingAsset(db: Db, assetId: string) {
  return db
    .selectFrom('current_affairs')
    .select(['id', 'title', sql<'cover art' | 'PDF'>`case when banner_image_id = ${assetId} then 'cover art' else 'PDF' end`.as('use')])
    .where((eb) => eb.or([eb('banner_image_id', '=', assetId), eb('pdf_file_id', '=', assetId)]))
    .orderBy('title', 'desc')
    .execute();
}

/** The announcements whose photo is this file (a file in use is not deleted). */
export function winnersWithPhoto(db: Db, assetId: string) {
  return db
    .selectFrom('winner_announcements')
    .select(['id', 'winner_name'])
    .where('banner_image_id', '=', assetId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}
