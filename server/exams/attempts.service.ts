import { NoResultError } from 'kysely';
import {
  ATTEMPT_MESSAGES,
  ANSWER_GRACE_SECONDS,
  type AttemptLayout,
  type AttemptView,
  type ExamPaper,
  type ExamResultView,
  type SaveAnswersInput,
  type StudentExam,
} from '../../shared/exams/attempts.schema.ts';
import { deadlineOf, groupWindows, isWithinGrace, quizLayout } from '../../shared/exams/attempt-clock.rules.ts';
import { computeExamResult, type GivenAnswer } from '../../shared/exams/exam-scoring.rules.ts';
import { markedPaper, type ScoringKey } from '../../shared/exams/exam-scoring-key.rules.ts';
import { answerArrays, givenAnswersOf } from '../../shared/exams/attempt-answers.rules.ts';
import { REGRADE_MESSAGES } from '../../shared/exams/regrade.schema.ts';
import { allowLongStatements, isQueryCanceled, LONG_STATEMENT_TIMEOUTS_MS } from '../db/statement-timeout.ts';
import { scoringKeyAt } from './scoring-key.ts';
import { shareScoringLock } from './scoring-key.repository.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { utcIso } from '../../shared/validation/date-time.ts';
import { pageOfList, type StudentPageQuery } from '../../shared/validation/paging.ts';
import { assetUrls } from '../access/asset-urls.ts';
import { requireActor } from '../access/access.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { ExamAttemptRow } from '../db/types.ts';
import { retryOnConflict } from '../db/retry.ts';
import { AppError } from '../errors.ts';
import * as repo from './attempts.repository.ts';
import { knownClock, questionIndexOf, rememberClock, type AttemptClock } from './exam-caches.ts';
import { insertAttempt, saveAnswersOf, startFacts } from './attempt-batches.ts';
import { paperById, currentPaperId } from './papers.ts';
import { attemptView } from './attempt-view.ts';
import { isRanked, rankOfScore } from './ranks.service.ts';

const FOREIGN_KEY_VIOLATION = '23503';
/** How long a submit waits for a regrade being applied to the same exam. */
const REGRADE_WAIT_MS = LONG_STATEMENT_TIMEOUTS_MS.submitDuringRegrade;

/** GET /api/student/exams: the exams the student may take (a bounded list), a page at a time. */
export async function listStudentExams(ctx: RequestContext, query: StudentPageQuery) {
  const actor = await requireActor(ctx);
  const rows = await repo.listStudentExamRows(ctx.db, actor.id);
  return pageOfList(
    rows.map((row): StudentExam => ({
      _id: row.id,
      title: row.title,
      examType: row.exam_type,
      description: row.description,
      instructions: row.instructions,
      totalMarks: Number(row.total_marks),
      totalQuestions: row.total_questions,
      examDurationInMinutes: row.exam_duration_in_minutes,
      correctAnswerScore: Number(row.correct_answer_score),
      wrongAnswerScore: Number(row.wrong_answer_score),
      unAnsweredScore: Number(row.un_answered_score),
      maxNumberOfAttempts: row.max_number_of_attempts,
      publishAt: row.publish_at ? utcIso(new Date(row.publish_at)) : null,
      showInRecentExams: row.show_in_recent_exams,
      isSticky: row.is_sticky,
      attemptsTaken: row.attempts_taken,
      inProgressAttemptId: row.open_attempt,
      canStart: row.open_attempt !== null || row.max_number_of_attempts === -1 || row.attempts_taken < row.max_number_of_attempts,
      isRankPublished: row.is_rank_published,
    })),
    query,
  );
}

async function ownAttempt(ctx: RequestContext, attemptId: string): Promise<ExamAttemptRow> {
  const actor = await requireActor(ctx);
  const attempt = UUID_PATTERN.test(attemptId) ? await repo.findAttempt(ctx.db, attemptId) : undefined;
  if (!attempt || attempt.user_id !== actor.id) throw new AppError('not-found', ATTEMPT_MESSAGES.attemptNotFound);
  return attempt;
}

