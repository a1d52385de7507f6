import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { StoredQuestionKeys } from '../../shared/exams/exam-scoring-key.rules.ts';

/**
 * The answer key's queries, and the per-exam lock that keeps marking consistent: every submit holds
 * it shared while it marks an attempt, and whatever changes the key (a regrade, a save of the key
 * before any attempt is submitted) holds it exclusively. So no attempt is marked by a key that is
 * being replaced, and a regrade sees every attempt submitted before it.
 */
export const SCORING_LOCK_CLASS = 7_302;

/**
 * Identifies the exam `e`'s key and marks: it changes whenever either does (the cache's key). The
 * database function is the one definition, which the submit's lock function reads too.
 */
export const scoringVersionSql = sql<string>`exam_scoring_version(e)`;

/**
 * Takes the marking lock of the exam whose id (as text) `examIdText` gives, shared, without waiting:
 * false when a regrade holds it. An expression, so that a statement can take it with what it reads.
 */
export function tryShareScoringLockSql(examIdText: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`pg_try_advisory_xact_lock_shared(${SCORING_LOCK_CLASS}, hashtext(${examIdText}))`;
}

/** Waits for the exam's marking lock, shared (a submit). */
export async function shareScoringLock(trx: Db, examId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${SCORING_LOCK_CLASS}, hashtext(${examId}))`.execute(trx);
}

/** Waits for the exam's marking lock, alone (a change of the key): submits in flight finish first. */
export async function holdScoringLock(trx: Db, examId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SCORING_LOCK_CLASS}, hashtext(${examId}))`.execute(trx);
}

export interface ScoringKeyRow {
  version: string;
  correct_answer_score: number;
  wrong_answer_score: number;
  un_answered_score: number;
  total_marks: number;
  scoring_key: StoredQuestionKeys;
}

export async function scoringKeyRow(db: Db, examId: string): Promise<ScoringKeyRow | undefined> {
  const found = await sql<ScoringKeyRow>`
    select ${scoringVersionSql} as version, e.correct_answer_score, e.wrong_answer_score, e.un_answered_score, e.total_marks, e.scoring_key
    from exams e where e.id = ${examId}`.execute(db);
  return found.rows[0];
}

export async function scoringVersion(db: Db, examId: string): Promise<string | undefined> {
  const found = await sql<{ version: string }>`select ${scoringVersionSql} as version from exams e where e.id = ${examId}`.execute(db);
  return found.rows[0]?.version;
}
