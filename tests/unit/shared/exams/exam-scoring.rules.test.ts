import { describe, expect, it } from 'vitest';
import {
  computeExamResult,
  isUnattempted,
  outcomeOf,
  performanceOf,
  resetNonNumeric,
  round2,
  type GivenAnswer,
  type ScoringPaper,
} from '../../../../shared/exams/exam-scoring.rules.ts';

function paper(correct: number[], overrides: Partial<ScoringPaper> = {}): ScoringPaper {
  return {
    totalMarks: correct.length,
    examDurationInMinutes: 10,
    correctAnswerScore: 1,
    wrongAnswerScore: 0.33,
    unAnsweredScore: 0,
    questionGroups: [
      {
        resId: 'g1',
        title: 'General',
        questions: correct.map((c, i) => ({ resId: `q${i + 1}`, correctAnswerIndex: c, tag1: i % 2 === 0 ? 'History' : 'Science' })),
      },
    ],
    ...overrides,
  };
}
const answers = (entries: Array<[string, number | null | undefined, number]>) =>
  new Map<string, GivenAnswer>(entries.map(([id, index, time]) => [id, { providedAnswerIndex: index, timeElapsedInMs: time }]));

describe('isUnattempted and outcomeOf', () => {
  it('counts no answer, null, a non-integer or an index below 0 as unattempted', () => {
    expect(isUnattempted(undefined)).toBe(true);
    expect(isUnattempted(null)).toBe(true);
    expect(isUnattempted(-1)).toBe(true);
    expect(isUnattempted(-5)).toBe(true);
    expect(isUnattempted(1.5)).toBe(true);
    expect(isUnattempted(0)).toBe(false);
  });
  it('is correct only for the correct index; a question without one cannot be answered correctly', () => {
    expect(outcomeOf(2, 2)).toBe('correct');
    expect(outcomeOf(2, 1)).toBe('wrong');
    expect(outcomeOf(-1, 0)).toBe('wrong');
    expect(outcomeOf(2, -1)).toBe('unattempted');
  });
});

describe('computeExamResult', () => {
  it('adds the correct score, subtracts the penalty, and rounds to 2 decimals', () => {
    const result = computeExamResult(
      paper([0, 1, 2]),
      answers([
        ['q1', 0, 1000],
        ['q2', 0, 1000],
        ['q3', 0, 1000],
      ]),
    );
    expect(result.score).toBe(0.34);
    expect(result).toMatchObject({ correctAnswerCount: 1, wrongAnswerCount: 2, unAttemptedAnswerCount: 0 });
  });
  it('allows a negative total', () => {
    const result = computeExamResult(
      paper([0, 1, 2]),
      answers([
        ['q1', 3, 500],
        ['q2', 3, 500],
        ['q3', 3, 500],
      ]),
    );
    expect(result.score).toBe(-0.99);
    expect(result.performance).toBe(-33);
  });
  it('counts zero elapsed time as unseen, and averages time over seen questions only', () => {
    const result = computeExamResult(
      paper([0, 0, 0, 0]),
      answers([
        ['q1', 0, 3000],
        ['q2', -1, 1000],
        ['q3', undefined, 0],
      ]),
    );
    expect(result.unseenQuestionCount).toBe(2);
    expect(result.unAttemptedAnswerCount).toBe(3);
    expect(result.avgDurationPerQuestInMs).toBe(2000);
    expect(result.elapsedTimeInMilliseconds).toBe(4000);
  });
  it('computes performance, completion rate and effective duration', () => {
    const result = computeExamResult(
      paper([0, 0, 0, 0], { totalMarks: 8, examDurationInMinutes: 2 }),
      answers([
        ['q1', 0, 30_000],
        ['q2', 1, 15_500],
      ]),
    );
    expect(result.score).toBe(0.67);
    expect(result.performance).toBe(8.38);
    expect(result.performanceRate).toBe(0.0838);
    expect(result.completionRate).toBe(50);
    expect(result.effectiveExamDurationInSec).toBe(74.5);
  });
  it('adds the unanswered score for unattempted questions', () => {
    expect(computeExamResult(paper([0, 0], { unAnsweredScore: -0.25 }), answers([])).score).toBe(-0.5);
  });
  it('gives per-group and per-tag figures, tags best first', () => {
    const result = computeExamResult(
      paper([0, 0, 0, 0]),
      answers([
        ['q1', 0, 1],
        ['q2', 1, 1],
        ['q3', 0, 1],
        ['q4', 0, 1],
      ]),
    );
    expect(result.questionGroups[0]).toMatchObject({ title: 'General', correctAnswerCount: 3, wrongAnswerCount: 1, score: 2.67 });
    expect(result.tagRanking.map((tag) => [tag.tag, tag.correctAnswerCount, tag.score, tag.performance])).toEqual([
      ['History', 2, 2, 100],
      ['Science', 1, 0.67, 33.5],
    ]);
    expect(result.questionGroups[0]!.questions[1]).toMatchObject({ hasCorrectlyMarked: false, providedAnswerIndex: 1, score: -0.33 });
  });
  it('answers zeros, not NaN, for an exam without questions or marks, and -1 rank until ranked', () => {
    const result = computeExamResult(paper([], { totalMarks: 0, examDurationInMinutes: 0 }), answers([]));
    expect(result).toMatchObject({
      score: 0,
      performance: 0,
      performanceRate: 0,
      completionRate: 0,
      avgDurationPerQuestInMs: 0,
      rank: -1,
      totalParticipants: -1,
    });
    expect(computeExamResult(paper([0]), answers([]), { rank: 3, totalParticipants: 10 })).toMatchObject({ rank: 3, totalParticipants: 10 });
  });
});

describe('resetNonNumeric', () => {
  it('resets non-numeric values to 0, and rank and totalParticipants to -1', () => {
    expect(
      resetNonNumeric({ score: Number.NaN, performance: Infinity, completionRate: undefined, rank: Number.NaN, totalParticipants: null, totalMarks: 40 }),
    ).toEqual({
      score: 0,
      performance: 0,
      completionRate: 0,
      rank: -1,
      totalParticipants: -1,
      totalMarks: 40,
      totalQuestionCount: 0,
      unseenQuestionCount: 0,
      correctAnswerCount: 0,
      wrongAnswerCount: 0,
      unAttemptedAnswerCount: 0,
      avgDurationPerQuestInMs: 0,
      effectiveExamDurationInSec: 0,
      elapsedTimeInMilliseconds: 0,
      examDurationInMinutes: 0,
      correctAnswerScore: 0,
      wrongAnswerScore: 0,
      unAnsweredScore: 0,
      performanceRate: 0,
    });
  });
});

describe('round2 and performanceOf', () => {
  it('rounds half up at 2 decimals and gives 0 performance without marks', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-0.335)).toBe(-0.33);
    expect(performanceOf(33, 100)).toBe(33);
    expect(performanceOf(5, 0)).toBe(0);
  });
});
