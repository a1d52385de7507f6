import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { paperQuestionIds } from '../../shared/exams/attempt-answers.rules.ts';
import { EXAM_MESSAGES } from '../../shared/exams/exam.constants.ts';
import { describeChange, questionNumbers } from '../../shared/exams/exam-regrade.rules.ts';
import { questionKeyOf, questionKeysOf, scoringChanges, type QuestionKey, type ScoringKey } from '../../shared/exams/exam-scoring-key.rules.ts';
import type { ExamValue } from '../../shared/exams/exams.schema.ts';
import {
  REGRADE_CHANGE_BUCKETS,
  REGRADE_MESSAGES,
  REGRADE_MOVES_LISTED,
  REGRADE_TOP_ROWS,
  type RankMove,
  type RegradeApplied,
  type RegradeApplyInput,
  type RegradeChange,
  type RegradeDryRun,
  type RegradeRecord,
} from '../../shared/exams/regrade.schema.ts';
import { utcIso } from '../../shared/validation/date-time.ts';
import { recordAudit, auditBy } from '../audit/audit-writer.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { refreshCoursesOfExams } from '../course-state/course-publish.ts';
import type { Db } from '../db/database.ts';
import { LONG_STATEMENT_TIMEOUTS_MS, withLongStatements } from '../db/statement-timeout.ts';
import type { ExamRow } from '../db/types.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import { AppError } from '../errors.ts';
import { toExam } from './exam-mapping.ts';
import { attemptCounts, findExamRow, lockExamRow, updateExamAtVersion } from './exams.repository.ts';
import { examRowOrThrow, marksOf, prepareExamSave } from './exams.service.ts';
import { paperById } from './papers.ts';
import { rerankInPlace } from './ranks.service.ts';
import * as repo from './regrade.repository.ts';
import { scoringKeyOfRow } from './scoring-key.ts';
import { holdScoringLock } from './scoring-key.repository.ts';

/** How many regrades an exam's history lists. */
const REGRADES_LISTED = 100;

interface Planned {
  plan: repo.RegradePlan;
  changes: RegradeChange[];
  keys: ScoringKey;
}

const sameKey = (a: QuestionKey, b: QuestionKey) => a.correctAnswerIndex === b.correctAnswerIndex && a.isVoided === b.isVoided;

/**
 * What saving `value` over the exam `before` changes in how submitted attempts are marked: the
 * changes in words, and each changed question's place in each paper the exam's attempts were taken on.
 */
async function planOf(db: Db, before: ExamRow, value: ExamValue): Promise<Planned> {
  const keyBefore = scoringKeyOfRow(before);
  const keys: ScoringKey = { ...marksOf(value), questions: questionKeysOf(value, before.scoring_key) };
  const numbers = questionNumbers(value.questionGroups);
  const changes = scoringChanges(keyBefore, keys).map((change) => describeChange(change, numbers));
  const places: repo.ChangedPlace[] = [];
  for (const paperId of await repo.paperIdsOfExam(db, before.id)) {
    const paper = await paperById(db, paperId);
    const own = new Map(
      paper.questionGroups.flatMap((group) =>
        group.questions.map((q) => [q.resId, { correctAnswerIndex: q.correctAnswerIndex, isVoided: q.isVoided === true }]),
      ),
    );
    paperQuestionIds(paper).forEach((resId, index) => {
      const was = questionKeyOf(keyBefore, resId) ?? own.get(resId)!;
      const now = questionKeyOf(keys, resId) ?? own.get(resId)!;
      if (!sameKey(was, now)) {
        places.push({
          paperId,
          position: index + 1,
          before: { correct: was.correctAnswerIndex, voided: was.isVoided },
          after: { correct: now.correctAnswerIndex, voided: now.isVoided },
        });
      }
    });
  }
  return { plan: { examId: before.id, places, marks: keys }, changes, keys };
}

/** The current ranking's cut-off, or none (every first attempt) before the first sync. */
const rankedBy = (exam: ExamRow) => ({ cutoffSeq: exam.rank_version > 0 ? Number(exam.rank_cutoff_seq) : null });

const toMove = (row: repo.StagedMove): RankMove => ({
  userId: row.user_id,
  name: row.name,
  rankBefore: row.old_rank,
  rankAfter: row.new_rank,
  scoreBefore: Number(row.old_score),
  scoreAfter: Number(row.new_score),
});

/**
 * POST /api/admin/exams/{examId}/regrade/dry-run: what saving the exam as `value` would do to its
 * submitted attempts and its ranking, written nowhere.
 */
