import type { ScoringKey } from '../../shared/exams/exam-scoring-key.rules.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { EXAM_MESSAGES } from '../../shared/exams/exam.constants.ts';
import { cachedScoringKey } from './exam-caches.ts';
import { scoringKeyRow, scoringVersion, type ScoringKeyRow } from './scoring-key.repository.ts';

export function scoringKeyOfRow(row: Omit<ScoringKeyRow, 'version'>): ScoringKey {
  return {
    correctAnswerScore: Number(row.correct_answer_score),
    wrongAnswerScore: Number(row.wrong_answer_score),
    unAnsweredScore: Number(row.un_answered_score),
    totalMarks: Number(row.total_marks),
    questions: row.scoring_key,
  };
}

/**
 * The exam's key at `version` (read where the caller read the version), kept per process: a key
 * read after it changed again is handed to this caller but not kept under the older version.
 */
export function scoringKeyAt(db: Db, examId: string, version: string): Promise<ScoringKey> {
  return cachedScoringKey(
    examId,
    version,
    async () => {
      const row = await scoringKeyRow(db, examId);
      if (!row) throw new AppError('not-found', EXAM_MESSAGES.notFound);
      return { key: scoringKeyOfRow(row), current: row.version === version };
    },
    db.isTransaction,
  );
}

/** The exam's key as it is now. */
export async function currentScoringKey(db: Db, examId: string): Promise<ScoringKey> {
  const version = await scoringVersion(db, examId);
  if (version === undefined) throw new AppError('not-found', EXAM_MESSAGES.notFound);
  return scoringKeyAt(db, examId, version);
}
