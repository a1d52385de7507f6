import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import { lockExamRow } from './exams.repository.ts';
import { ANALYTICS_TOP, EXAM_MESSAGES } from '../../shared/exams/exam.constants.ts';
import { pageOfList, type StudentPageQuery } from '../../shared/validation/paging.ts';
import { utcIso } from '../../shared/validation/date-time.ts';
import { performanceOf, round2 } from '../../shared/exams/exam-scoring.rules.ts';
import type { AnalyticsRow, RankState } from '../../shared/exams/exams.schema.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { allowLongStatements, LONG_STATEMENT_TIMEOUTS_MS } from '../db/statement-timeout.ts';
import { AppError } from '../errors.ts';
import { examRowOrThrow } from './exams.service.ts';
import { mayReadRanking } from './attempts.repository.ts';
import { ATTEMPT_MESSAGES } from '../../shared/exams/attempts.schema.ts';
import {
  deleteOtherRankVersions,
  firstAttemptCount,
  firstAttemptOf,
  lastSubmitSeq,
  lockExamRanking,
  negativeScoreCount,
  nextHigherScore,
  questionTallies,
  rankedStudents,
  scoreBandCounts,
  setRankPublished,
  setRankVersion,
  topRankedAttempts,
  writeRankScores,
  type RankedExam,
} from './ranks.repository.ts';

export const RANK_MESSAGES = {
  publishedSync: 'The ranking is published: unpublish it before syncing again',
  neverSynced: 'Sync the ranking before publishing it',
} as const;

function rankState(row: { last_rank_refresh: Date | null; is_rank_published: boolean }): RankState {
  return { lastRankRefresh: row.last_rank_refresh?.getTime() ?? null, isRankPublished: row.is_rank_published };
}

/**
 * Ranks every student by their first submitted attempt, higher score first; equal scores
 * share a rank (1, 1, 3). A sync fixes the cut-off in the submission sequence and stores,
 * per distinct score, the number of students and their rank: one aggregate over the
 * ranking index, and a few thousand rows written however many students took the exam.
 * The new version replaces the old one in the same transaction, so readers see one or the other.
 */
export async function syncRanks(db: Db, examId: string): Promise<RankState & { totalParticipants: number }> {
  const exam = await examRowOrThrow(db, examId);
  if (exam.is_rank_published) throw new AppError('conflict', RANK_MESSAGES.publishedSync);
  return db.transaction().execute(async (trx) => {
    // Its aggregate reads every submitted attempt of the exam: longer than a request's default bound.
    await allowLongStatements(trx, LONG_STATEMENT_TIMEOUTS_MS.rankSync);
    // One sync of an exam at a time: the second waits and then writes the next version.
    const locked = await lockExamRanking(trx, exam.id);
    if (locked.is_rank_published) throw new AppError('conflict', RANK_MESSAGES.publishedSync);
    const version = locked.rank_version + 1;
    const cutoffSeq = await lastSubmitSeq(trx);
    await writeRankScores(trx, exam.id, version, cutoffSeq);
    const participants = await rankedStudents(trx, exam.id, version);
    await deleteOtherRankVersions(trx, exam.id, version);
    const updated = await setRankVersion(trx, exam.id, { version, participants, cutoffSeq });
    return { ...rankState(updated), totalParticipants: participants };
  });
}

/**
 * Ranks the same attempts again with their scores as they are now (after a regrade), in the caller's
 * transaction: a new version with the ranking's cut-off, replacing the old one when it commits.
 */
export async function rerankInPlace(trx: Db, exam: { id: string; rank_version: number; rank_cutoff_seq: number }): Promise<void> {
  if (exam.rank_version === 0) return;
  const version = exam.rank_version + 1;
  const cutoffSeq = Number(exam.rank_cutoff_seq);
  await writeRankScores(trx, exam.id, version, cutoffSeq);
  const participants = await rankedStudents(trx, exam.id, version);
  await deleteOtherRankVersions(trx, exam.id, version);
  await setRankVersion(trx, exam.id, { version, participants, cutoffSeq });
}

/** A sync asked for from the console or the REST API: the exam's rank state afterwards. */
export async function syncExamRanks(ctx: Pick<AppContext, 'db'>, input: { examId: string }): Promise<RankState> {
  const { lastRankRefresh, isRankPublished } = await syncRanks(ctx.db, input.examId);
  return { lastRankRefresh, isRankPublished };
}

/** The rank of a score in the exam's current ranking: 1 + the students with a higher score (-1 before any sync). */
export async function rankOfScore(db: Db, exam: RankedExam, score: number): Promise<number> {
  if (exam.rank_version === 0) return -1;
  const higher = await nextHigherScore(db, exam, score);
  return higher ? higher.rank + higher.students : 1;
}

/** Whether an attempt is in the current ranking: the student's first, submitted before the sync's cut-off. */
export function isRanked(exam: RankedExam, attempt: { is_first: boolean; submitted_seq: number | null }): boolean {
  return exam.rank_version > 0 && attempt.is_first && attempt.submitted_seq !== null && Number(attempt.submitted_seq) <= Number(exam.rank_cutoff_seq);
}

