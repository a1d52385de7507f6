// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FormModal } from '../../../client/src/components/form-modal.tsx';

afterEach(cleanup);

describe('FormModal', () => {
  it('submits with Enter, shows the busy label meanwhile and disables the fields', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <FormModal open onOpenChange={() => {}} title="Add Course" submitLabel="Add" busyLabel="Adding..." onSubmit={onSubmit}>
        <label>
          Title
          <input name="title" />
        </label>
      </FormModal>,
    );
    expect(screen.getByRole('dialog', { name: 'Add Course' })).toBeTruthy();
    await user.type(screen.getByLabelText('Title'), 'LD Clerk{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect((screen.getByRole('button', { name: 'Adding...' }) as HTMLButtonElement).disabled).toBe(true);
    // Inside the disabled fieldset the field cannot be edited while saving.
    expect(screen.getByLabelText('Title').matches(':disabled')).toBe(true);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('shows a failure inside, titled as asked', async () => {
    const user = userEvent.setup();
    render(
      <FormModal
        open
        onOpenChange={() => {}}
        title="Add Course"
        errorTitle="Course cannot be added"
        onSubmit={() => Promise.reject(new TypeError('Failed to fetch'))}
      >
        <span>fields</span>
      </FormModal>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Course cannot be added');
    expect(alert.textContent).toContain('Network error');
  });

  it('shows the busy state given from outside', () => {
    render(
      <FormModal open onOpenChange={() => {}} title="Duplicate Course" busy onSubmit={() => {}}>
        <span>fields</span>
      </FormModal>,
    );
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