/**
 * Keeps the attempt's clock for its autosaves: none of it changes once the attempt starts, so the
 * start keeps it too, and the first autosaves of ten thousand students who have just started read
 * nothing.
 */
function rememberClockOf(row: AttemptClock): AttemptClock {
  const clock: AttemptClock = {
    id: row.id,
    user_id: row.user_id,
    paper_id: row.paper_id,
    started_at: row.started_at,
    deadline_at: row.deadline_at,
    layout: row.layout,
  };
  rememberClock(row.id, clock);
  return clock;
}

async function ownAttemptClock(ctx: RequestContext, attemptId: string): Promise<AttemptClock> {
  const actor = await requireActor(ctx);
  let clock = knownClock(attemptId);
  if (!clock) {
    const row = UUID_PATTERN.test(attemptId) ? await repo.findAttemptClock(ctx.db, attemptId) : undefined;
    if (!row) throw new AppError('not-found', ATTEMPT_MESSAGES.attemptNotFound);
    if (row.status === 'submitted') {
      if (row.user_id !== actor.id) throw new AppError('not-found', ATTEMPT_MESSAGES.attemptNotFound);
      throw new AppError('conflict', ATTEMPT_MESSAGES.alreadySubmitted);
    }
    clock = rememberClockOf(row);
  }
  if (clock.user_id !== actor.id) throw new AppError('not-found', ATTEMPT_MESSAGES.attemptNotFound);
  return clock;
}

/**
 * Starts an attempt, or resumes the one in progress (a second tab, a reconnect). Refused when
 * the exam is not open, the student is not entitled, or the attempt lock is used up.
 */
export async function startAttempt(ctx: RequestContext, { examId }: { examId: string }): Promise<AttemptView> {
  const actor = await requireActor(ctx);
  if (!UUID_PATTERN.test(examId)) throw new AppError('not-found', ATTEMPT_MESSAGES.notFound);
  for (let tries = 0; tries < 3; tries += 1) {
    const exam = await startFacts(ctx.db, { examId, userId: actor.id });
    if (!exam) throw new AppError('not-found', ATTEMPT_MESSAGES.notFound);
    if (exam.open_attempt) {
      const open = await repo.findAttempt(ctx.db, exam.open_attempt);
      if (open && open.status === 'in-progress' && isWithinGrace(Date.now(), open.deadline_at.getTime())) {
        rememberClockOf(open);
        return attemptView(open, await paperById(ctx.db, open.paper_id), await repo.savedAnswers(ctx.db, open.id));
      }
      // Its time is over: submitted now with the deadline as its finish time, then a new attempt may start.
      if (open) await submitAttempt(ctx.db, open.id, 'deadline');
      continue;
    }
    if (!exam.open) throw new AppError('forbidden', ATTEMPT_MESSAGES.notPublished);
    if (!exam.entitled) throw new AppError('forbidden', ATTEMPT_MESSAGES.notEntitled);
    // Submitted attempts only: an attempt another tab has just started is resumed, not counted against the lock.
    if (exam.max_number_of_attempts === 1 && exam.submitted >= 1) throw new AppError('conflict', ATTEMPT_MESSAGES.attemptLocked);
    const paperId = await currentPaperId(ctx.db, examId, exam.paper_hash).catch((error: unknown) => {
      // Deleted meanwhile (no row to copy the paper from, or the paper's exam is gone).
      if (error instanceof NoResultError || (error as { code?: string }).code === FOREIGN_KEY_VIOLATION)
        throw new AppError('not-found', ATTEMPT_MESSAGES.notFound);
      throw error;
    });
    const paper = await paperById(ctx.db, paperId);
    const layout: AttemptLayout | null = paper.examType === 'quiz' ? quizLayout(paper.questionGroups) : null;
    const now = new Date();
    try {
      // An attempt not submitted in time is submitted by the worker's sweep (submitOverdueAttempts).
      const attempt = await insertAttempt(ctx.db, {
        exam_id: examId,
        user_id: actor.id,
        paper_id: paperId,
        attempt_number: Number(exam.last ?? 0) + 1,
        layout: layout ? JSON.stringify(layout) : null,
        started_at: now,
        deadline_at: new Date(deadlineOf(now.getTime(), paper.examDurationInMinutes)),
      });
      // Two starts at once (two tabs): the unique indexes let one through; the other resumes it.
      if (!attempt) continue;
      rememberClockOf(attempt);
      return attemptView(attempt, paper, new Map());
    } catch (error) {
      // The exam was deleted meanwhile.
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new AppError('not-found', ATTEMPT_MESSAGES.notFound);
      throw error;
    }
  }
  throw new AppError('conflict', 'The exam could not be started: please try again');
}

