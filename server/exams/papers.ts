import { createHash } from 'node:crypto';
import type { ExamPaper } from '../../shared/exams/attempts.schema.ts';
import type { Db } from '../db/database.ts';
import type { ExamRow } from '../db/types.ts';

type PaperSource = Pick<
  ExamRow,
  | 'id'
  | 'title'
  | 'exam_type'
  | 'total_marks'
  | 'total_questions'
  | 'exam_duration_in_minutes'
  | 'correct_answer_score'
  | 'wrong_answer_score'
  | 'un_answered_score'
  | 'instructions'
  | 'question_groups'
>;

export function paperOf(exam: PaperSource): ExamPaper {
  return {
    examId: exam.id,
    title: exam.title,
    examType: exam.exam_type,
    totalMarks: exam.total_marks,
    totalQuestions: exam.total_questions,
    examDurationInMinutes: exam.exam_duration_in_minutes,
    correctAnswerScore: exam.correct_answer_score,
    wrongAnswerScore: exam.wrong_answer_score,
    unAnsweredScore: exam.un_answered_score,
    instructions: exam.instructions,
    questionGroups: exam.question_groups,
  };
}

export function paperHash(paper: ExamPaper): string {
  return createHash('sha256').update(JSON.stringify(paper)).digest('base64url');
}

/** Papers never change once written, so each process may keep the ones it has read. */
const cache = new Map<string, ExamPaper>();
const CACHE_LIMIT = 200;

function remember(id: string, paper: ExamPaper): ExamPaper {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(id, paper);
  return paper;
}

export async function paperById(db: Db, id: string): Promise<ExamPaper> {
  const known = cache.get(id);
  if (known) return known;
  const row = await db.selectFrom('exam_papers').select('paper').where('id', '=', id).executeTakeFirstOrThrow();
  return remember(id, row.paper);
}

const idByHash = new Map<string, string>();

/** The paper for the exam as last saved (by its hash), written on first use. */
export async function currentPaperId(db: Db, examId: string, hash: string): Promise<string> {
  const key = `${examId}:${hash}`;
  const known = idByHash.get(key);
  if (known) return known;
  let row = await db.selectFrom('exam_papers').select('id').where('exam_id', '=', examId).where('content_hash', '=', hash).executeTakeFirst();
  if (!row) {
    const exam = await db.selectFrom('exams').selectAll().where('id', '=', examId).executeTakeFirstOrThrow();
    const paper = paperOf(exam);
    const actualHash = paperHash(paper);
    await db
      .insertInto('exam_papers')
      .values({ exam_id: examId, content_hash: actualHash, paper: JSON.stringify(paper) })
      .onConflict((oc) => oc.columns(['exam_id', 'content_hash']).doNothing())
      .execute();
    row = await db.selectFrom('exam_papers').select('id').where('exam_id', '=', examId).where('content_hash', '=', actualHash).executeTakeFirstOrThrow();
    if (actualHash !== hash) return row.id;
  }
  if (idByHash.size >= CACHE_LIMIT) idByHash.delete(idByHash.keys().next().value!);
  idByHash.set(key, row.id);
  return row.id;
}
