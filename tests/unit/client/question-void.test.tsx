// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import type { Question } from '../../../shared/exams/exams.schema.ts';
import { QuestionEditor } from '../../../client/src/features/exams/question-editor.tsx';
import { VOIDED_EXPLANATION } from '../../../client/src/features/exams/voided-badge.tsx';
import { PLAIN_QUESTION } from '../../support/exam-factory.ts';

afterEach(cleanup);

let latest: Question;

function Harness() {
  const [question, setQuestion] = useState<Question>({
    resId: 'q12',
    question: 'Which district of Kerala is the largest by area?',
    options: ['Idukki', 'Palakkad', 'Wayanad', 'Malappuram'],
    correctAnswerIndex: 0,
    isVoided: false,
    ...PLAIN_QUESTION,
  });
  latest = question;
  return (
    <ul>
      <QuestionEditor
        question={question}
        index={0}
        count={1}
        groupLabel="General knowledge"
        expanded
        onToggle={() => {}}
        onChange={(_index, patch) => setQuestion((current) => ({ ...current, ...patch }))}
        onEdit={(_index, edit) => setQuestion(edit)}
        onMove={() => {}}
        onRemove={() => {}}
      />
    </ul>
  );
}

describe('Void this question', () => {
  it('voids and restores a question, with its explanation, and a voided one shows "Voided"', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const item = screen.getByRole('listitem', { name: 'Question 1 of General knowledge' });
    const voided = within(item).getByRole('switch', { name: 'Void this question' });
    expect(voided.getAttribute('aria-checked')).toBe('false');
    expect(within(item).getByText(VOIDED_EXPLANATION)).toBeTruthy();
    expect(within(item).queryByText('Voided')).toBeNull();

    await user.click(voided);
    expect(latest.isVoided).toBe(true);
    expect(voided.getAttribute('aria-checked')).toBe('true');
    expect(within(item).getByText('Voided').getAttribute('title')).toBe(VOIDED_EXPLANATION);

    await user.click(voided);
    expect(latest.isVoided).toBe(false);
    expect(within(item).queryByText('Voided')).toBeNull();
  });
});
