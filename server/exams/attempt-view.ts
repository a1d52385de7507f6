import type { AttemptView, ExamPaper } from '../../shared/exams/attempts.schema.ts';
import { groupWindows } from '../../shared/exams/attempt-clock.rules.ts';
import { utcIso } from '../../shared/validation/date-time.ts';
import { assetUrls } from '../access/asset-urls.ts';
import type { ExamAttemptRow } from '../db/types.ts';
import type { StoredAnswer } from './attempts.repository.ts';

type AttemptQuestion = AttemptView['questionGroups'][number]['questions'][number];
type PaperQuestion = ExamPaper['questionGroups'][number]['questions'][number];

function shownQuestion(question: PaperQuestion, optionOrder: readonly number[], saved: StoredAnswer | undefined): AttemptQuestion {
  const shownIndex = saved && saved.providedAnswerIndex >= 0 ? optionOrder.indexOf(saved.providedAnswerIndex) : -1;
  return {
    resId: question.resId,
    question: question.question,
    questionMimeType: question.questionMimeType,
    imageUrl: question.bannerImageId ? assetUrls.file(question.bannerImageId) : null,
    options: optionOrder.map((index) => question.options[index]!),
    providedAnswerIndex: shownIndex,
    timeElapsedInMs: saved?.timeElapsedInMs ?? 0,
    revision: saved?.revision ?? 0,
  };
}

/**
 * A paper's questions as every new attempt in the paper's own order shows them (nothing answered
 * yet): the same for each of the thousands of students starting a mock test, so made once per
 * paper and shared, frozen (attempt-json.ts keeps their text with them).
 */
const freshQuestions = new WeakMap<ExamPaper, ReadonlyArray<readonly AttemptQuestion[]>>();

function freshQuestionsOf(paper: ExamPaper): ReadonlyArray<readonly AttemptQuestion[]> {
  let groups = freshQuestions.get(paper);
  if (!groups) {
    groups = Object.freeze(
      paper.questionGroups.map((group) =>
        Object.freeze(
          group.questions.map((question) =>
            Object.freeze(
              shownQuestion(
                question,
                question.options.map((_, i) => i),
                undefined,
              ),
            ),
          ),
        ),
      ),
    );
    freshQuestions.set(paper, groups);
  }
  return groups;
}

/** The attempt as its student sees it: the paper without answers, in the attempt's order, with what they saved. */
export function attemptView(attempt: ExamAttemptRow, paper: ExamPaper, answers: Map<string, StoredAnswer>): AttemptView {
  const startedAtMs = attempt.started_at.getTime();
  const deadlineMs = attempt.deadline_at.getTime();
  const windows = groupWindows(paper.questionGroups, startedAtMs, deadlineMs);
  const layout = attempt.layout;
  const fresh = !layout && answers.size === 0 ? freshQuestionsOf(paper) : undefined;
  return {
    _id: attempt.id,
    examId: attempt.exam_id,
    title: paper.title,
    examType: paper.examType,
    attemptNumber: attempt.attempt_number,
    status: attempt.status,
    startedAt: utcIso(startedAtMs),
    deadlineAt: utcIso(deadlineMs),
    serverTime: utcIso(Date.now()),
    examDurationInMinutes: paper.examDurationInMinutes,
    totalQuestions: paper.questionGroups.reduce((sum, group) => sum + group.questions.length, 0),
    instructions: paper.instructions,
    questionGroups: paper.questionGroups.map((group, groupIndex) => {
      const order = layout?.groups[groupIndex];
      const byId = new Map(group.questions.map((question) => [question.resId, question]));
      const questions = order
        ? order.questions.map((entry) => ({ question: byId.get(entry.resId)!, optionOrder: entry.options }))
        : group.questions.map((question) => ({ question, optionOrder: question.options.map((_, i) => i) }));
      return {
        resId: group.resId,
        title: group.title,
        durationInMins: group.durationInMins,
        hasTimeRestriction: group.hasTimeRestriction,
        opensAt: utcIso(windows[groupIndex]!.opensAtMs),
        closesAt: utcIso(windows[groupIndex]!.closesAtMs),
        questions:
          (fresh?.[groupIndex] as AttemptQuestion[] | undefined) ??
          questions.map(({ question, optionOrder }) => shownQuestion(question, optionOrder, answers.get(question.resId))),
      };
    }),
  };
}
