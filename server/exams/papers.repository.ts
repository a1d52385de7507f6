import type { ExamPaper } from '../../shared/exams/attempts.schema.ts';
import type { Db } from '../db/database.ts';
import type { ExamRow } from '../db/types.ts';

/** The exam papers' queries: a paper is an exam's questions as one attempt saw them, kept by its hash. */

/** The stored paper (NoResultError when there is none). */
export async function paperRow(db: Db, id: string): Promise<ExamPaper> {
  return (await db.selectFrom('exam_papers').select('paper').where('id', '=', id).executeTakeFirstOrThrow()).paper;
}

export async function findPaperId(db: Db, examId: string, hash: string): Promise<string | undefined> {
  return (await db.selectFrom('exam_papers').select('id').where('exam_id', '=', examId).where('content_hash', '=', hash).executeTakeFirst())?.id;
}

/** The paper with this hash, which must exist (NoResultError otherwise). */
export async function paperIdOrThrow(db: Db, examId: string, hash: string): Promise<string> {
  return (await db.selectFrom('exam_papers').select('id').where('exam_id', '=', examId).where('content_hash', '=', hash).executeTakeFirstOrThrow()).id;
}

/** The exam a paper is copied from (NoResultError when it is gone). */
export function examToCopy(db: Db, examId: string): Promise<ExamRow> {
  return db.selectFrom('exams').selectAll().where('id', '=', examId).executeTakeFirstOrThrow();
}

/** Stores the paper unless the same one is stored already. */
export async function insertPaper(db: Db, examId: string, hash: string, paper: ExamPaper): Promise<void> {
  await db
    .insertInto('exam_papers')
    .values({ exam_id: examId, content_hash: hash, paper: JSON.stringify(paper) })
    .onConflict((oc) => oc.columns(['exam_id', 'content_hash']).doNothing())
    .execute();
}
