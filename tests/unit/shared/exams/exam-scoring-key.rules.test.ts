import { describe, expect, it } from 'vitest';
import { answerArrays, givenAnswersOf } from '../../../../shared/exams/attempt-answers.rules.ts';
import { answerDeltas, describeChange, optionLetter, questionNumbers } from '../../../../shared/exams/exam-regrade.rules.ts';
import { markedPaper, questionKeysOf, scoringChanges, type ScoringKey } from '../../../../shared/exams/exam-scoring-key.rules.ts';
import { computeExamResult, performanceOf, roundMarkUnits, scoreOfCounts, type ScoringPaper } from '../../../../shared/exams/exam-scoring.rules.ts';

const marks = { correctAnswerScore: 1, wrongAnswerScore: 0.33, unAnsweredScore: 0, totalMarks: 4 };
const paper: ScoringPaper = {
  ...marks,
  examDurationInMinutes: 10,
  questionGroups: [
    {
      resId: 'g1',
      title: 'One',
      questions: [
        { resId: 'a', correctAnswerIndex: 0 },
        { resId: 'b', correctAnswerIndex: 1 },
      ],
    },
    {
      resId: 'g2',
      title: 'Two',
      questions: [
        { resId: 'c', correctAnswerIndex: 2 },
        { resId: 'd', correctAnswerIndex: 3 },
      ],
    },
  ],
};
const key = (questions: ScoringKey['questions'], more: Partial<ScoringKey> = {}): ScoringKey => ({ ...marks, questions, ...more });

describe('questionKeysOf', () => {
  it("keeps a question's last key after it is taken out of the exam", () => {
    const earlier = questionKeysOf(paper);
    expect(earlier).toEqual({ a: [0, 0], b: [1, 0], c: [2, 0], d: [3, 0] });
    const later = questionKeysOf({ questionGroups: [{ questions: [{ resId: 'a', correctAnswerIndex: 2, isVoided: true }] }] }, earlier);
    expect(later).toEqual({ a: [2, 1], b: [1, 0], c: [2, 0], d: [3, 0] });
  });
});

describe('markedPaper', () => {
  it("marks the paper by the exam's key and marks; a question the key lacks keeps the paper's", () => {
    const marked = markedPaper(paper, key({ a: [3, 0], b: [1, 1] }, { wrongAnswerScore: 0.25, totalMarks: 3 }));
    expect(marked.wrongAnswerScore).toBe(0.25);
    expect(marked.totalMarks).toBe(3);
    expect(marked.questionGroups[0]!.questions).toEqual([
      { resId: 'a', correctAnswerIndex: 3, isVoided: false },
      { resId: 'b', correctAnswerIndex: 1, isVoided: true },
    ]);
    expect(marked.questionGroups[1]!.questions[0]).toEqual({ resId: 'c', correctAnswerIndex: 2 });
  });
});

describe('scoringChanges', () => {
  it('lists changed marks, keys and voids of questions the exam had before', () => {
    const before = key(questionKeysOf(paper));
    const after = key({ ...questionKeysOf(paper), a: [1, 0], b: [1, 1], e: [0, 0] }, { unAnsweredScore: 0.5 });
    expect(scoringChanges(before, after)).toEqual([
      { kind: 'marks', field: 'unAnsweredScore', from: 0, to: 0.5 },
      { kind: 'key', questionResId: 'a', from: 0, to: 1 },
      { kind: 'void', questionResId: 'b' },
    ]);
    expect(scoringChanges(before, before)).toEqual([]);
    expect(scoringChanges(after, { ...after, questions: { ...after.questions, b: [1, 0] } })).toEqual([{ kind: 'unvoid', questionResId: 'b' }]);
  });

  it('says each change in words with its question number', () => {
    const numbers = questionNumbers(paper.questionGroups);
    expect(numbers.get('c')).toBe(3);
    expect(describeChange({ kind: 'key', questionResId: 'c', from: 2, to: 0 }, numbers).label).toBe('Question 3: the answer is A (it was C)');
    expect(describeChange({ kind: 'key', questionResId: 'c', from: 2, to: -1 }, numbers).label).toBe('Question 3: no option is correct (it was C)');
    expect(describeChange({ kind: 'void', questionResId: 'd' }, numbers).label).toBe('Question 4 is voided: it counts for no one');
    expect(describeChange({ kind: 'unvoid', questionResId: 'x' }, numbers).label).toBe('A question counts again');
    expect(describeChange({ kind: 'marks', field: 'totalMarks', from: 4, to: 3 }, numbers).label).toBe('Total marks: 3 (it was 4)');
    expect([optionLetter(0), optionLetter(25), optionLetter(-1)]).toEqual(['A', 'Z', 'none']);
  });
});