export async function getAttempt(ctx: RequestContext, { attemptId }: { attemptId: string }): Promise<AttemptView> {
  const attempt = await ownAttempt(ctx, attemptId);
  return attemptView(attempt, await paperById(ctx.db, attempt.paper_id), await repo.savedAnswers(ctx.db, attempt.id));
}

/**
 * Autosave: writes a batch of answers in one multi-row upsert. Each answer carries the
 * client's revision, and a stored answer is replaced only by a higher one, so a late or
 * repeated request never overwrites a newer answer. The server's clock decides what is
 * still taken: the exam's deadline and each time-restricted group's own window, plus a grace.
 */
export async function saveAnswers(ctx: RequestContext, input: SaveAnswersInput & { attemptId: string }) {
  const { attemptId } = input;
  const attempt = await ownAttemptClock(ctx, attemptId);
  const now = Date.now();
  const deadlineMs = attempt.deadline_at.getTime();
  if (!isWithinGrace(now, deadlineMs)) throw new AppError('conflict', ATTEMPT_MESSAGES.deadlinePassed);
  const paper = await paperById(ctx.db, attempt.paper_id);
  const windows = groupWindows(paper.questionGroups, attempt.started_at.getTime(), deadlineMs);
  const where = questionIndexOf(attempt, paper);

  // The highest revision of each question in this batch.
  const latest = new Map<string, SaveAnswersInput['answers'][number]>();
  for (const answer of input.answers) {
    const known = where.get(answer.questionResId);
    if (!known) throw new AppError('validation', ATTEMPT_MESSAGES.unknownQuestion(answer.questionResId));
    if (answer.providedAnswerIndex >= known.optionCount) throw new AppError('validation', ATTEMPT_MESSAGES.badOption(answer.questionResId));
    const previous = latest.get(answer.questionResId);
    if (!previous || previous.revision < answer.revision) latest.set(answer.questionResId, answer);
  }
  const rejected: Array<{ questionResId: string; message: string }> = [];
  const accepted = [...latest.values()].filter((answer) => {
    const known = where.get(answer.questionResId)!;
    const window = windows[known.groupIndex]!;
    const group = paper.questionGroups[known.groupIndex]!.title || `Group ${known.groupIndex + 1}`;
    if (now < window.opensAtMs - ANSWER_GRACE_SECONDS * 1000)
      rejected.push({ questionResId: answer.questionResId, message: ATTEMPT_MESSAGES.groupNotOpen(group) });
    else if (!isWithinGrace(now, window.closesAtMs)) rejected.push({ questionResId: answer.questionResId, message: ATTEMPT_MESSAGES.groupClosed(group) });
    else return true;
    return false;
  });
  const toOriginal = (answer: SaveAnswersInput['answers'][number]) =>
    answer.providedAnswerIndex < 0 ? -1 : where.get(answer.questionResId)!.optionOrder[answer.providedAnswerIndex]!;

  let written: string[] = [];
  if (accepted.length > 0) {
    // The write share-locks the attempt, so a submit waits for it and scores these answers; it is
    // batched with other students' saves made at the same moment (attempt-batches.ts).
    const answers = accepted.map((answer) => ({ ...answer, providedAnswerIndex: toOriginal(answer) }));
    written = await retryOnConflict(() => saveAnswersOf(ctx.db, { attemptId: attempt.id, answers }));
    if (written.length < accepted.length) {
      const status = await repo.attemptStatus(ctx.db, attempt.id);
      if (status.status === 'submitted') throw new AppError('conflict', ATTEMPT_MESSAGES.alreadySubmitted);
    }
  }
  const writtenSet = new Set(written);
  return {
    saved: written.length,
    ignored: accepted.filter((a) => !writtenSet.has(a.questionResId)).map((a) => a.questionResId),
    rejected,
    serverTime: utcIso(Date.now()),
    deadlineAt: utcIso(deadlineMs),
  };
}

