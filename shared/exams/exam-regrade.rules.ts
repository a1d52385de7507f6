import { MAX_OPTION_COUNT } from './exam.constants.ts';
import type { MarkField, ScoringChange } from './exam-scoring-key.rules.ts';
import { outcomeOf, type AnswerOutcome } from './exam-scoring.rules.ts';
import type { RegradeChange } from './regrade.schema.ts';

const MARK_LABELS: Record<MarkField, string> = {
  correctAnswerScore: 'Marks for a correct answer',
  wrongAnswerScore: 'Penalty for a wrong answer',
  unAnsweredScore: 'Marks for an unanswered question',
  totalMarks: 'Total marks',
};

/** Option 0 is A. */
export function optionLetter(index: number): string {
  return index >= 0 && index < 26 ? String.fromCharCode(65 + index) : 'none';
}

/** The place of each question in the exam, 1 for the first (groups in order, then questions). */
export function questionNumbers(groups: ReadonlyArray<{ questions: ReadonlyArray<{ resId: string }> }>): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const group of groups) for (const question of group.questions) numbers.set(question.resId, numbers.size + 1);
  return numbers;
}

/** A scoring change in words, with the question's number. */
export function describeChange(change: ScoringChange, numbers: ReadonlyMap<string, number>): RegradeChange {
  if (change.kind === 'marks') {
    return {
      kind: 'marks',
      questionResId: null,
      questionNumber: null,
      field: change.field,
      from: change.from,
      to: change.to,
      label: `${MARK_LABELS[change.field]}: ${change.to} (it was ${change.from})`,
    };
  }
  const number = numbers.get(change.questionResId) ?? null;
  const question = number === null ? 'A question' : `Question ${number}`;
  const base = { kind: change.kind, questionResId: change.questionResId, questionNumber: number, field: null };
  if (change.kind !== 'key') {
    const label = change.kind === 'void' ? `${question} is voided: it counts for no one` : `${question} counts again`;
    return { ...base, from: null, to: null, label };
  }
  const to = change.to < 0 ? 'no option is correct' : `the answer is ${optionLetter(change.to)}`;
  return { ...base, from: change.from, to: change.to, label: `${question}: ${to} (it was ${optionLetter(change.from)})` };
}

export interface PlaceKey {
  correct: number;
  voided: boolean;
}

/** How one answer's counts change when its question's key changes: correct, wrong and unattempted. */
export interface AnswerDelta {
  /** The option chosen (-1 for none). */
  answer: number;
  correct: number;
  wrong: number;
  unattempted: number;
}

const count = (outcome: AnswerOutcome, of: AnswerOutcome) => (outcome === of ? 1 : 0);

/**
 * For each answer a student may have given (none, or an option up to MAX_OPTION_COUNT), how the
 * attempt's counts change when the question's key goes from `before` to `after`; answers whose
 * counts do not change are left out.
 */
export function answerDeltas(before: PlaceKey, after: PlaceKey): AnswerDelta[] {
  const deltas: AnswerDelta[] = [];
  for (let answer = -1; answer < MAX_OPTION_COUNT; answer += 1) {
    const was = outcomeOf(before.correct, answer, before.voided);
    const now = outcomeOf(after.correct, answer, after.voided);
    if (was === now) continue;
    deltas.push({
      answer,
      correct: count(now, 'correct') - count(was, 'correct'),
      wrong: count(now, 'wrong') - count(was, 'wrong'),
      unattempted: count(now, 'unattempted') - count(was, 'unattempted'),
    });
  }
  return deltas;
}
