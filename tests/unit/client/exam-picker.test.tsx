// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import type { ExamListEntry } from '../../../shared/exams/exams.schema.ts';
import { api } from '../../../client/src/lib/trpc.ts';
import { ExamPicker, type ExamPickerProps } from '../../../client/src/features/exams/exam-picker.tsx';
import { pickerConfirmLabel, pickerTexts } from '../../../client/src/components/picker-dialog.tsx';

afterEach(cleanup);

function exam(index: number, overrides: Partial<ExamListEntry> = {}): ExamListEntry {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: `LD Clerk Mock Test ${index}`,
    templateId: 'mock-test',
    examType: 'freestyle',
    isPublished: false,
    isVisible: false,
    hasPublishMessage: false,
    publishMessage: '',
    masterSubscription: null,
    totalQuestions: 100,
    examDurationInMinutes: 75,
    createdAt: `2026-11-${String(10 + index).padStart(2, '0')}T09:30:00.000Z`,
    ...overrides,
  };
}

type Answer = { kind: 'network' } | { kind: 'error'; status: number; message: string } | { kind: 'ok'; exams: ExamListEntry[] };

/** The console's real tRPC client over a fetch that answers as told, one answer per call, recording when each came. */
function renderPicker(answers: Answer[], props: Partial<ExamPickerProps> = {}) {
  const calls: Array<{ url: string; at: number }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    calls.push({ url: String(input), at: Date.now() });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (answer.kind === 'network') throw new TypeError('Failed to fetch');
    if (answer.kind === 'error') {
      const body = [{ error: { message: answer.message, code: -32003, data: { code: 'FORBIDDEN', httpStatus: answer.status, type: 'forbidden' } } }];
      return new Response(JSON.stringify(body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify([{ result: { data: answer.exams } }]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const queryClient = new QueryClient();
  const client = api.createClient({ links: [httpBatchLink({ url: 'http://console.test/trpc', fetch })] });
  const onConfirm = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <api.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ExamPicker open onOpenChange={onOpenChange} selection="multiple" onConfirm={onConfirm} {...props} />
      </QueryClientProvider>
    </api.Provider>,
  );
  return { calls, onConfirm, onOpenChange };
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Exams to choose from' });
  return within(table.querySelector('tbody')!).queryAllByRole('row');
}

describe('ExamPicker', () => {
  it('lists five exams per page with title, status, created date and template type', async () => {
    renderPicker([{ kind: 'ok', exams: Array.from({ length: 7 }, (_, index) => exam(index + 1, index === 0 ? { isPublished: true } : {})) }]);
    expect(await screen.findByText('LD Clerk Mock Test 1')).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const first = bodyRows()[0]!;
    expect(within(first).getByRole('checkbox', { name: 'Select LD Clerk Mock Test 1' })).toBeTruthy();
    expect(first.textContent).toContain('Published');
    expect(first.textContent).toContain('Mock Tests');
    expect(first.textContent).toContain('2026');
    for (const heading of ['Title', 'Status', 'Created', 'Template Type']) {
      expect(screen.getByRole('columnheader', { name: heading })).toBeTruthy();
    }
  });

  it('selects several exams and hands them over in the list order', async () => {
    const user = userEvent.setup();
    const exams = [exam(1), exam(2), exam(3)];
    const { onConfirm, onOpenChange } = renderPicker([{ kind: 'ok', exams }]);
    await screen.findByText('LD Clerk Mock Test 1');
    const confirm = () => screen.getByRole('button', { name: /Select \d item\(s\)|Confirm Selection/ }) as HTMLButtonElement;
    expect(confirm().textContent).toBe('Confirm Selection');
    expect(confirm().disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select LD Clerk Mock Test 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select LD Clerk Mock Test 1' }));
    expect(confirm().textContent).toBe('Select 2 item(s)');
    await user.click(confirm());
    expect(onConfirm).toHaveBeenCalledWith([exams[0], exams[2]]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps one exam in single selection: ticking another replaces it', async () => {
    const user = userEvent.setup();
    const exams = [exam(1), exam(2)];
    const { onConfirm } = renderPicker([{ kind: 'ok', exams }], { selection: 'single', initialSelectedIds: [exams[0]!._id] });
    const first = (await screen.findByRole('checkbox', { name: 'Select LD Clerk Mock Test 1' })) as HTMLInputElement;
    expect(first.checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select LD Clerk Mock Test 2' }));
    expect(first.checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Select 1 item(s)' }));
    expect(onConfirm).toHaveBeenCalledWith([exams[1]]);
  });

  it('asks again one second after a failed load, and then lists the exams', async () => {
    const { calls } = renderPicker([{ kind: 'network' }, { kind: 'ok', exams: [exam(1)] }]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Fetching exams failed');
    expect(alert.textContent).toContain('Network error');
    expect(await screen.findByText('LD Clerk Mock Test 1', undefined, { timeout: 3000 })).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[0]!.url).toContain('exams.list');
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask again when the server refuses, and offers to try again', async () => {
    const user = userEvent.setup();
    const { calls } = renderPicker([
      { kind: 'error', status: 403, message: 'This screen is not available to your role' },
      { kind: 'ok', exams: [exam(1)] },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This screen is not available to your role');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('LD Clerk Mock Test 1')).toBeTruthy());
    expect(calls).toHaveLength(2);
  });

  it('titles a picker by its kind of item and the selection, with the article the name asks for', () => {
    expect(pickerTexts('single', 'Exam', 'Exams')).toEqual({ title: 'Select an Exam', description: 'Tick the exam to use.' });
    expect(pickerTexts('multiple', 'Exam', 'Exams')).toEqual({ title: 'Select Exams', description: 'Tick every exam to add.' });
    expect(pickerTexts('single', 'Rank File', 'Rank Files')).toEqual({ title: 'Select a Rank File', description: 'Tick the rank file to use.' });
    expect(pickerTexts('multiple', 'Lecture', 'Lectures')).toEqual({ title: 'Select Lectures', description: 'Tick every lecture to add.' });
  });

  it('names the confirm button by the selection', () => {
    expect(pickerConfirmLabel(0)).toBe('Confirm Selection');
    expect(pickerConfirmLabel(1)).toBe('Select 1 item(s)');
    expect(pickerConfirmLabel(12)).toBe('Select 12 item(s)');
  });
});
