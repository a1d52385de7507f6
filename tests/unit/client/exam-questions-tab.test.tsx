// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import type { Exam } from '../../../shared/exams/exams.schema.ts';
import { toDraft, type ExamDraft } from '../../../client/src/features/exams/exam-draft.ts';
import { ExamQuestionsTab } from '../../../client/src/features/exams/exam-questions-tab.tsx';

afterEach(cleanup);

const exam = {
  _id: 'e1',
  templateId: 'regular',
  title: 'Village Officer Test',
  examType: 'freestyle',
  isPublished: false,
  publishMessage: '',
  hasPublishMessage: false,
  publishWarnings: [],
  isVisible: false,
  publishDateTimeInMs: null,
  examCategoryKey: null,
  examCourseTypeKey: null,
  showInRecentExams: false,
  masterSubscription: null,
  correctAnswerScore: 1,
  wrongAnswerScore: 0,
  unAnsweredScore: 0,
  isSticky: false,
  maxNumberOfAttempts: -1,
  totalMarks: 0,
  totalQuestions: 0,
  examDurationInMinutes: 0,
  description: '',
  instructions: [],
  questionGroups: [],
  isRankPublished: false,
  lastRankRefresh: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  hasTimeRestrictedGroup: false,
  version: 1,
  updatedAt: '2026-11-21T10:00:00.000Z',
} satisfies Exam;

let latest: ExamDraft;

function Harness() {
  const [draft, setDraft] = useState(() => toDraft(exam));
  latest = draft;
  return <ExamQuestionsTab draft={draft} update={(change) => setDraft(change)} onUploadBusyChange={() => {}} />;
}

async function addQuestion(user: ReturnType<typeof userEvent.setup>, group: string, text: string) {
  await user.click(screen.getByRole('button', { name: `Add question to ${group}` }));
  const items = within(screen.getByRole('group', { name: group })).getAllByRole('listitem');
  const item = items[items.length - 1]!;
  await user.type(within(item).getByLabelText('Question'), text);
  return item;
}

describe('ExamQuestionsTab', () => {
  it('adds a group of 40 minutes and questions with four options; the radio chooses the correct one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText(/No question groups yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect((screen.getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('40');
    expect(screen.getByRole('switch', { name: 'Time restriction' }).getAttribute('aria-checked')).toBe('false');
    await user.type(screen.getByLabelText('Group 1 title'), 'Mental Ability');

    const item = await addQuestion(user, 'Mental Ability', 'Next in 2, 4, 8, ...?');
    const options = within(item).getAllByRole('textbox', { name: /^Option [A-Z]$/ });
    expect(options).toHaveLength(4);
    for (const [index, value] of ['12', '14', '16', '18'].entries()) await user.type(options[index]!, value);
    expect(within(item).getByText('No correct answer')).toBeTruthy();
    await user.click(within(item).getByRole('radio', { name: 'Option C is correct' }));
    expect(within(item).getByText('Answer C')).toBeTruthy();
    expect(latest.questionGroups[0]!.questions[0]).toMatchObject({ question: 'Next in 2, 4, 8, ...?', options: ['12', '14', '16', '18'], correctAnswerIndex: 2 });

    // Removing an option before the correct one keeps the answer on "16", now option B.
    await user.click(within(item).getByRole('button', { name: 'Remove option A' }));
    expect(within(item).getByText('Answer B')).toBeTruthy();
    expect(latest.questionGroups[0]!.questions[0]!.options).toEqual(['14', '16', '18']);
    await user.click(within(item).getByRole('button', { name: 'Add option' }));
    expect(within(item).getAllByRole('textbox', { name: /^Option [A-Z]$/ })).toHaveLength(4);
  });

  it('moves questions and groups up and down', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await user.type(screen.getByLabelText('Group 1 title'), 'History');
    await addQuestion(user, 'History', 'First');
    await addQuestion(user, 'History', 'Second');
    expect(screen.getByRole('button', { name: 'Move Question 1 of History up' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Question 2 of History up' }));
    expect(latest.questionGroups[0]!.questions.map((q) => q.question)).toEqual(['Second', 'First']);
    await user.click(screen.getByRole('button', { name: 'Move Question 1 of History down' }));
    expect(latest.questionGroups[0]!.questions.map((q) => q.question)).toEqual(['First', 'Second']);

    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await user.type(screen.getByLabelText('Group 2 title'), 'Geography');
    await user.click(screen.getByRole('button', { name: 'Move Geography up' }));
    expect(latest.questionGroups.map((g) => g.title)).toEqual(['Geography', 'History']);
    expect(screen.getByRole('button', { name: 'Move Geography up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move History down' }).hasAttribute('disabled')).toBe(true);
  });

  it('removes an empty group at once and asks before removing one with questions', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await user.click(screen.getByRole('button', { name: 'Remove Group 1' }));
    expect(latest.questionGroups).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await user.type(screen.getByLabelText('Group 1 title'), 'Science');
    await addQuestion(user, 'Science', 'Boiling point of water?');
    await user.click(screen.getByRole('button', { name: 'Remove Science' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove group' });
    expect(confirm.textContent).toContain('Science has 1 question(s)');
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(latest.questionGroups).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove Science' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove group' })).getByRole('button', { name: 'Remove' }));
    expect(latest.questionGroups).toHaveLength(0);
  });
});
