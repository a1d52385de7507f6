// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { EXAM_MESSAGES } from '../../../shared/exams/exam.constants.ts';
import { api } from '../../../client/src/lib/trpc.ts';
import { CreateExamModal } from '../../../client/src/features/exams/create-exam-modal.tsx';

afterEach(cleanup);

/** The modal with the console's real tRPC client; these tests never get as far as the server. */
function renderModal() {
  const fetch = vi.fn(async () => new Response('[]', { status: 500 }));
  const queryClient = new QueryClient();
  const client = api.createClient({ links: [httpBatchLink({ url: 'http://console.test/trpc', fetch })] });
  render(
    <api.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <CreateExamModal open onOpenChange={() => {}} />
      </QueryClientProvider>
    </api.Provider>,
  );
  return { fetch };
}

describe('CreateExamModal', () => {
  it('clears the title error as soon as a title is typed', async () => {
    const user = userEvent.setup();
    const { fetch } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Create Exam' });
    const title = within(dialog).getByLabelText('Title');
    await user.click(within(dialog).getByRole('button', { name: 'Create Exam' }));
    expect(within(dialog).getByText(EXAM_MESSAGES.titleRequired)).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    await user.type(title, 'L');
    expect(within(dialog).queryByText(EXAM_MESSAGES.titleRequired)).toBeNull();
    expect(title.getAttribute('aria-invalid')).toBe('false');
  });

  it('clears the template error once a template is chosen', async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Create Exam' });
    const template = within(dialog).getByLabelText('Template');
    await user.type(within(dialog).getByLabelText('Title'), 'LD Clerk Mock Test 12');
    await user.selectOptions(template, '');
    await user.click(within(dialog).getByRole('button', { name: 'Create Exam' }));
    expect(within(dialog).getByText(EXAM_MESSAGES.templateRequired)).toBeTruthy();

    await user.selectOptions(template, 'regular');
    expect(within(dialog).queryByText(EXAM_MESSAGES.templateRequired)).toBeNull();
  });
});
