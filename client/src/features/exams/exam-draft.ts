import {
  DEFAULT_GROUP_DURATION_IN_MINS,
  DEFAULT_OPTION_COUNT,
  EXAM_MESSAGES,
  MAX_OPTION_COUNT,
  type ExamType,
} from '../../../../shared/exams/exam.constants.ts';
import { examValueSchema, type Exam, type ExamValueInput, type Question, type QuestionGroup } from '../../../../shared/exams/exams.schema.ts';
import { fromIndiaDateTimeInput, toIndiaDateTimeInput } from '../../lib/format.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { newResId } from '../../lib/res-id.ts';

/**
 * The exam editor's working copy. Numbers are kept as typed (".33", "" while a field is
 * being cleared) and read when saving, so that a field never jumps under the cursor.
 */
export interface QuestionGroupDraft extends Omit<QuestionGroup, 'durationInMins'> {
  durationInMins: string;
}

export interface ExamDraft {
  title: string;
  examType: ExamType;
  isVisible: boolean;
  /** A datetime-local value ("2026-11-21T09:30") in India time, whatever the browser's zone; '' for none. */
  publishDateTime: string;
  /** '' when no PSC exam is chosen. */
  examCategoryKey: string;
  /** '' when no subject is chosen. */
  examCourseTypeKey: string;
  showInRecentExams: boolean;
  masterSubscription: string | null;
  correctAnswerScore: string;
  wrongAnswerScore: string;
  unAnsweredScore: string;
  isSticky: boolean;
  maxNumberOfAttempts: -1 | 1;
  totalMarks: string;
  totalQuestions: string;
  examDurationInMinutes: string;
  description: string;
  instructions: string[];
  questionGroups: QuestionGroupDraft[];
}

export type ExamNumberField = 'correctAnswerScore' | 'wrongAnswerScore' | 'unAnsweredScore' | 'totalMarks' | 'totalQuestions' | 'examDurationInMinutes';

/** Milliseconds since 1970 → a datetime-local value in India time ('' for none). */
export function toLocalDateTimeInput(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  return toIndiaDateTimeInput(ms);
}

/** A datetime-local value, read as India time → milliseconds since 1970; null for '', NaN when not a real date and time. */
export function fromLocalDateTimeInput(value: string): number | null {
  if (value.trim() === '') return null;
  return fromIndiaDateTimeInput(value)?.getTime() ?? Number.NaN;
}

/** What a typed number means: NaN when blank or not a number. */
export function parseNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function groupToDraft(group: QuestionGroup): QuestionGroupDraft {
  return { ...group, durationInMins: String(group.durationInMins) };
}

export function toDraft(exam: Exam): ExamDraft {
  return {
    title: exam.title,
    examType: exam.examType,
    isVisible: exam.isVisible,
    publishDateTime: toLocalDateTimeInput(exam.publishDateTimeInMs),
    examCategoryKey: exam.examCategoryKey ?? '',
    examCourseTypeKey: exam.examCourseTypeKey ?? '',
    showInRecentExams: exam.showInRecentExams,
    masterSubscription: exam.masterSubscription,
    correctAnswerScore: String(exam.correctAnswerScore),
    wrongAnswerScore: String(exam.wrongAnswerScore),
    unAnsweredScore: String(exam.unAnsweredScore),
    isSticky: exam.isSticky,
    maxNumberOfAttempts: exam.maxNumberOfAttempts === 1 ? 1 : -1,
    totalMarks: String(exam.totalMarks),
    totalQuestions: String(exam.totalQuestions),
    examDurationInMinutes: String(exam.examDurationInMinutes),
    description: exam.description,
    instructions: exam.instructions,
    questionGroups: exam.questionGroups.map(groupToDraft),
  };
}

/** The body of exams.save (PUT /api/admin/exams/{id} {value}). */
export function toExamValue(draft: ExamDraft): ExamValueInput {
  return {
    title: draft.title,
    examType: draft.examType,
    isVisible: draft.isVisible,
    publishDateTimeInMs: fromLocalDateTimeInput(draft.publishDateTime),
    examCategoryKey: (draft.examCategoryKey || null) as ExamValueInput['examCategoryKey'],
    examCourseTypeKey: (draft.examCourseTypeKey || null) as ExamValueInput['examCourseTypeKey'],
    showInRecentExams: draft.examType === 'freestyle' && draft.showInRecentExams,
    masterSubscription: draft.masterSubscription,
    correctAnswerScore: parseNumber(draft.correctAnswerScore),
    wrongAnswerScore: parseNumber(draft.wrongAnswerScore),
    unAnsweredScore: parseNumber(draft.unAnsweredScore),
    isSticky: draft.isSticky,
    maxNumberOfAttempts: draft.maxNumberOfAttempts,
    totalMarks: parseNumber(draft.totalMarks),
    totalQuestions: parseNumber(draft.totalQuestions),
    examDurationInMinutes: parseNumber(draft.examDurationInMinutes),
    description: draft.description,
    instructions: draft.instructions,
    questionGroups: draft.questionGroups.map((group) => ({ ...group, durationInMins: parseNumber(group.durationInMins) })),
  };
}