export async function regradeDryRun(ctx: AppContext, input: { id: string; value: ExamValue; version?: number | undefined }): Promise<RegradeDryRun> {
  const exam = await examRowOrThrow(ctx.db, input.id);
  if (input.version !== undefined && input.version !== exam.version) throw await refusedSave(ctx.db, 'exams', exam.id, 'exam', EXAM_MESSAGES.notFound);
  const { plan, changes } = await planOf(ctx.db, exam, input.value);
  if (changes.length === 0) throw new AppError('validation', REGRADE_MESSAGES.nothingToRegrade, { field: 'value' });
  return withLongStatements(ctx.db, LONG_STATEMENT_TIMEOUTS_MS.regradeApply, async (trx) => {
    const counts = await attemptCounts(trx, exam.id);
    await repo.stageRegrade(trx, plan, rankedBy(exam));
    const [summary, byChange, up, down, before, after] = [
      await repo.stagedSummary(trx),
      await repo.stagedChangeBuckets(trx, REGRADE_CHANGE_BUCKETS),
      await repo.stagedMoves(trx, 'up', REGRADE_MOVES_LISTED),
      await repo.stagedMoves(trx, 'down', REGRADE_MOVES_LISTED),
      await repo.stagedTop(trx, 'old', REGRADE_TOP_ROWS),
      await repo.stagedTop(trx, 'new', REGRADE_TOP_ROWS),
    ];
    const top = (rows: typeof before) => rows.map((row) => ({ userId: row.user_id, name: row.name, rank: row.rank, score: Number(row.score) }));
    return {
      changes,
      summary: { ...summary, inProgress: counts.in_progress },
      byChange,
      movesUp: up.map(toMove),
      movesDown: down.map(toMove),
      topBefore: top(before),
      topAfter: top(after),
    };
  });
}

/**
 * POST /api/admin/exams/{examId}/regrade: saves the exam as `value` and, in the same transaction,
 * re-marks every submitted attempt, ranks them again (when the exam has a ranking), records the
 * regrade with its reason (each changed result names it) and writes the exam's history. Submits of
 * the exam wait for it and are marked by the new key; starts and autosaves go on.
 */
export async function applyRegrade(ctx: RequestContext, input: RegradeApplyInput & { id: string }): Promise<RegradeApplied> {
  const by = await auditBy(ctx);
  const existing = await examRowOrThrow(ctx.db, input.id);
  const prepared = await prepareExamSave(ctx, existing.id, input.value, by.actor?.id ?? null);
  const applied = await withLongStatements(ctx.db, LONG_STATEMENT_TIMEOUTS_MS.regradeApply, async (trx) => {
    const before = await lockExamRow(trx, existing.id);
    if (!before) return undefined;
    await holdScoringLock(trx, before.id);
    const { plan, changes, keys } = await planOf(trx, before, prepared.value);
    if (changes.length === 0) throw new AppError('validation', REGRADE_MESSAGES.nothingToRegrade, { field: 'value' });
    const version = await updateExamAtVersion(trx, before.id, { ...prepared.saved, scoring_key: JSON.stringify(keys.questions) }, input.version);
    if (version === undefined) return undefined;
    const counts = await attemptCounts(trx, before.id);
    if (counts.submitted === 0) throw new AppError('conflict', REGRADE_MESSAGES.noSubmittedAttempts);
    await repo.stageRegrade(trx, plan, rankedBy(before));
    const summary = { ...(await repo.stagedSummary(trx)), inProgress: counts.in_progress };
    const regrade = await repo.insertRegrade(trx, { examId: before.id, reason: input.reason, changes, summary, appliedBy: by.actor?.id ?? null });
    await repo.applyStagedRegrade(trx, regrade.id, keys.totalMarks);
    await rerankInPlace(trx, before);
    const after = (await findExamRow(trx, before.id))!;
    await recordAudit(trx, by, {
      action: 'regrade',
      resourceType: 'exam',
      resourceId: before.id,
      title: after.title,
      changes: {
        ...changedFields(toExam(before), toExam(after), [
          '_id',
          'hasTimeRestrictedGroup',
          'publishMessage',
          'hasPublishMessage',
          'version',
          'updatedAt',
          'lastRankRefresh',
        ]),
        ...changedFields({ regrade: null }, { regrade: { reason: input.reason, changes: changes.map((change) => change.label), ...summary } }),
      },
    });
    const record: RegradeRecord = {
      _id: regrade.id,
      appliedAt: utcIso(regrade.applied_at),
      appliedBy: by.actor ? { _id: by.actor.id, name: by.actor.name } : null,
      reason: input.reason,
      changes,
      summary,
    };
    return { version, record };
  });
  if (!applied) throw await refusedSave(ctx.db, 'exams', existing.id, 'exam', EXAM_MESSAGES.notFound);
  await refreshCoursesOfExams(ctx.db, [existing.id]);
  return { ...prepared.savedState(applied.version), regrade: applied.record };
}

/** GET /api/admin/exams/{examId}/regrades: the exam's regrades, newest first. */
export async function listRegrades(ctx: AppContext, { examId }: { examId: string }): Promise<RegradeRecord[]> {
  const exam = await examRowOrThrow(ctx.db, examId);
  const rows = await repo.regradesOf(ctx.db, exam.id, REGRADES_LISTED);
  return rows.map((row) => ({
    _id: row.id,
    appliedAt: utcIso(row.applied_at),
    appliedBy: row.applied_by ? { _id: row.applied_by, name: row.applied_by_name ?? '' } : null,
    reason: row.reason,
    changes: row.changes,
    summary: row.summary,
  }));
}
