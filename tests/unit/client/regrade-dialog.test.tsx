// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { REGRADE_MESSAGES, type RegradeDryRun } from '../../../shared/exams/regrade.schema.ts';
import { api } from '../../../client/src/lib/trpc.ts';
import { RegradeDialog, type RegradeRequest } from '../../../client/src/features/exams/regrade-dialog.tsx';

afterEach(cleanup);

const DRY_RUN: RegradeDryRun = {
  changes: [{ kind: 'key', questionResId: 'q3', questionNumber: 3, field: null, from: 0, to: 1, label: 'Question 3: the answer is B (it was A)' }],
  summary: { attempts: 4, changedAttempts: 3, up: 2, down: 1, maxGain: 1.33, maxLoss: -1.33, averageChange: 0.44, inProgress: 1, ranked: 4, moved: 4 },
  byChange: [
    { change: 1.33, attempts: 2 },
    { change: -1.33, attempts: 1 },
  ],
  movesUp: [{ userId: 'd', name: 'Deepak', rankBefore: 3, rankAfter: 1, scoreBefore: 0.67, scoreAfter: 2 }],
  movesDown: [{ userId: 'a', name: 'Anjali', rankBefore: 1, rankAfter: 3, scoreBefore: 3, scoreAfter: 1.67 }],
  topBefore: [{ userId: 'a', name: 'Anjali', rank: 1, score: 3 }],
  topAfter: [{ userId: 'd', name: 'Deepak', rank: 1, score: 2 }],
};

const REQUEST: RegradeRequest = { value: { title: 'Regrade mock' }, version: 7, attempts: 4 };

/** The dialog with the console's real tRPC client over a fetch answering the dry runs as told, in turn. */
function renderDialog(answers: Array<'network' | 'ok'>, onApply: (reason: string) => Promise<unknown>) {
  let call = 0;
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    const answer = answers[Math.min(call++, answers.length - 1)];
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify([{ result: { data: DRY_RUN } }]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const queryClient = new QueryClient();
  const client = api.createClient({ links: [httpBatchLink({ url: 'http://console.test/trpc', fetch })] });
  render(
    <api.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RegradeDialog examId="exam-1" request={REQUEST} onClose={() => {}} onApply={onApply} />
      </QueryClientProvider>
    </api.Provider>,
  );
  return { bodies, dialog: screen.getByRole('dialog', { name: 'Regrade' }) };
}

function refused(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32600, message, data: { httpStatus: 400, ...data } } });
}

describe('RegradeDialog', () => {
  it('runs the dry run with the draft and its version; a failed one says so and is tried again', async () => {
    const user = userEvent.setup();
    const { bodies, dialog } = renderDialog(['network', 'ok'], () => Promise.resolve());
    expect(await within(dialog).findByText('The dry run failed')).toBeTruthy();
    expect(within(dialog).getByText('Network error')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply regrade' }).hasAttribute('disabled')).toBe(true);
    expect(bodies[0]).toEqual({ 0: { id: 'exam-1', value: { title: 'Regrade mock' }, version: 7 } });

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Question 3: the answer is B (it was A)')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Most common score changes' }).textContent).toBe('+1.33: 2 attempts-1.33: 1 attempt');
    expect(bodies).toHaveLength(2);
  });

  it('applies once however often Apply is clicked, and shows a refused reason under its field', async () => {
    const user = userEvent.setup();
    let reject: (error: unknown) => void = () => {};
    const onApply = vi.fn(() => new Promise((_, fail) => (reject = fail)));
    const { dialog } = renderDialog(['ok'], onApply);
    await within(dialog).findByText('Question 3: the answer is B (it was A)');
    const apply = within(dialog).getByRole('button', { name: 'Apply regrade' });
    await user.type(within(dialog).getByLabelText('Reason students will read'), 'Key corrected');
    expect(within(dialog).getByText('13 / 500')).toBeTruthy();
    await user.click(apply);
    await user.click(within(dialog).getByRole('button', { name: 'Applying...' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith('Key corrected');

    reject(refused(REGRADE_MESSAGES.reasonRequired, { type: 'validation', issues: [{ field: 'reason', message: REGRADE_MESSAGES.reasonRequired }] }));
    expect(await within(dialog).findByText(REGRADE_MESSAGES.reasonRequired)).toBeTruthy();
    const field = within(dialog).getByLabelText('Reason students will read');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(within(dialog).queryByText('Regrade failed')).toBeNull();

    // Any other refusal is shown above the buttons, and Apply can be tried again.
    await user.click(within(dialog).getByRole('button', { name: 'Apply regrade' }));
    reject(refused('Asha saved this exam at 10:02, after you opened it.', { type: 'conflict' }));
    expect(await within(dialog).findByText('Regrade failed')).toBeTruthy();
    expect(within(dialog).getByText('Asha saved this exam at 10:02, after you opened it.')).toBeTruthy();
    expect(onApply).toHaveBeenCalledTimes(2);
  });
});
