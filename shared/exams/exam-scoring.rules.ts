import { QUESTION_TAG_KEYS } from './exam.constants.ts';

/** The parts of an exam that scoring needs: the paper as the student got it. */
export interface ScoringPaper {
  totalMarks: number;
  examDurationInMinutes: number;
  correctAnswerScore: number;
  /** A penalty, subtracted for each wrong answer. */
  wrongAnswerScore: number;
  unAnsweredScore: number;
  questionGroups: Array<{
    resId: string;
    title: string;
    questions: Array<{
      resId: string;
      correctAnswerIndex: number;
      tag1?: string;
      tag2?: string;
      tag3?: string;
      tag4?: string;
      tag5?: string;
    }>;
  }>;
}

export interface GivenAnswer {
  providedAnswerIndex: number | null | undefined;
  timeElapsedInMs: number | null | undefined;
}

export type AnswerOutcome = 'correct' | 'wrong' | 'unattempted';

export interface QuestionResult {
  resId: string;
  hasCorrectlyMarked: boolean;
  providedAnswerIndex: number;
  timeElapsedInMs: number;
  score: number;
  outcome: AnswerOutcome;
}

export interface Tally {
  totalQuestionCount: number;
  correctAnswerCount: number;
  wrongAnswerCount: number;
  unAttemptedAnswerCount: number;
  unseenQuestionCount: number;
  score: number;
  performance: number;
}

export interface GroupResult extends Tally {
  resId: string;
  title: string;
  questions: QuestionResult[];
}

export interface TagResult extends Tally {
  tag: string;
}

export interface ExamResult extends Tally {
  answerSubmittedOn: number | null;
  questionGroups: GroupResult[];
  completionRate: number;
  avgDurationPerQuestInMs: number;
  effectiveExamDurationInSec: number;
  elapsedTimeInMilliseconds: number;
  examDurationInMinutes: number;
  totalMarks: number;
  correctAnswerScore: number;
  wrongAnswerScore: number;
  unAnsweredScore: number;
  /** Score over total marks as a fraction (performance is the same as a percent). */
  performanceRate: number;
  tagRanking: TagResult[];
  rank: number;
  totalParticipants: number;
}

export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Unattempted: no answer given, or an answer index below 0. */
export function isUnattempted(providedAnswerIndex: number | null | undefined): boolean {
  return typeof providedAnswerIndex !== 'number' || !Number.isInteger(providedAnswerIndex) || providedAnswerIndex < 0;
}

export function outcomeOf(correctAnswerIndex: number, providedAnswerIndex: number | null | undefined): AnswerOutcome {
  if (isUnattempted(providedAnswerIndex)) return 'unattempted';
  // A question without a correct option (-1) cannot be answered correctly; the editor warns about it.
  return correctAnswerIndex >= 0 && providedAnswerIndex === correctAnswerIndex ? 'correct' : 'wrong';
}

export function scoreOf(outcome: AnswerOutcome, paper: Pick<ScoringPaper, 'correctAnswerScore' | 'wrongAnswerScore' | 'unAnsweredScore'>): number {
  if (outcome === 'correct') return paper.correctAnswerScore;
  if (outcome === 'wrong') return -Math.abs(paper.wrongAnswerScore);
  return paper.unAnsweredScore;
}

/** Score over marks as a percent, rounded to 2 decimals; 0 when there are no marks. */
export function performanceOf(score: number, totalMarks: number): number {
  return totalMarks > 0 ? round2((score / totalMarks) * 100) : 0;
}

function emptyTally(): Tally {
  return { totalQuestionCount: 0, correctAnswerCount: 0, wrongAnswerCount: 0, unAttemptedAnswerCount: 0, unseenQuestionCount: 0, score: 0, performance: 0 };
}

function add(tally: Tally, result: QuestionResult): void {
  tally.totalQuestionCount += 1;
  if (result.outcome === 'correct') tally.correctAnswerCount += 1;
  else if (result.outcome === 'wrong') tally.wrongAnswerCount += 1;
  else tally.unAttemptedAnswerCount += 1;
  if (result.timeElapsedInMs === 0) tally.unseenQuestionCount += 1;
  tally.score += result.score;
}

function finish<T extends Tally>(tally: T, marksPerQuestion: number): T {
  tally.score = round2(tally.score);
  tally.performance = performanceOf(tally.score, tally.totalQuestionCount * marksPerQuestion);
  return tally;
}

