// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FormModal } from '../../../client/src/components/form-modal.tsx';

afterEach(cleanup);

describe('FormModal keeps what was typed', () => {
  it('stays open with the input after a refusal, and says it inside in the screen’s own words', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <FormModal
        open
        onOpenChange={onOpenChange}
        title="New Student"
        describeError={() => ({
          title: 'Warnings!',
          message: 'Taken',
          warnings: ['9847012345 is already on the list'],
          warningsIntro: 'Process failed, you may need to resolve below warnings before retrying',
        })}
        onSubmit={() => Promise.reject(new Error('Taken'))}
      >
        <label>
          Name
          <input name="name" />
        </label>
      </FormModal>,
    );
    await user.type(screen.getByLabelText('Name'), 'Anjali{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Warnings!');
    expect(alert.textContent).toContain('Process failed, you may need to resolve below warnings before retrying');
    expect(alert.textContent).toContain('9847012345 is already on the list');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Anjali');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('sends once when submitted twice before the busy state shows', async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <FormModal open onOpenChange={() => {}} title="Move Lecture" onSubmit={onSubmit}>
        <input aria-label="Position" />
      </FormModal>,
    );
    const form = screen.getByLabelText('Position').closest('form')!;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    expect(onSubmit).toHaveBeenCalledOnce();
    await act(async () => finish());
  });
});
