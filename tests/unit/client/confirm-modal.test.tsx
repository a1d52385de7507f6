// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { TRPCClientError } from '@trpc/client';
import { ConfirmModal } from '../../../client/src/components/confirm-modal.tsx';

afterEach(cleanup);

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const labels = {
  title: 'Logout Confirmation',
  text: 'Are you sure want to logout?',
  confirmLabel: 'Log Out',
  busyLabel: 'Signing off...',
  errorTitle: 'Logout Failed',
};

describe('ConfirmModal', () => {
  it('shows the busy label while the action runs, then closes', async () => {
    const user = userEvent.setup();
    const action = deferred();
    const onOpenChange = vi.fn();
    render(<ConfirmModal open onOpenChange={onOpenChange} {...labels} onConfirm={() => action.promise} />);
    expect(screen.getByRole('alertdialog', { name: 'Logout Confirmation' })).toBeTruthy();
    expect(screen.getByText('Are you sure want to logout?')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    const busy = screen.getByRole('button', { name: 'Signing off...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => action.resolve());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the failure inside and stays open', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <ConfirmModal
        open
        onOpenChange={onOpenChange}
        {...labels}
        onConfirm={() => Promise.reject(TRPCClientError.from({ error: { code: -32603, message: '', data: { httpStatus: 500 } } }))}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Logout Failed');
    expect(alert.textContent).toContain('Unknown error');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it('Cancel closes without running the action', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<ConfirmModal open onOpenChange={onOpenChange} {...labels} onConfirm={onConfirm} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
