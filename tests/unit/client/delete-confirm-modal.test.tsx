// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { DeleteConfirmModal } from '../../../client/src/components/delete-confirm-modal.tsx';

afterEach(cleanup);

const labels = { title: 'Delete Lecture', text: 'You are about to delete this lecture. Do you want to continue?', pauseMs: 0 };

describe('DeleteConfirmModal', () => {
  it('offers Close and Delete, deletes, then runs what follows and closes', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const onDeleted = vi.fn();
    const onOpenChange = vi.fn();
    render(<DeleteConfirmModal open onOpenChange={onOpenChange} {...labels} onDelete={onDelete} onDeleted={onDeleted} />);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(onDeleted).toHaveBeenCalledOnce();
  });

  it('shows "Deleting..." during the pause before the request', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    render(<DeleteConfirmModal open onOpenChange={vi.fn()} {...labels} pauseMs={50} onDelete={onDelete} onDeleted={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    await waitFor(() => expect(onDelete).toHaveBeenCalledOnce());
  });

  it('hands a failure to onFailure and closes, without running what follows a delete', async () => {
    const failure = new Error('in use');
    const onFailure = vi.fn();
    const onDeleted = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <DeleteConfirmModal open onOpenChange={onOpenChange} {...labels} onDelete={() => Promise.reject(failure)} onFailure={onFailure} onDeleted={onDeleted} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onFailure).toHaveBeenCalledWith(failure);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('without onFailure, shows the failure inside and stays open', async () => {
    const onOpenChange = vi.fn();
    render(
      <DeleteConfirmModal
        open
        onOpenChange={onOpenChange}
        {...labels}
        onDelete={() => Promise.reject(new Error('This exam cannot be deleted'))}
        describeError={(error) => ({ title: 'Delete Exam failed', message: (error as Error).message })}
        onDeleted={vi.fn()}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Delete Exam failed');
    expect(alert.textContent).toContain('This exam cannot be deleted');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
