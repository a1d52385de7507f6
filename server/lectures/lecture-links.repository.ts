import type { Db } from '../db/database.ts';

/**
 * What refers to a lecture from elsewhere, as the lecture editor shows it beside the lecture and a
 * delete checks it. Read here, where the lecture is, so that the lecture catalogue needs nothing
 * from the features built on it.
 */

export async function isInCustomCollection(db: Db, lectureId: string): Promise<boolean> {
  return (await db.selectFrom('lecture_collection_items').select('lecture_id').where('lecture_id', '=', lectureId).executeTakeFirst()) !== undefined;
}

/** The lecture's notes that the hourly check found missing and nobody has marked resolved (the editor's file warnings). */
export async function missingPdfsOf(db: Db, lectureId: string): Promise<Array<{ pdfFileId: string; fileName: string }>> {
  const rows = await db
    .selectFrom('lecture_missing_notes as m')
    .innerJoin('lectures as l', 'l.id', 'm.lecture_id')
    .select(['m.pdf_file_id', 'm.file_name'])
    .where('m.resolved_at', 'is', null)
    .where('m.lecture_id', '=', lectureId)
    .orderBy('l.title')
    .orderBy('m.lecture_id')
    .orderBy('m.file_name')
    .execute();
  return rows.map((row) => ({ pdfFileId: row.pdf_file_id, fileName: row.file_name }));
}