export interface DraftProblems {
  /** The first problem of each top-level field, shown under the field. */
  fields: FieldErrors;
  /** Every problem in words, with where it is ("Group 2, question 3: ..."). */
  messages: string[];
}

const NUMBER_RULES: ReadonlyArray<{ field: ExamNumberField; label: string; whole?: boolean; min?: number; message?: string }> = [
  { field: 'correctAnswerScore', label: 'Correct answer score' },
  { field: 'wrongAnswerScore', label: 'Wrong answer penalty', min: 0, message: EXAM_MESSAGES.penaltyPositive },
  { field: 'unAnsweredScore', label: 'Unanswered score' },
  { field: 'totalMarks', label: 'Total marks', min: 0 },
  { field: 'totalQuestions', label: 'Total questions', whole: true, min: 0 },
  { field: 'examDurationInMinutes', label: 'Exam duration', whole: true, min: 0 },
];

function numberProblem(text: string, rule: (typeof NUMBER_RULES)[number]): string | undefined {
  const value = parseNumber(text);
  if (!Number.isFinite(value)) return rule.message ?? `${rule.label}: enter a number`;
  if (rule.min !== undefined && value < rule.min) return rule.message ?? `${rule.label} cannot be below ${rule.min}`;
  if (rule.whole && !Number.isInteger(value)) return `${rule.label}: enter a whole number`;
  return undefined;
}

function groupLabel(draft: ExamDraft, index: number): string {
  const title = draft.questionGroups[index]?.title.trim();
  return title ? `Group ${index + 1} ("${title}")` : `Group ${index + 1}`;
}

function where(draft: ExamDraft, path: readonly PropertyKey[]): string {
  if (path[0] !== 'questionGroups' || typeof path[1] !== 'number') return '';
  const group = groupLabel(draft, path[1]);
  if (path[2] === 'questions' && typeof path[3] === 'number') return `${group}, question ${path[3] + 1}: `;
  return `${group}: `;
}

/** The checks the server makes, made first so that the editor can say where the problem is. */
export function checkDraft(draft: ExamDraft): DraftProblems {
  const fields: FieldErrors = {};
  const messages: string[] = [];
  const add = (field: string, message: string) => {
    fields[field] ??= message;
    messages.push(message);
  };
  for (const rule of NUMBER_RULES) {
    const problem = numberProblem(draft[rule.field], rule);
    if (problem) add(rule.field, problem);
  }
  if (draft.publishDateTime !== '' && !Number.isFinite(fromLocalDateTimeInput(draft.publishDateTime))) {
    add('publishDateTimeInMs', 'Publish date and time: enter a valid date and time');
  }
  draft.questionGroups.forEach((group, index) => {
    const minutes = parseNumber(group.durationInMins);
    if (!Number.isInteger(minutes) || minutes < 1) add('questionGroups', `${groupLabel(draft, index)}: enter the duration in whole minutes (at least 1)`);
  });
  if (messages.length > 0) return { fields, messages };

  const result = examValueSchema.safeParse(toExamValue(draft));
  if (!result.success) {
    for (const issue of result.error.issues) {
      add(issue.path.length > 0 ? String(issue.path[0]) : 'form', `${where(draft, issue.path)}${issue.message}`);
    }
  }
  return { fields, messages };
}

export function newQuestion(): Question {
  return {
    resId: newResId(),
    question: '',
    options: Array.from({ length: DEFAULT_OPTION_COUNT }, () => ''),
    correctAnswerIndex: -1,
    isVoided: false,
    questionMimeType: 'text',
    bannerImageId: null,
    bannerImageFizeSizeInBytes: null,
    tag1: '',
    tag2: '',
    tag3: '',
    tag4: '',
    tag5: '',
    solution: '',
  };
}

