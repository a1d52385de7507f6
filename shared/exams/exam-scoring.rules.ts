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
      /** Voided by a regrade: it earns and costs nothing and is not counted. */
      isVoided?: boolean;
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

export type AnswerOutcome = 'correct' | 'wrong' | 'unattempted' | 'voided';

export interface QuestionResult {
  resId: string;
  hasCorrectlyMarked: boolean;
  providedAnswerIndex: number;
  timeElapsedInMs: number;
  score: number;
  outcome: AnswerOutcome;
  isVoided: boolean;
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

/** Marks are stored with 4 decimals: a score is summed exactly in ten-thousandths of a mark. */
const UNITS_PER_MARK = 10_000;
export const toMarkUnits = (marks: number): number => Math.round(marks * UNITS_PER_MARK);

/**
 * A sum of marks (in ten-thousandths) rounded to 2 decimals, halves away from zero: exactly what
 * PostgreSQL's round(numeric, 2) gives, so a regrade worked out in the database agrees to the paisa.
 */
export function roundMarkUnits(units: number): number {
  const hundredths = Math.floor((Math.abs(units) + 50) / 100);
  return (Math.sign(units) * hundredths) / 100 || 0;
}

/**
 * The score of correct, wrong and unattempted counts: the one formula of a result's total
 * (`regradeScoreSql` is the same in SQL).
 */
export function scoreOfCounts(
  counts: { correct: number; wrong: number; unattempted: number },
  marks: Pick<ScoringPaper, 'correctAnswerScore' | 'wrongAnswerScore' | 'unAnsweredScore'>,
): number {
  return roundMarkUnits(
    counts.correct * toMarkUnits(marks.correctAnswerScore) -
      counts.wrong * toMarkUnits(Math.abs(marks.wrongAnswerScore)) +
      counts.unattempted * toMarkUnits(marks.unAnsweredScore),
  );
}

/** Unattempted: no answer given, or an answer index below 0. */
export function isUnattempted(providedAnswerIndex: number | null | undefined): boolean {
  return typeof providedAnswerIndex !== 'number' || !Number.isInteger(providedAnswerIndex) || providedAnswerIndex < 0;
}

export function outcomeOf(correctAnswerIndex: number, providedAnswerIndex: number | null | undefined, isVoided = false): AnswerOutcome {
  if (isVoided) return 'voided';
  if (isUnattempted(providedAnswerIndex)) return 'unattempted';
  // A question without a correct option (-1) cannot be answered correctly; the editor warns about it.
  return correctAnswerIndex >= 0 && providedAnswerIndex === correctAnswerIndex ? 'correct' : 'wrong';
}

export function scoreOf(outcome: AnswerOutcome, paper: Pick<ScoringPaper, 'correctAnswerScore' | 'wrongAnswerScore' | 'unAnsweredScore'>): number {
  if (outcome === 'correct') return paper.correctAnswerScore;
  if (outcome === 'wrong') return -Math.abs(paper.wrongAnswerScore);
  if (outcome === 'voided') return 0;
  return paper.unAnsweredScore;
}

/**
 * Score over marks as a percent, rounded to 2 decimals (halves away from zero); 0 when there are no
 * marks. Worked out exactly from the hundredths of both, as `regradePerformanceSql` does in SQL.
 */
export function performanceOf(score: number, totalMarks: number): number {
  const marks = Math.round(totalMarks * 100);
  if (marks <= 0) return 0;
  const scored = Math.round(score * 100);
  const hundredths = Math.floor((2 * Math.abs(scored) * 10_000 + marks) / (2 * marks));
  return (Math.sign(scored) * hundredths) / 100 || 0;
}

interface Summing extends Tally {
  /** The score so far, exactly, in ten-thousandths of a mark. */
  units: number;
}

function emptyTally(): Summing {
  return {
    totalQuestionCount: 0,
    correctAnswerCount: 0,
    wrongAnswerCount: 0,
    unAttemptedAnswerCount: 0,
    unseenQuestionCount: 0,
    score: 0,
    performance: 0,
    units: 0,
  };
}

/** Counts a question's result; a voided question is counted nowhere. */
function add(tally: Summing, result: QuestionResult): void {
  if (result.outcome === 'voided') return;
  tally.totalQuestionCount += 1;
  if (result.outcome === 'correct') tally.correctAnswerCount += 1;
  else if (result.outcome === 'wrong') tally.wrongAnswerCount += 1;
  else tally.unAttemptedAnswerCount += 1;
  if (result.timeElapsedInMs === 0) tally.unseenQuestionCount += 1;
  tally.units += toMarkUnits(result.score);
}

function finish<T extends Summing>(tally: T, marksPerQuestion: number): Omit<T, 'units'> {
  const { units, ...counted } = tally;
  counted.score = roundMarkUnits(units);
  counted.performance = performanceOf(counted.score, counted.totalQuestionCount * marksPerQuestion);
  return counted;
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
  const tags = new Map<string, TagResult & Summing>();
  let elapsed = 0;
  let seenElapsed = 0;
  let seenCount = 0;

  const questionGroups = paper.questionGroups.map((group) => {
    const groupTally: GroupResult & Summing = { resId: group.resId, title: group.title, questions: [], ...emptyTally() };
    for (const question of group.questions) {
      const given = answers.get(question.resId);
      const isVoided = question.isVoided === true;
      const answered = !isUnattempted(given?.providedAnswerIndex);
      const outcome = outcomeOf(question.correctAnswerIndex, given?.providedAnswerIndex, isVoided);
      const time = Math.max(0, Math.round(Number(given?.timeElapsedInMs) || 0));
      const result: QuestionResult = {
        resId: question.resId,
        hasCorrectlyMarked: outcome === 'correct',
        providedAnswerIndex: answered ? (given!.providedAnswerIndex as number) : -1,
        timeElapsedInMs: time,
        score: scoreOf(outcome, paper),
        outcome,
        isVoided,
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

  const score = roundMarkUnits(total.units);
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
