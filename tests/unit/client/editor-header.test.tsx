// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { EditorHeader } from '../../../client/src/components/editor-header.tsx';
import { OFFLINE_WARNINGS_TEXT } from '../../../client/src/components/offline-warnings.tsx';

afterEach(cleanup);

const base = { title: 'LD Clerk 2025', onTitleChange: () => {}, onSave: () => {} };

function saveButton() {
  return screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
}

describe('EditorHeader', () => {
  it('disables Save while nothing is unsaved', () => {
    render(<EditorHeader {...base} hasChanges={false} />);
    expect(saveButton().disabled).toBe(true);
  });

  it('enables Save once something changed, and saves on click', async () => {
    const onSave = vi.fn();
    render(<EditorHeader {...base} hasChanges onSave={onSave} />);
    expect(saveButton().disabled).toBe(false);
    await userEvent.setup().click(saveButton());
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('reports title edits and shows the status', async () => {
    const onTitleChange = vi.fn();
    render(<EditorHeader {...base} title="" onTitleChange={onTitleChange} hasChanges={false} status={{ text: 'Unpublished', variant: 'destructive' }} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Title' }), 'A');
    expect(onTitleChange).toHaveBeenCalledWith('A');
    expect(screen.getByText('Unpublished')).toBeTruthy();
  });

  it('hides the delete button with hideDelete (type=v1)', () => {
    const { rerender } = render(<EditorHeader {...base} hasChanges={false} onDelete={() => {}} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    rerender(<EditorHeader {...base} hasChanges={false} onDelete={() => {}} hideDelete />);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows extra actions', () => {
    render(<EditorHeader {...base} hasChanges={false} actions={<button type="button">Send Notification</button>} />);
    expect(screen.getByRole('button', { name: 'Send Notification' })).toBeTruthy();
  });

  it('lists the warnings in a red panel only when the item is visible and has warnings', () => {
    const warnings = ['Add at least one subject', 'Set a rate card'];
    const { rerender } = render(<EditorHeader {...base} hasChanges={false} isVisible={false} warnings={warnings} />);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<EditorHeader {...base} hasChanges={false} isVisible warnings={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<EditorHeader {...base} hasChanges={false} isVisible warnings={warnings} />);
    const panel = screen.getByRole('alert', { name: 'Lecture Offline!' });
    expect(panel.textContent).toContain(OFFLINE_WARNINGS_TEXT);
    expect(panel.textContent).toContain('Add at least one subject');
    expect(panel.textContent).toContain('Set a rate card');

    rerender(<EditorHeader {...base} hasChanges={false} isVisible warnings={warnings} offlineTitle="Course Offline!" />);
    expect(screen.getByRole('alert', { name: 'Course Offline!' })).toBeTruthy();
  });

  it('keeps the title, Save, Delete and Back in a band that sticks to the top of the window, and the warnings out of it', () => {
    render(<EditorHeader {...base} hasChanges={false} onDelete={() => {}} backHref="/admin/exams" isVisible warnings={['Set a rate card']} />);
    const band = screen.getByRole('button', { name: 'Save' }).closest('.sticky');
    expect(band).not.toBeNull();
    expect(band!.className).toMatch(/\btop-0\b/);
    for (const control of [
      screen.getByRole('textbox', { name: 'Title' }),
      screen.getByRole('button', { name: 'Delete' }),
      screen.getByRole('link', { name: 'Back' }),
    ]) {
      expect(band!.contains(control)).toBe(true);
    }
    // A long list of warnings must not stay over the page.
    expect(band!.contains(screen.getByRole('alert'))).toBe(false);
  });
});
