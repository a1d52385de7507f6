import type { GivenAnswer } from './exam-scoring.rules.ts';

interface PaperQuestions {
  questionGroups: ReadonlyArray<{ questions: ReadonlyArray<{ resId: string }> }>;
}

/** The paper's question ids in order: groups in order, then their questions. */
export function paperQuestionIds(paper: PaperQuestions): string[] {
  return paper.questionGroups.flatMap((group) => group.questions.map((question) => question.resId));
}

/**
 * A submitted attempt's answers as it keeps them: in the paper's question order, the option chosen
 * (its index in the paper, -1 for none) and the time spent (0 when never seen).
 */
export function answerArrays(paper: PaperQuestions, given: ReadonlyMap<string, GivenAnswer>): { answers: number[]; times: number[] } {
  const answers: number[] = [];
  const times: number[] = [];
  for (const resId of paperQuestionIds(paper)) {
    const answer = given.get(resId);
    const index = answer?.providedAnswerIndex;
    answers.push(typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : -1);
    times.push(Math.max(0, Math.round(Number(answer?.timeElapsedInMs) || 0)));
  }
  return { answers, times };
}

/** The answers kept in paper order, by question id again. */
export function givenAnswersOf(paper: PaperQuestions, answers: readonly number[], times: readonly number[]): Map<string, GivenAnswer> {
  const given = new Map<string, GivenAnswer>();
  paperQuestionIds(paper).forEach((resId, index) => {
    given.set(resId, { providedAnswerIndex: answers[index] ?? -1, timeElapsedInMs: times[index] ?? 0 });
  });
  return given;
}