/** What a result is worked out from: the exam's result facts, its paper and key, and the kept answers. */
interface Marking {
  exam: repo.ExamResultFacts;
  paper: ExamPaper;
  key: ScoringKey;
  sheet: { answers: number[]; answer_times: number[] };
}

/** A submit's attempt and, when this call marked it, what it was marked by (null: it was submitted before). */
interface Submitted {
  attempt: ExamAttemptRow;
  marking: Marking | null;
}

/**
 * Marks an attempt in progress from its answers by its exam's key at `exam.scoring_version`: the
 * figures to store, the answers as kept (in paper order), and what they were worked out from. The
 * finish time is now, or the deadline when the worker submits it or the student is late.
 */
async function markAttempt(db: Db, row: ExamAttemptRow, given: Array<[string, number, number]>, exam: repo.ExamResultFacts, by: 'student' | 'deadline') {
  // On the caller's connection: in a transaction, asking the pool for another while holding this one
  // could wait for ever once every connection is held by a submit doing the same.
  const [paper, key] = await Promise.all([paperById(db, row.paper_id), scoringKeyAt(db, row.exam_id, exam.scoring_version)]);
  const deadline = new Date(row.deadline_at);
  const late = by === 'deadline' || Date.now() > deadline.getTime();
  const finishedAt = late ? deadline : new Date();
  // Marked from the answers as kept, as every later view of the result is.
  const kept = answerArrays(
    paper,
    new Map<string, GivenAnswer>(given.map(([resId, providedAnswerIndex, timeElapsedInMs]) => [resId, { providedAnswerIndex, timeElapsedInMs }])),
  );
  const result = computeExamResult(markedPaper(paper, key), givenAnswersOf(paper, kept.answers, kept.times), { answerSubmittedOn: finishedAt.getTime() });
  const figures = {
    submitted_at: finishedAt,
    submitted_by: late ? 'deadline' : 'student',
    score: result.score,
    performance: result.performance,
    correct_count: result.correctAnswerCount,
    wrong_count: result.wrongAnswerCount,
    unattempted_count: result.unAttemptedAnswerCount,
    unseen_count: result.unseenQuestionCount,
  } as const;
  return { figures, kept, marking: { exam, paper, key, sheet: { answers: kept.answers, answer_times: kept.times } } };
}

/**
 * Submits an attempt and stores its result; idempotent (a second call answers the stored
 * result). Submitted by the student, or by the worker at the deadline, whose finish time is
 * then the deadline. A late student submit also finishes at the deadline. Holds the attempt's
 * locks from the read of its answers to the store of its marks.
 */
export async function submitAttempt(db: Db, attemptId: string, by: 'student' | 'deadline'): Promise<Submitted> {
  return db.transaction().execute(async (trx): Promise<Submitted> => {
    // Lock first, then read in a new statement: an autosave that held the attempt when the
    // lock was asked for has committed by then, and a statement that started earlier would
    // not see its answers (each statement reads the data as it was when it began).
    const locked = await repo.lockAttemptForMarking(trx, attemptId);
    if (!locked) throw new AppError('not-found', ATTEMPT_MESSAGES.attemptNotFound);
    const { marking_locked: markingLocked, ...row } = locked;
    if (row.status === 'submitted') return { attempt: row, marking: null };
    // Marked by the exam's key as it is now, with no regrade half-way (a regrade waits for this).
    if (!markingLocked) await waitForMarkingLock(trx, row.exam_id);
    const { answers, exam } = await repo.markingFacts(trx, row);
    const { figures, kept, marking } = await markAttempt(trx, row, answers, exam, by);
    const attempt = await repo.markSubmitted(trx, row.id, figures, kept);
    if (!attempt) throw new Error(`attempt ${row.id} was locked in progress but not stored`);
    return { attempt, marking };
  });
}

