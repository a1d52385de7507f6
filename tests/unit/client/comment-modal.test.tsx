// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { COMMENT_MESSAGES, MAX_MESSAGE_LENGTH } from '../../../shared/comments/comments.schema.ts';
import { api } from '../../../client/src/lib/trpc.ts';
import { CommentModal } from '../../../client/src/features/comments/comment-modal.tsx';

afterEach(cleanup);

/** The Edit Comment modal with the console's real tRPC client; the educators call fails, the author is the comment's. */
function renderModal(message: string) {
  const fetch = vi.fn(async () => new Response('[]', { status: 500 }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = api.createClient({ links: [httpBatchLink({ url: 'http://console.test/trpc', fetch })] });
  const onSubmit = vi.fn(async () => {});
  render(
    <api.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <CommentModal mode="edit-comment" initial={{ displayName: 'Dr. Meera', message }} onOpenChange={() => {}} onSubmit={onSubmit} />
      </QueryClientProvider>
    </api.Provider>,
  );
  return { onSubmit, dialog: screen.getByRole('dialog', { name: 'Edit Comment' }) };
}

describe('CommentModal', () => {
  it('counts emoji as one character each, as the server does, and lets more be typed and saved', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = renderModal('😀'.repeat(1001));
    const field = within(dialog).getByLabelText(`Message (1001/${MAX_MESSAGE_LENGTH})`);
    expect(field.hasAttribute('maxlength')).toBe(false);
    await user.type(field, '😀');
    expect(within(dialog).getByLabelText(`Message (1002/${MAX_MESSAGE_LENGTH})`)).toBe(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ message: '😀'.repeat(1002) }));
  });

  it('refuses more than 2,000 characters before sending', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = renderModal('');
    const field = within(dialog).getByLabelText(`Message (0/${MAX_MESSAGE_LENGTH})`);
    fireEvent.change(field, { target: { value: '😀'.repeat(MAX_MESSAGE_LENGTH + 1) } });
    expect(within(dialog).getByLabelText(`Message (${MAX_MESSAGE_LENGTH + 1}/${MAX_MESSAGE_LENGTH})`)).toBe(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(COMMENT_MESSAGES.messageTooLong)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
