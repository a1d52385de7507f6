import { describe, expect, it } from 'vitest';
import { EXAM_MESSAGES } from '../../../shared/exams/exam.constants.ts';
import { examValueSchema, type Exam, type QuestionGroup } from '../../../shared/exams/exams.schema.ts';
import {
  addOption,
  checkDraft,
  fromLocalDateTimeInput,
  groupEdits,
  moveItem,
  newQuestion,
  questionCount,
  questionEdits,
  removeOption,
  toDraft,
  toExamValue,
  toLocalDateTimeInput,
  type ExamDraft,
} from '../../../client/src/features/exams/exam-draft.ts';
import { sameDraft } from '../../../client/src/lib/same-draft.ts';
import { examStatus } from '../../../client/src/features/exams/exam-labels.ts';
import { examEditorPath, examManagerPath } from '../../../client/src/features/exams/exam-paths.ts';
import { lastRefreshText, rankControls } from '../../../client/src/features/exams/exam-analytics-tab.tsx';
import { withSavedState } from '../../../client/src/features/exams/exam-editor.tsx';

function question(resId: string, text: string, correctAnswerIndex = 0) {
  return { ...newQuestion(), resId, question: text, options: ['Delhi', 'Mumbai', 'Kolkata', 'Chennai'], correctAnswerIndex };
}

const group: QuestionGroup = {
  resId: 'g1',
  title: 'General Knowledge',
  durationInMins: 40,
  hasTimeRestriction: false,
  questions: [question('q1', 'Capital of India?'), question('q2', 'Largest port?', 1)],
};

const exam: Exam = {
  _id: '6f1c4a52-6f0e-4b5e-9d8c-0c2b7d7e9a11',
  version: 3,
  updatedAt: '2026-11-21T10:00:00.000Z',
  templateId: 'mock-test',
  title: 'LD Clerk Mock Test 1',
  examType: 'freestyle',
  isPublished: false,
  publishMessage: '',
  hasPublishMessage: false,
  publishWarnings: ['No rate card: choose the subscription that gives access to this exam'],
  isVisible: true,
  publishDateTimeInMs: null,
  examCategoryKey: 'ld-clerk',
  examCourseTypeKey: null,
  showInRecentExams: true,
  masterSubscription: null,
  correctAnswerScore: 1,
  wrongAnswerScore: 0.33,
  unAnsweredScore: 0,
  isSticky: false,
  maxNumberOfAttempts: -1,
  totalMarks: 2,
  totalQuestions: 2,
  examDurationInMinutes: 75,
  description: 'Mostly previous-year question papers.',
  instructions: ['Each question carries one mark'],
  questionGroups: [group],
  isRankPublished: false,
  lastRankRefresh: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  hasTimeRestrictedGroup: false,
};

describe('exam draft', () => {
  it('keeps numbers as typed and sends them as numbers, in a value the shared schema accepts', () => {
    const draft = toDraft(exam);
    expect(draft.wrongAnswerScore).toBe('0.33');
    expect(draft.examCourseTypeKey).toBe('');
    expect(draft.questionGroups[0]!.durationInMins).toBe('40');
    const value = toExamValue({ ...draft, wrongAnswerScore: '.5', examDurationInMinutes: '90' });
    expect(value).toMatchObject({ wrongAnswerScore: 0.5, examDurationInMinutes: 90, examCategoryKey: 'ld-clerk', examCourseTypeKey: null });
    expect(value.questionGroups![0]!.durationInMins).toBe(40);
    expect(examValueSchema.safeParse(value).success).toBe(true);
  });

  it('sends showInRecentExams only for freestyle exams', () => {
    const draft = toDraft(exam);
    expect(toExamValue(draft).showInRecentExams).toBe(true);
    expect(toExamValue({ ...draft, examType: 'quiz' }).showInRecentExams).toBe(false);
  });

  it('tells an edited draft from the saved one, also deep inside a question', () => {
    const saved = toDraft(exam);
    expect(sameDraft(saved, toDraft(exam))).toBe(true);
    expect(sameDraft(saved, { ...saved, title: 'LD Clerk Mock Test 2' })).toBe(false);
    const edited = questionEdits.update(saved, 0, 1, { solution: 'Mumbai handles the most cargo' });
    expect(sameDraft(saved, edited)).toBe(false);
    // Typing a change and typing it back is no change.
    expect(sameDraft(saved, questionEdits.update(edited, 0, 1, { solution: '' }))).toBe(true);
  });

  it('keeps the parts an edit does not touch, so that unchanged questions are not drawn again', () => {
    const draft = groupEdits.add(toDraft(exam));
    const edited = questionEdits.update(draft, 0, 0, { tag1: 'Geography' });
    expect(edited.questionGroups[0]!.questions[1]).toBe(draft.questionGroups[0]!.questions[1]);
    expect(edited.questionGroups[1]).toBe(draft.questionGroups[1]);
  });

  it('reads a publish date and time as India time, into milliseconds and back', () => {
    const ms = fromLocalDateTimeInput('2026-12-01T09:30');
    expect(ms).toBe(Date.parse('2026-12-01T04:00:00Z'));
    expect(toLocalDateTimeInput(ms)).toBe('2026-12-01T09:30');
    expect(fromLocalDateTimeInput('')).toBeNull();
    expect(toLocalDateTimeInput(null)).toBe('');
    expect(fromLocalDateTimeInput('2026-02-31T09:30')).toBeNaN();
  });
});

