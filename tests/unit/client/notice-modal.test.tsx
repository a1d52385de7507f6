// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { NoticeModal } from '../../../client/src/components/notice-modal.tsx';

afterEach(cleanup);

describe('NoticeModal', () => {
  it('shows nothing without a notice', () => {
    render(<NoticeModal notice={null} onClose={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows a wait notice without a way to close it', async () => {
    const onClose = vi.fn();
    render(<NoticeModal notice={{ kind: 'wait', title: 'Requesting cancelation...' }} onClose={onClose} />);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Requesting cancelation...')).toBeTruthy();
    expect(within(dialog).queryByRole('button')).toBeNull();
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows an outcome with OK, and lists warnings under their introduction', async () => {
    const onClose = vi.fn();
    render(<NoticeModal notice={{ kind: 'error', title: 'Delete Failed', warnings: ['It is used by a course', 'It has comments'] }} onClose={onClose} />);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Please resolve these warnings and try again')).toBeTruthy();
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['It is used by a course', 'It has comments']);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
