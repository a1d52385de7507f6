import type { PendingPdfLecture } from '../../shared/lectures/pending-pdf.schema.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { Storage } from '../assets/storage/storage.ts';
import { coursesUsingLectures } from '../course-state/course-state.repository.ts';
import { AppError } from '../errors.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import { findLectureRow } from '../lectures/lectures.repository.ts';
import { noteFiles, pendingRows, recordMisses, resolveMisses, type Miss } from './missing-notes.repository.ts';

/** How many stored files are looked up at once. */
const STORAGE_CHECKS_AT_ONCE = 8;

async function missingKeys(storage: Storage, keys: readonly string[]): Promise<Set<string>> {
  const missing = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      // A failing storage throws here: the check stops without calling anything missing.
      if (!(await storage.exists(key))) missing.add(key);
    }
  };
  await Promise.all(Array.from({ length: Math.min(STORAGE_CHECKS_AT_ONCE, keys.length) }, worker));
  return missing;
}

/**
 * The hourly check of the lectures' PDF notes (all lectures, or these): a note is missing when
 * no file record has its id any more (deleted, or an upload that never finished) or when its
 * file is gone from storage. Answers how many notes it looked at and how many are missing.
 */
export async function checkLectureNotes(
  deps: { db: Db; storage: Storage },
  options: { lectureIds?: readonly string[] } = {},
): Promise<{ notes: number; missing: number }> {
  const notes = await noteFiles(deps.db, options.lectureIds);
  const keys = [...new Set(notes.map((note) => note.storage_key).filter((key): key is string => key !== null))];
  const gone = await missingKeys(deps.storage, keys);
  const misses: Miss[] = [];
  for (const note of notes) {
    const reason = note.storage_key === null ? 'no-file' : gone.has(note.storage_key) ? 'file-gone' : null;
    if (reason) misses.push({ lectureId: note.lecture_id, pdfFileId: note.pdf_file_id, fileName: note.file_name, reason });
  }
  await deps.db.transaction().execute((trx) => recordMisses(trx, misses, options.lectureIds));
  return { notes: notes.length, missing: misses.length };
}

/** GET /api/admin/pending-pdf: lectures with missing notes nobody has marked resolved, with their courses. */
export async function listPendingPdfs(ctx: AppContext): Promise<PendingPdfLecture[]> {
  const rows = await pendingRows(ctx.db);
  const lectures = new Map<string, PendingPdfLecture>();
  for (const row of rows) {
    let lecture = lectures.get(row.lecture_id);
    if (!lecture) {
      lecture = { _id: row.lecture_id, title: row.title, missingPdfs: [], courses: [] };
      lectures.set(row.lecture_id, lecture);
    }
    lecture.missingPdfs.push({ pdfFileId: row.pdf_file_id, fileName: row.file_name, reason: row.reason, detectedAt: row.detected_at.toISOString() });
  }
  for (const course of await coursesUsingLectures(ctx.db, [...lectures.keys()])) {
    const courses = lectures.get(course.lecture_id)!.courses;
    if (!courses.some((known) => known._id === course.id)) courses.push({ _id: course.id, title: course.title });
  }
  return [...lectures.values()];
}

/** PUT /api/admin/mark-solved/{id}: the lecture's missing notes leave the report until they go missing again. */
export async function markSolved(ctx: RequestContext, { id }: { id: string }): Promise<{ resolved: number }> {
  const by = await auditBy(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const lecture = await findLectureRow(trx, id);
    if (!lecture) throw new AppError('not-found', 'Lecture not found');
    const resolved = await resolveMisses(trx, id, by.actor?.id ?? null);
    // The notes the hourly check found missing are marked resolved: recorded on the lecture, when there were any.
    if (resolved > 0) {
      await recordAudit(trx, by, {
        action: 'update',
        resourceType: 'lecture',
        resourceId: id,
        title: lecture.title,
        changes: changedFields({ unresolvedMissingNotes: resolved }, { unresolvedMissingNotes: 0 }),
      });
    }
    return { resolved };
  });
}