/**
 * A student's submit, in two statements and no transaction: the attempt is marked from a read made
 * without locks, and the marks are stored by a statement that takes the locks and writes only if
 * the answers and the key are still what it was marked by. When they are not (an autosave or a
 * regrade came in between, a second tab submitted, a regrade holds the key), it is marked again by
 * submitAttempt, which holds the locks throughout.
 */
async function submitOwn(db: Db, attemptId: string, ownerId: string): Promise<Submitted> {
  const read = await repo.submitFacts(db, attemptId, ownerId);
  if (!read) throw new AppError('not-found', ATTEMPT_MESSAGES.attemptNotFound);
  if (read.attempt.status === 'submitted') return { attempt: read.attempt, marking: null };
  const { figures, kept, marking } = await markAttempt(db, read.attempt, read.answers, read.exam, 'student');
  const attempt = await repo.markSubmitted(db, attemptId, figures, kept, read.unchanged);
  if (attempt) return { attempt, marking };
  return submitAttempt(db, attemptId, 'student');
}

/**
 * Waits for the exam's marking lock, shared, when the lock statement could not take it at once. Only
 * a regrade being applied holds it the other way: the submit then waits for it (up to
 * REGRADE_WAIT_MS), and is marked by the new key.
 */
async function waitForMarkingLock(trx: Db, examId: string): Promise<void> {
  await allowLongStatements(trx, REGRADE_WAIT_MS);
  try {
    await shareScoringLock(trx, examId);
  } catch (error) {
    if (isQueryCanceled(error)) throw new AppError('conflict', REGRADE_MESSAGES.submitDuringRegrade);
    throw error;
  }
}

/** The regrade that last changed the attempt's figures, as its result tells it. */
async function regradeOf(ctx: AppContext, attempt: ExamAttemptRow): Promise<ExamResultView['regrade']> {
  if (!attempt.regrade_id) return null;
  const regrade = await repo.regradeNotice(ctx.db, attempt.regrade_id);
  if (!regrade) return null;
  return {
    regradedAt: utcIso(regrade.applied_at),
    reason: regrade.reason,
    previousScore: Number(attempt.score_before_regrade ?? 0),
    changes: regrade.changes.map((change) => change.label),
  };
}

/**
 * The result with every answer: worked out from the answers kept on the attempt and the exam's
 * answer key as it is now (the same key its stored figures were last marked by).
 */
async function resultView(ctx: AppContext, attempt: ExamAttemptRow): Promise<ExamResultView> {
  const exam = await repo.examResultFacts(ctx.db, attempt.exam_id);
  if (!exam) throw new AppError('not-found', ATTEMPT_MESSAGES.attemptNotFound);
  const [paper, key, regrade, sheet] = await Promise.all([
    paperById(ctx.db, attempt.paper_id),
    scoringKeyAt(ctx.db, attempt.exam_id, exam.scoring_version),
    regradeOf(ctx, attempt),
    repo.attemptSheet(ctx.db, attempt.id),
  ]);
  return resultViewOf(ctx, attempt, { exam, paper, key, sheet }, regrade);
}

/** The result view of the submit that has just marked the attempt, from what it marked by: nothing to read again. */
function submittedView(ctx: AppContext, { attempt, marking }: Submitted): Promise<ExamResultView> {
  return marking ? resultViewOf(ctx, attempt, marking, null) : resultView(ctx, attempt);
}