export async function setRankStatus(ctx: RequestContext, { examId, status }: { examId: string; status: 'published' | 'unpublished' }): Promise<RankState> {
  const by = await auditBy(ctx);
  await examRowOrThrow(ctx.db, examId);
  return ctx.db.transaction().execute(async (trx) => {
    const exam = await lockExamRow(trx, examId);
    if (!exam) throw new AppError('not-found', EXAM_MESSAGES.notFound);
    if (status === 'published' && exam.last_rank_refresh === null) throw new AppError('conflict', RANK_MESSAGES.neverSynced);
    const state = rankState(await setRankPublished(trx, exam.id, status === 'published'));
    if (state.isRankPublished !== exam.is_rank_published) {
      await recordAudit(trx, by, {
        action: state.isRankPublished ? 'publish' : 'unpublish',
        resourceType: 'exam',
        resourceId: exam.id,
        title: exam.title,
        changes: changedFields({ isRankPublished: exam.is_rank_published }, { isRankPublished: state.isRankPublished }),
      });
    }
    return state;
  });
}

/** The best `limit` rows of the current ranking, with each attempt's figures. */
export async function rankingRows(db: Db, exam: RankedExam, limit: number): Promise<AnalyticsRow[]> {
  if (exam.rank_version === 0) return [];
  const rows = await topRankedAttempts(db, exam, limit);
  return rows.map((row) => ({
    userId: { _id: row.user_id, name: row.name, phoneNumber: row.phone_number, emailAddress: row.email_address ?? '' },
    rank: row.rank,
    totalParticipants: exam.rank_participants,
    score: row.score ?? 0,
    performance: performanceOf(row.score ?? 0, exam.total_marks),
    correctAnswerCount: row.correct_count ?? 0,
    wrongAnswerCount: row.wrong_count ?? 0,
    unAttemptedAnswerCount: row.unattempted_count ?? 0,
    unseenQuestionCount: row.unseen_count ?? 0,
  }));
}

/** GET /api/admin/exams/analytics/{examId}: the top 100 of the last sync. */
export async function examAnalytics(ctx: AppContext, { examId }: { examId: string }): Promise<AnalyticsRow[]> {
  const exam = await examRowOrThrow(ctx.db, examId);
  return rankingRows(ctx.db, exam, ANALYTICS_TOP);
}

export interface ExamStatistics {
  participants: number;
  scoreDistribution: Array<{ range: string; students: number }>;
  questions: Array<{ number: number; resId: string; group: string; answered: number; correct: number; correctShare: number }>;
}

/**
 * The Analytics tab's charts, over each student's first submitted attempt: how scores spread
 * (ten bands of total marks) and each question's share of correct answers.
 */
export async function examStatistics(ctx: AppContext, { examId }: { examId: string }): Promise<ExamStatistics> {
  const exam = await examRowOrThrow(ctx.db, examId);
  const marks = exam.total_marks > 0 ? exam.total_marks : Math.max(1, exam.total_questions * exam.correct_answer_score);
  const bands = 10;
  const byBand = await scoreBandCounts(ctx.db, exam.id, marks, bands);
  const scoreDistribution = Array.from({ length: bands }, (_, band) => ({
    range: `${round2((marks * band) / bands)}–${round2((marks * (band + 1)) / bands)}`,
    students: byBand.get(band) ?? 0,
  }));
  // Scores below zero get a band of their own, taken out of the lowest one.
  const negative = await negativeScoreCount(ctx.db, exam.id);
  if (negative > 0) {
    scoreDistribution[0]!.students -= negative;
    scoreDistribution.unshift({ range: 'below 0', students: negative });
  }

  const keys = exam.question_groups.flatMap((group) =>
    group.questions.map((question) => ({ resId: question.resId, correct: question.correctAnswerIndex, group: group.title })),
  );
  const byQuestion = await questionTallies(ctx.db, exam.id, keys);
  const total = await firstAttemptCount(ctx.db, exam.id);
  return {
    participants: total,
    scoreDistribution,
    questions: keys.map((key, index) => {
      const row = byQuestion.get(key.resId);
      const correct = row?.correct ?? 0;
      return {
        number: index + 1,
        resId: key.resId,
        group: key.group,
        answered: row?.answered ?? 0,
        correct,
        correctShare: total > 0 ? round2((correct / total) * 100) : 0,
      };
    }),
  };
}

/** What a student sees of a published ranking: names and figures of the top 100, and their own place. */
export async function studentRanking(db: Db, { examId, userId, ...query }: { examId: string; userId: string } & StudentPageQuery) {
  const exam = await examRowOrThrow(db, examId);
  // The same rule as taking the exam: a ranking names other students and is part of what was bought.
  if (!(await mayReadRanking(db, exam.id, userId))) throw new AppError('forbidden', ATTEMPT_MESSAGES.notEntitled);
  if (!exam.is_rank_published || exam.rank_version === 0) throw new AppError('forbidden', 'The ranking of this exam is not published yet');
  const rows = await rankingRows(db, exam, ANALYTICS_TOP);
  const first = await firstAttemptOf(db, exam.id, userId);
  const own = first && isRanked(exam, first) ? { rank: await rankOfScore(db, exam, first.score ?? 0), score: first.score ?? 0 } : undefined;
  return {
    ...pageOfList(
      rows.map((row) => ({ rank: row.rank, name: row.userId.name, score: row.score, performance: row.performance })),
      query,
    ),
    totalParticipants: exam.rank_participants,
    lastRankRefreshAt: utcIso(exam.last_rank_refresh),
    me: own ? { rank: own.rank, score: own.score, performance: performanceOf(own.score, exam.total_marks) } : null,
  };
}