const NUMERIC_FIELDS = [
  'score',
  'totalQuestionCount',
  'unseenQuestionCount',
  'correctAnswerCount',
  'wrongAnswerCount',
  'unAttemptedAnswerCount',
  'completionRate',
  'avgDurationPerQuestInMs',
  'effectiveExamDurationInSec',
  'elapsedTimeInMilliseconds',
  'examDurationInMinutes',
  'totalMarks',
  'correctAnswerScore',
  'wrongAnswerScore',
  'unAnsweredScore',
  'performance',
  'performanceRate',
] as const;
const MISSING_MARK_FIELDS = ['rank', 'totalParticipants'] as const;

/** Non-numeric analytics values are reset to 0, except rank and totalParticipants, which become -1. */
export function resetNonNumeric<T extends Partial<Record<(typeof NUMERIC_FIELDS)[number] | (typeof MISSING_MARK_FIELDS)[number], unknown>>>(result: T): T {
  const copy: Record<string, unknown> = { ...result };
  const numeric = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
  for (const key of NUMERIC_FIELDS) if (!numeric(copy[key])) copy[key] = 0;
  for (const key of MISSING_MARK_FIELDS) if (!numeric(copy[key])) copy[key] = -1;
  return copy as T;
}

export interface ComputeOptions {
  answerSubmittedOn?: number | null;
  rank?: number;
  totalParticipants?: number;
}

/**
 * The result of one attempt: each question is correct,
 * wrong or unattempted; zero elapsed time is unseen; the score may be negative.
 */
export function computeExamResult(paper: ScoringPaper, answers: ReadonlyMap<string, GivenAnswer>, options: ComputeOptions = {}): ExamResult {
  const total = emptyTally();
  const tags = new Map<string, TagResult>();
  let elapsed = 0;
  let seenElapsed = 0;
  let seenCount = 0;

  const questionGroups = paper.questionGroups.map((group) => {
    const groupTally: GroupResult = { resId: group.resId, title: group.title, questions: [], ...emptyTally() };
    for (const question of group.questions) {
      const given = answers.get(question.resId);
      const outcome = outcomeOf(question.correctAnswerIndex, given?.providedAnswerIndex);
      const time = Math.max(0, Math.round(Number(given?.timeElapsedInMs) || 0));
      const result: QuestionResult = {
        resId: question.resId,
        hasCorrectlyMarked: outcome === 'correct',
        providedAnswerIndex: outcome === 'unattempted' ? -1 : (given!.providedAnswerIndex as number),
        timeElapsedInMs: time,
        score: scoreOf(outcome, paper),
        outcome,
      };
      groupTally.questions.push(result);
      add(groupTally, result);
      add(total, result);
      elapsed += time;
      if (time > 0) {
        seenElapsed += time;
        seenCount += 1;
      }
      for (const key of QUESTION_TAG_KEYS) {
        const tag = question[key]?.trim();
        if (!tag) continue;
        let tagTally = tags.get(tag);
        if (!tagTally) tags.set(tag, (tagTally = { tag, ...emptyTally() }));
        add(tagTally, result);
      }
    }
    return finish(groupTally, paper.correctAnswerScore);
  });

  const score = round2(total.score);
  const totalQuestionCount = total.totalQuestionCount;
  const tagRanking = [...tags.values()]
    .map((tag) => finish(tag, paper.correctAnswerScore))
    .sort((a, b) => b.performance - a.performance || b.score - a.score || a.tag.localeCompare(b.tag));

  return resetNonNumeric({
    answerSubmittedOn: options.answerSubmittedOn ?? null,
    questionGroups,
    totalQuestionCount,
    unseenQuestionCount: total.unseenQuestionCount,
    correctAnswerCount: total.correctAnswerCount,
    wrongAnswerCount: total.wrongAnswerCount,
    unAttemptedAnswerCount: total.unAttemptedAnswerCount,
    completionRate: totalQuestionCount > 0 ? round2(((total.correctAnswerCount + total.wrongAnswerCount) / totalQuestionCount) * 100) : 0,
    avgDurationPerQuestInMs: seenCount > 0 ? Math.round(seenElapsed / seenCount) : 0,
    effectiveExamDurationInSec: round2(60 * paper.examDurationInMinutes - elapsed / 1000),
    elapsedTimeInMilliseconds: elapsed,
    examDurationInMinutes: paper.examDurationInMinutes,
    totalMarks: paper.totalMarks,
    correctAnswerScore: paper.correctAnswerScore,
    wrongAnswerScore: paper.wrongAnswerScore,
    unAnsweredScore: paper.unAnsweredScore,
    score,
    performance: performanceOf(score, paper.totalMarks),
    performanceRate: paper.totalMarks > 0 ? Math.round((score / paper.totalMarks) * 10_000) / 10_000 : 0,
    tagRanking,
    rank: options.rank ?? -1,
    totalParticipants: options.totalParticipants ?? -1,
  });
}