async function resultViewOf(
  ctx: AppContext,
  attempt: ExamAttemptRow,
  { exam, paper, key, sheet }: Marking,
  regrade: ExamResultView['regrade'],
): Promise<ExamResultView> {
  const marked = markedPaper(paper, key);
  const result = computeExamResult(marked, givenAnswersOf(paper, sheet.answers, sheet.answer_times), {
    answerSubmittedOn: attempt.submitted_at?.getTime() ?? null,
  });
  let rank = -1;
  let totalParticipants = -1;
  if (exam.is_rank_published && isRanked(exam, attempt)) {
    rank = await rankOfScore(ctx.db, exam, attempt.score ?? 0);
    totalParticipants = exam.rank_participants;
  }
  const { questionGroups: groups, tagRanking, answerSubmittedOn: _submittedOn, ...figures } = result;
  return {
    ...figures,
    submittedAt: utcIso(attempt.submitted_at),
    attemptId: attempt.id,
    examId: attempt.exam_id,
    submittedBy: attempt.submitted_by ?? 'student',
    rank,
    totalParticipants,
    regrade,
    tagRanking: tagRanking.map(({ tag, ...tally }) => ({ tag, ...tally })),
    questionGroups: groups.map((group, groupIndex) => {
      const paperGroup = marked.questionGroups[groupIndex]!;
      const byId = new Map(paperGroup.questions.map((question) => [question.resId, question]));
      const order = attempt.layout?.groups[groupIndex];
      const results = new Map(group.questions.map((question) => [question.resId, question]));
      const shown = order ? order.questions : paperGroup.questions.map((question) => ({ resId: question.resId, options: question.options.map((_, i) => i) }));
      const { questions: _questions, ...tally } = group;
      return {
        ...tally,
        questions: shown.map((entry) => {
          const question = byId.get(entry.resId)!;
          const scored = results.get(entry.resId)!;
          return {
            resId: question.resId,
            question: question.question,
            questionMimeType: question.questionMimeType,
            imageUrl: question.bannerImageId ? assetUrls.file(question.bannerImageId) : null,
            options: entry.options.map((index) => question.options[index]!),
            correctAnswerIndex: question.correctAnswerIndex < 0 ? -1 : entry.options.indexOf(question.correctAnswerIndex),
            providedAnswerIndex: scored.providedAnswerIndex < 0 ? -1 : entry.options.indexOf(scored.providedAnswerIndex),
            hasCorrectlyMarked: scored.hasCorrectlyMarked,
            timeElapsedInMs: scored.timeElapsedInMs,
            score: scored.score,
            isVoided: scored.isVoided,
            solution: question.solution,
          };
        }),
      };
    }),
  };
}

export async function submitOwnAttempt(ctx: RequestContext, { attemptId }: { attemptId: string }): Promise<ExamResultView> {
  const actor = await requireActor(ctx);
  if (!UUID_PATTERN.test(attemptId)) throw new AppError('not-found', ATTEMPT_MESSAGES.attemptNotFound);
  return submittedView(ctx, await submitOwn(ctx.db, attemptId, actor.id));
}

/** The result with every answer and solution, once the attempt is submitted. */
export async function attemptResult(ctx: RequestContext, { attemptId }: { attemptId: string }): Promise<ExamResultView> {
  const attempt = await ownAttempt(ctx, attemptId);
  if (attempt.status !== 'submitted') throw new AppError('conflict', ATTEMPT_MESSAGES.notSubmitted);
  return resultView(ctx, attempt);
}

/**
 * Submits every attempt whose deadline and grace have passed, with the deadline as its finish
 * time: the worker runs this every minute (graphile-worker's cron runs it once across the
 * fleet). A student submitting at the same moment is safe: submitAttempt locks the row and
 * the second of the two finds it submitted.
 */
export async function submitOverdueAttempts(db: Db, batch = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const due = await repo.overdueAttemptIds(db, batch);
    for (const id of due) await submitAttempt(db, id, 'deadline');
    total += due.length;
    if (due.length < batch) return total;
  }
}
