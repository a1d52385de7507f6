import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MissingNoteReason } from '../db/types.ts';
import { UUID_TEXT } from '../../shared/validation/fields.ts';

export interface NoteFile {
  lecture_id: string;
  pdf_file_id: string;
  file_name: string;
  /** Null when no asset has the note's id. */
  storage_key: string | null;
}

/** Every PDF note of the lectures (all, or these), with the stored key of its file when it still has one. */
export async function noteFiles(db: Db, lectureIds?: readonly string[]): Promise<NoteFile[]> {
  const only = lectureIds === undefined ? sql`true` : sql`l.id = any(${[...lectureIds]}::uuid[])`;
  const rows = await sql<NoteFile>`
    select l.id as lecture_id, lower(n->>'pdfFileId') as pdf_file_id, coalesce(n->>'fileName', '') as file_name, a.storage_key
    from lectures l
    cross join lateral jsonb_array_elements(l.notes) as n
    left join assets a on a.id::text = lower(n->>'pdfFileId')
    where ${only} and n->>'pdfFileId' ~* ${`^${UUID_TEXT}$`}
    order by l.id, n->>'pdfFileId'`.execute(db);
  return rows.rows;
}

export interface Miss {
  lectureId: string;
  pdfFileId: string;
  fileName: string;
  reason: MissingNoteReason;
}

/**
 * Records what the check found, for the lectures it looked at: a note newly missing becomes
 * pending; one still missing keeps its state (a resolved one stays resolved); a note found
 * again, or no longer on its lecture, is forgotten, so that its next miss is pending again.
 * A miss is kept only while the note is still on the lecture (it may have been removed since
 * the check read it).
 */
export async function recordMisses(trx: Db, misses: readonly Miss[], lectureIds?: readonly string[]): Promise<void> {
  const lectures = misses.map((miss) => miss.lectureId);
  const files = misses.map((miss) => miss.pdfFileId);
  const names = misses.map((miss) => miss.fileName);
  const reasons = misses.map((miss) => miss.reason);
  const scope = lectureIds === undefined ? sql`true` : sql`m.lecture_id = any(${[...lectureIds]}::uuid[])`;
  await sql`
    delete from lecture_missing_notes m
    where ${scope}
      and (m.lecture_id, m.pdf_file_id) not in (select * from unnest(${lectures}::uuid[], ${files}::uuid[]))`.execute(trx);
  if (misses.length === 0) return;
  await sql`
    insert into lecture_missing_notes (lecture_id, pdf_file_id, file_name, reason)
    select f.lecture_id, f.pdf_file_id, f.file_name, f.reason
    from unnest(${lectures}::uuid[], ${files}::uuid[], ${names}::text[], ${reasons}::text[]) as f(lecture_id, pdf_file_id, file_name, reason)
    join lectures l on l.id = f.lecture_id
    where exists (select 1 from jsonb_array_elements(l.notes) n where lower(n->>'pdfFileId') = f.pdf_file_id::text)
    order by f.lecture_id, f.pdf_file_id
    on conflict (lecture_id, pdf_file_id) do update set reason = excluded.reason, file_name = excluded.file_name`.execute(trx);
}

export interface PendingRow {
  lecture_id: string;
  title: string;
  pdf_file_id: string;
  file_name: string;
  reason: MissingNoteReason;
  detected_at: Date;
}

/** The unresolved misses, lecture by lecture. */
export function pendingRows(db: Db): Promise<PendingRow[]> {
  return db
    .selectFrom('lecture_missing_notes as m')
    .innerJoin('lectures as l', 'l.id', 'm.lecture_id')
    .select(['m.lecture_id', 'l.title', 'm.pdf_file_id', 'm.file_name', 'm.reason', 'm.detected_at'])
    .where('m.resolved_at', 'is', null)
    .orderBy('l.title')
    .orderBy('m.lecture_id')
    .orderBy('m.file_name')
    .execute();
}

/** Marks the lecture's open misses resolved; answers how many. */
export async function resolveMisses(db: Db, lectureId: string, actorId: string | null): Promise<number> {
  const result = await db
    .updateTable('lecture_missing_notes')
    .set({ resolved_at: sql<Date>`now()`, resolved_by: actorId })
    .where('lecture_id', '=', lectureId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
