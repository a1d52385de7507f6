// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import type { Exam, QuestionGroup } from '../../../shared/exams/exams.schema.ts';
import { toDraft, type ExamDraft } from '../../../client/src/features/exams/exam-draft.ts';
import { ExamQuestionsTab } from '../../../client/src/features/exams/exam-questions-tab.tsx';
import { PLAIN_QUESTION } from '../../support/exam-factory.ts';

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

/** `groups` groups of `perGroup` questions, numbered through the exam ("Question text 57"). */
function groupsOf(groups: number, perGroup: number): QuestionGroup[] {
  return Array.from({ length: groups }, (_, groupIndex) => ({
    resId: `g${groupIndex + 1}`,
    title: `Part ${groupIndex + 1}`,
    durationInMins: 40,
    hasTimeRestriction: false,
    questions: Array.from({ length: perGroup }, (_, questionIndex) => {
      const number = groupIndex * perGroup + questionIndex + 1;
      return {
        resId: `q${number}`,
        question: `Question text ${number}: which river flows through district ${number}?`,
        options: ['Periyar', 'Bharathapuzha', 'Pamba', 'Chaliyar'],
        correctAnswerIndex: number % 4,
        isVoided: false,
        ...PLAIN_QUESTION,
      };
    }),
  }));
}

function Harness({ questionGroups = [] }: { questionGroups?: QuestionGroup[] }) {
  const [draft, setDraft] = useState(() => toDraft({ ...exam, questionGroups }));
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

/**
 * The open questions' text fields, by their labels. Testing Library's *ByLabelText looks up every
 * label of the page for each element, which takes jsdom tens of seconds over twenty open questions
 * on a busy machine; the labels themselves say the same.
 */
function openQuestionLabels(): HTMLLabelElement[] {
  return [...document.querySelectorAll('label')].filter((label) => label.textContent === 'Question' && document.getElementById(label.htmlFor));
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
    expect(latest.questionGroups[0]!.questions[0]).toMatchObject({
      question: 'Next in 2, 4, 8, ...?',
      options: ['12', '14', '16', '18'],
      correctAnswerIndex: 2,
    });

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

  describe('in a long exam', () => {
    const scrolled: Element[] = [];
    beforeEach(() => {
      scrolled.length = 0;
      // jsdom lays nothing out; record what the tab asks to bring into view.
      Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
        scrolled.push(this);
      });
    });

    it('starts every question of a 25-question exam collapsed to one line with its number and the start of its text', async () => {
      render(<Harness questionGroups={groupsOf(1, 25)} />);
      const items = within(screen.getByRole('group', { name: 'Part 1' })).getAllByRole('listitem');
      expect(items).toHaveLength(25);
      expect(openQuestionLabels()).toHaveLength(0);
      expect(items[6]!.textContent).toContain('Q7.');
      expect(items[6]!.textContent).toContain('Question text 7: which river');
      expect(within(items[6]!).getByRole('button', { name: 'Expand Question 7 of Part 1' }).getAttribute('aria-expanded')).toBe('false');

      // The one-line summary itself opens the question.
      await userEvent.setup().click(within(items[6]!).getByText(/Question text 7:/));
      expect((within(items[6]!).getByLabelText('Question') as HTMLTextAreaElement).value).toBe('Question text 7: which river flows through district 7?');
    });

    // Twenty open question forms take jsdom a while on a busy machine.
    it('starts an exam of 20 questions open', { timeout: 120_000 }, () => {
      render(<Harness questionGroups={groupsOf(2, 10)} />);
      expect(openQuestionLabels()).toHaveLength(20);
    });

    it('jumps to question 57 of 100, counted through the groups: opens it and brings it into view', async () => {
      const user = userEvent.setup();
      render(<Harness questionGroups={groupsOf(4, 25)} />);
      const jump = screen.getByRole('spinbutton', { name: 'Jump to question' });
      await user.type(jump, '57{Enter}');

      const target = within(screen.getByRole('group', { name: 'Part 3' })).getByRole('listitem', { name: 'Question 7 of Part 3' });
      expect((within(target).getByLabelText('Question') as HTMLTextAreaElement).value).toContain('Question text 57:');
      expect(scrolled).toContain(target);
      expect(document.activeElement).toBe(within(target).getByRole('button', { name: 'Collapse Question 7 of Part 3' }));
      // Only the question asked for opened.
      expect(openQuestionLabels()).toHaveLength(1);
      // Rows carry their number in the whole exam, so 57 can be found by eye too.
      expect(within(target).getByText('No. 57')).toBeTruthy();

      await user.clear(jump);
      await user.type(jump, '101{Enter}');
      expect(screen.getByText('Enter a question number from 1 to 100.')).toBeTruthy();
      expect(jump.getAttribute('aria-invalid')).toBe('true');
      await user.clear(jump);
      await user.type(jump, '3');
      expect(screen.queryByText('Enter a question number from 1 to 100.')).toBeNull();
    });

    it('expands and collapses every question of the exam at once', { timeout: 120_000 }, async () => {
      const user = userEvent.setup();
      render(<Harness questionGroups={groupsOf(2, 11)} />);
      expect(openQuestionLabels()).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Expand all questions' }));
      expect(openQuestionLabels()).toHaveLength(22);
      await user.click(screen.getByRole('button', { name: 'Collapse all questions' }));
      expect(openQuestionLabels()).toHaveLength(0);
    });
  });
});
