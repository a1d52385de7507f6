import { createHash } from 'node:crypto';
import type { ExamPaper } from '../../shared/exams/attempts.schema.ts';
import type { Db } from '../db/database.ts';
import type { ExamRow } from '../db/types.ts';
import { cachedPaper, cachedPaperId } from './exam-caches.ts';
import * as repo from './papers.repository.ts';

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

/** The paper by id; given a transaction, read on its connection when no cache holds it yet. */
export function paperById(db: Db, id: string): Promise<ExamPaper> {
  return cachedPaper(id, () => repo.paperRow(db, id), db.isTransaction);
}

/** The paper for the exam as last saved (by its hash), written on first use. */
export function currentPaperId(db: Db, examId: string, hash: string): Promise<string> {
  return cachedPaperId(examId, hash, async () => {
    const found = await repo.findPaperId(db, examId, hash);
    if (found) return found;
    const paper = paperOf(await repo.examToCopy(db, examId));
    // The hash is that of the exam as it is now; if it was saved again meanwhile, this is the newer paper.
    const actualHash = paperHash(paper);
    await repo.insertPaper(db, examId, actualHash, paper);
    return repo.paperIdOrThrow(db, examId, actualHash);
  });
}
