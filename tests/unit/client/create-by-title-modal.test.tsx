// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { z } from 'zod';
import { addTexts, createByTitleModal } from '../../../client/src/components/create-by-title-modal.tsx';

afterEach(cleanup);

const schema = z.object({ title: z.string().trim().min(1, 'Title is required') });

function renderModal(open = true) {
  const create = vi.fn(async (title: string) => ({ _id: `id-of-${title}` }));
  const onOpenChange = vi.fn();
  const AddThing = createByTitleModal('AddThingModal', () => create, {
    ...addTexts('Rank File'),
    description: 'Give it a title.',
    placeholder: 'e.g. LDC 2026 rank list',
    schema,
    pathOf: (id) => `/admin/things/${id}`,
  });
  const view = render(<AddThing open={open} onOpenChange={onOpenChange} />);
  return { create, onOpenChange, AddThing, view };
}

describe('createByTitleModal', () => {
  it('names an "Add" dialog, its button, its error and its field after the noun', () => {
    expect(addTexts('Rank File')).toEqual({
      title: 'Add Rank File',
      submitLabel: 'Add Rank File',
      errorTitle: 'Rank File cannot be added',
      fieldId: 'new-rank-file-title',
    });
  });

  it("shows the schema's message for a blank title and creates nothing", async () => {
    const { create } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Add Rank File' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Add Rank File' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the item from the checked title, closes and opens its editor', async () => {
    const { create, onOpenChange } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Add Rank File' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title'), '  LDC-2026 ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Rank File' }));
    expect(create).toHaveBeenCalledWith('LDC-2026');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(window.location.pathname).toBe('/admin/things/id-of-LDC-2026');
  });
});