describe('moving groups and questions', () => {
  it('moves an item up or down and leaves the list alone at its ends', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, -1)).toBe(list);
    expect(moveItem(list, 2, 1)).toBe(list);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('moves questions within their group and groups within the exam', () => {
    let draft = toDraft(exam);
    draft = questionEdits.move(draft, 0, 0, 1);
    expect(draft.questionGroups[0]!.questions.map((q) => q.resId)).toEqual(['q2', 'q1']);
    draft = groupEdits.add(draft);
    draft = groupEdits.update(draft, 1, { title: 'Mental Ability' });
    draft = groupEdits.move(draft, 1, -1);
    expect(draft.questionGroups.map((g) => g.title)).toEqual(['Mental Ability', 'General Knowledge']);
    expect(groupEdits.move(draft, 0, -1)).toBe(draft);
  });

  it('adds a group of 40 minutes without time restriction, and questions with four empty options and no answer', () => {
    let draft = groupEdits.add(toDraft({ ...exam, questionGroups: [] }));
    expect(draft.questionGroups[0]).toMatchObject({ title: '', durationInMins: '40', hasTimeRestriction: false, questions: [] });
    draft = questionEdits.add(draft, 0);
    expect(draft.questionGroups[0]!.questions[0]).toMatchObject({ options: ['', '', '', ''], correctAnswerIndex: -1, questionMimeType: 'text' });
    draft = questionEdits.remove(draft, 0, 0);
    expect(questionCount(draft)).toBe(0);
  });

  it('appends imported groups and gives a clashing id a new one', () => {
    const draft = toDraft(exam);
    const imported: QuestionGroup = { ...group, resId: 'g1', title: 'Imported', questions: [question('q1', 'Imported question')] };
    const next = groupEdits.append(draft, [imported]);
    expect(next.questionGroups).toHaveLength(2);
    const ids = next.questionGroups.flatMap((g) => [g.resId, ...g.questions.map((q) => q.resId)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(next.questionGroups[1]!.title).toBe('Imported');
    expect(next.questionGroups[1]!.durationInMins).toBe('40');
  });
});

describe('options', () => {
  it('keeps the correct answer on its option when another is removed, and clears it when its own is', () => {
    const q = question('q1', 'Capital of India?', 2);
    expect(removeOption(q, 0)).toMatchObject({ options: ['Mumbai', 'Kolkata', 'Chennai'], correctAnswerIndex: 1 });
    expect(removeOption(q, 3)).toMatchObject({ correctAnswerIndex: 2 });
    expect(removeOption(q, 2)).toMatchObject({ options: ['Delhi', 'Mumbai', 'Chennai'], correctAnswerIndex: -1 });
  });

  it('keeps at least two options and at most ten', () => {
    const two = { ...question('q1', 'True or false?'), options: ['True', 'False'] };
    expect(removeOption(two, 0)).toBe(two);
    let many = question('q2', 'Pick one');
    for (let i = 0; i < 10; i += 1) many = addOption(many);
    expect(many.options).toHaveLength(10);
  });
});

describe('checkDraft', () => {
  it('accepts a complete draft', () => {
    expect(checkDraft(toDraft(exam))).toEqual({ fields: {}, messages: [] });
  });

  it('says which field is wrong: blank numbers, a negative penalty, a blank title, a fractional count', () => {
    const draft: ExamDraft = { ...toDraft(exam), totalMarks: '', wrongAnswerScore: '-0.33', totalQuestions: '2.5' };
    const problems = checkDraft(draft);
    expect(problems.fields.totalMarks).toBe('Total marks: enter a number');
    expect(problems.fields.wrongAnswerScore).toBe(EXAM_MESSAGES.penaltyPositive);
    expect(problems.fields.totalQuestions).toBe('Total questions: enter a whole number');
    expect(checkDraft({ ...toDraft(exam), title: '  ' }).fields.title).toBe(EXAM_MESSAGES.titleRequired);
  });

  it('names the group of a bad duration and the question of a bad option list', () => {
    const draft = groupEdits.update(toDraft(exam), 0, { durationInMins: '0' });
    expect(checkDraft(draft).messages).toEqual(['Group 1 ("General Knowledge"): enter the duration in whole minutes (at least 1)']);
    const oneOption = questionEdits.update(toDraft(exam), 0, 1, { options: ['Only'] });
    expect(checkDraft(oneOption).messages).toEqual(['Group 1 ("General Knowledge"), question 2: A question needs at least two options']);
  });
});

describe('exam status', () => {
  it('shows Published, else the publish message in warning colour, else Unpublished in danger colour', () => {
    expect(examStatus({ isPublished: true, hasPublishMessage: false, publishMessage: '' })).toEqual({ text: 'Published', variant: 'success' });
    const message = 'Scheduled: students can start it from 1 Dec 2026, 09:30 IST';
    expect(examStatus({ isPublished: false, hasPublishMessage: true, publishMessage: message })).toEqual({ text: message, variant: 'warning' });
    expect(examStatus({ isPublished: false, hasPublishMessage: false, publishMessage: '' })).toEqual({ text: 'Unpublished', variant: 'destructive' });
  });

  it('takes the publish state of a save answer', () => {
    const draft = { ...toDraft(exam), title: ' LD Clerk Final ', isVisible: false };
    const next = withSavedState(exam, { version: 4, isPublished: false, publishWarnings: [], publishMessage: '', hasPublishMessage: false }, draft);
    expect(next).toMatchObject({ title: 'LD Clerk Final', isVisible: false, publishWarnings: [], isPublished: false });
  });
});

describe('rank controls', () => {
  it('allows a sync unless syncing or published, and a status change once synced and idle', () => {
    const idle = { syncing: false, changingStatus: false };
    expect(rankControls({ isRankPublished: false, lastRankRefresh: null }, idle)).toEqual({ canSync: true, canChangeStatus: false });
    expect(rankControls({ isRankPublished: false, lastRankRefresh: 1 }, idle)).toEqual({ canSync: true, canChangeStatus: true });
    expect(rankControls({ isRankPublished: true, lastRankRefresh: 1 }, idle)).toEqual({ canSync: false, canChangeStatus: true });
    expect(rankControls({ isRankPublished: false, lastRankRefresh: 1 }, { syncing: true, changingStatus: false })).toEqual({
      canSync: false,
      canChangeStatus: false,
    });
    expect(rankControls({ isRankPublished: false, lastRankRefresh: 1 }, { syncing: false, changingStatus: true })).toEqual({
      canSync: true,
      canChangeStatus: false,
    });
    expect(lastRefreshText(null)).toBe('Never synced');
  });
});

describe('exam paths', () => {
  it('builds the manager and editor paths, keeping type=v1', () => {
    expect(examManagerPath()).toBe('/admin/exams');
    expect(examManagerPath('mock-test')).toBe('/admin/exams/mock-test');
    expect(examEditorPath('abc')).toBe('/admin/exams/editor/abc/general');
    expect(examEditorPath('abc', { mode: 'analytics', embedded: true })).toBe('/admin/exams/editor/abc/analytics?type=v1');
  });
});
