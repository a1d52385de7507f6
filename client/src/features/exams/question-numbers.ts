import type { QuestionGroupDraft } from './exam-draft.ts';

/**
 * Questions are numbered through the whole exam (1 to the total), as on the printed
 * paper staff check against; inside a group they also keep their place in the group.
 */
export interface QuestionPlace {
  groupIndex: number;
  questionIndex: number;
  resId: string;
}

/** The number in the exam of the first question of each group (1-based). */
export function firstQuestionNumbers(groups: readonly Pick<QuestionGroupDraft, 'questions'>[]): number[] {
  const firsts: number[] = [];
  let next = 1;
  for (const group of groups) {
    firsts.push(next);
    next += group.questions.length;
  }
  return firsts;
}

/** Where question `number` (1-based, counted through the groups) is; null when the exam has no such question. */
export function locateQuestion(groups: readonly Pick<QuestionGroupDraft, 'questions'>[], number: number): QuestionPlace | null {
  if (!Number.isInteger(number) || number < 1) return null;
  let remaining = number - 1;
  for (const [groupIndex, group] of groups.entries()) {
    const question = group.questions[remaining];
    if (question) return { groupIndex, questionIndex: remaining, resId: question.resId };
    remaining -= group.questions.length;
  }
  return null;
}