describe('exact marking', () => {
  it('rounds a score to 2 decimals with halves away from zero, as PostgreSQL does', () => {
    expect(roundMarkUnits(3350)).toBe(0.34);
    expect(roundMarkUnits(-3350)).toBe(-0.34);
    expect(roundMarkUnits(3349)).toBe(0.33);
    expect(roundMarkUnits(0)).toBe(0);
    expect(scoreOfCounts({ correct: 0, wrong: 1, unattempted: 0 }, { correctAnswerScore: 1, wrongAnswerScore: 0.335, unAnsweredScore: 0 })).toBe(-0.34);
    expect(scoreOfCounts({ correct: 3, wrong: 3, unattempted: 0 }, { correctAnswerScore: 1, wrongAnswerScore: 0.3333, unAnsweredScore: 0 })).toBe(2);
  });

  it('works performance out exactly from the hundredths', () => {
    expect(performanceOf(0.5, 40)).toBe(1.25);
    expect(performanceOf(1.01, 200)).toBe(0.51);
    expect(performanceOf(-1.01, 200)).toBe(-0.51);
    expect(performanceOf(1, 3)).toBe(33.33);
    expect(performanceOf(2, 3)).toBe(66.67);
    expect(performanceOf(5, 0)).toBe(0);
  });

  it('counts a voided question nowhere and gives it no marks', () => {
    const answers = new Map([
      ['a', { providedAnswerIndex: 0, timeElapsedInMs: 10 }],
      ['b', { providedAnswerIndex: 0, timeElapsedInMs: 10 }],
    ]);
    const result = computeExamResult(markedPaper(paper, key({ ...questionKeysOf(paper), b: [1, 1] })), answers);
    expect(result).toMatchObject({ totalQuestionCount: 3, correctAnswerCount: 1, wrongAnswerCount: 0, unAttemptedAnswerCount: 2, score: 1 });
    expect(result.questionGroups[0]!.questions[1]).toMatchObject({ outcome: 'voided', isVoided: true, score: 0, providedAnswerIndex: 0 });
    expect(result.score).toBe(scoreOfCounts({ correct: 1, wrong: 0, unattempted: 2 }, marks));
  });
});

describe('answer arrays', () => {
  it('keeps answers in paper order and reads them back by question', () => {
    const given = new Map([
      ['c', { providedAnswerIndex: 1, timeElapsedInMs: 1500.4 }],
      ['a', { providedAnswerIndex: -1, timeElapsedInMs: 7 }],
    ]);
    const kept = answerArrays(paper, given);
    expect(kept).toEqual({ answers: [-1, -1, 1, -1], times: [7, 0, 1500, 0] });
    expect(givenAnswersOf(paper, kept.answers, kept.times).get('c')).toEqual({ providedAnswerIndex: 1, timeElapsedInMs: 1500 });
  });
});

describe('answerDeltas', () => {
  it('says how each possible answer moves the counts when a key changes', () => {
    expect(answerDeltas({ correct: 1, voided: false }, { correct: 2, voided: false })).toEqual([
      { answer: 1, correct: -1, wrong: 1, unattempted: 0 },
      { answer: 2, correct: 1, wrong: -1, unattempted: 0 },
    ]);
    const voided = answerDeltas({ correct: 1, voided: false }, { correct: 1, voided: true });
    expect(voided).toHaveLength(11);
    expect(voided[0]).toEqual({ answer: -1, correct: 0, wrong: 0, unattempted: -1 });
    expect(voided[2]).toEqual({ answer: 1, correct: -1, wrong: 0, unattempted: 0 });
    expect(voided[3]).toEqual({ answer: 2, correct: 0, wrong: -1, unattempted: 0 });
    expect(answerDeltas({ correct: 3, voided: true }, { correct: 3, voided: true })).toEqual([]);
  });
});