export function newGroup(): QuestionGroupDraft {
  return { resId: newResId(), title: '', questions: [], durationInMins: String(DEFAULT_GROUP_DURATION_IN_MINS), hasTimeRestriction: false };
}

/** The list with the item at `index` moved one place up (-1) or down (+1); the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list as T[];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, at) => (at === index ? item : current));
}

function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, at) => at !== index);
}

export function questionCount(draft: Pick<ExamDraft, 'questionGroups'>): number {
  return draft.questionGroups.reduce((sum, group) => sum + group.questions.length, 0);
}

/** Pure edits of the question groups; each returns a new draft and keeps untouched parts as they were. */
export const groupEdits = {
  add: (draft: ExamDraft): ExamDraft => ({ ...draft, questionGroups: [...draft.questionGroups, newGroup()] }),
  remove: (draft: ExamDraft, groupIndex: number): ExamDraft => ({ ...draft, questionGroups: removeAt(draft.questionGroups, groupIndex) }),
  move: (draft: ExamDraft, groupIndex: number, direction: -1 | 1): ExamDraft => {
    const moved = moveItem(draft.questionGroups, groupIndex, direction);
    return moved === draft.questionGroups ? draft : { ...draft, questionGroups: moved };
  },
  update: (draft: ExamDraft, groupIndex: number, patch: Partial<QuestionGroupDraft>): ExamDraft => {
    const group = draft.questionGroups[groupIndex];
    return group ? { ...draft, questionGroups: replaceAt(draft.questionGroups, groupIndex, { ...group, ...patch }) } : draft;
  },
  /** Appends imported groups; an id already in the exam gets a new one, so no two groups or questions share one. */
  append: (draft: ExamDraft, groups: readonly QuestionGroup[]): ExamDraft => {
    const seen = new Set(draft.questionGroups.flatMap((group) => [group.resId, ...group.questions.map((question) => question.resId)]));
    const fresh = (resId: string) => {
      const id = seen.has(resId) ? newResId() : resId;
      seen.add(id);
      return id;
    };
    const added = groups.map((group) => ({
      ...groupToDraft(group),
      resId: fresh(group.resId),
      questions: group.questions.map((question) => ({ ...question, resId: fresh(question.resId) })),
    }));
    return { ...draft, questionGroups: [...draft.questionGroups, ...added] };
  },
};

function withQuestions(draft: ExamDraft, groupIndex: number, change: (questions: Question[]) => Question[]): ExamDraft {
  const group = draft.questionGroups[groupIndex];
  if (!group) return draft;
  const questions = change(group.questions);
  return questions === group.questions ? draft : groupEdits.update(draft, groupIndex, { questions });
}

export const questionEdits = {
  add: (draft: ExamDraft, groupIndex: number, question: Question = newQuestion()): ExamDraft =>
    withQuestions(draft, groupIndex, (questions) => [...questions, question]),
  remove: (draft: ExamDraft, groupIndex: number, questionIndex: number): ExamDraft =>
    withQuestions(draft, groupIndex, (questions) => removeAt(questions, questionIndex)),
  move: (draft: ExamDraft, groupIndex: number, questionIndex: number, direction: -1 | 1): ExamDraft =>
    withQuestions(draft, groupIndex, (questions) => moveItem(questions, questionIndex, direction)),
  update: (draft: ExamDraft, groupIndex: number, questionIndex: number, patch: Partial<Question>): ExamDraft =>
    withQuestions(draft, groupIndex, (questions) => {
      const question = questions[questionIndex];
      return question ? replaceAt(questions, questionIndex, { ...question, ...patch }) : questions;
    }),
};

/** A question with one more (empty) option, up to the most a question may have. */
export function addOption(question: Question): Question {
  if (question.options.length >= MAX_OPTION_COUNT) return question;
  return { ...question, options: [...question.options, ''] };
}

/**
 * A question without the option at `index`; the correct answer follows its option, and is
 * cleared when that option is the one removed. A question keeps at least two options.
 */
export function removeOption(question: Question, index: number): Question {
  if (question.options.length <= 2 || index < 0 || index >= question.options.length) return question;
  const correct = question.correctAnswerIndex;
  return {
    ...question,
    options: removeAt(question.options, index),
    correctAnswerIndex: correct === index ? -1 : correct > index ? correct - 1 : correct,
  };
}

export function setOption(question: Question, index: number, text: string): Question {
  return { ...question, options: replaceAt(question.options, index, text) };
}
