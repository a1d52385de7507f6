// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { EditorShell, type EditorShellProps, type ShellHeaderProps } from '../../../client/src/components/editor-shell/editor-shell.tsx';
import { STALE_SAVE_TITLE } from '../../../client/src/components/stale-save-alert.tsx';

// The header takes Ctrl+S on each of its renders: counting those counts the header's renders.
const headerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../client/src/lib/save-shortcut.ts', () => ({
  useSaveShortcut: () => {
    headerRenders.count += 1;
  },
}));

afterEach(cleanup);

const drafts = { hasChanges: false, staleSave: null, dismissStaleSave: () => {}, saveFailure: null, dismissSaveFailure: () => {} };
const header: ShellHeaderProps = { title: 'LD Clerk 2025', onTitleChange: () => {}, onSave: () => {}, backHref: '/admin/exams' };
const remove = { title: 'Delete Exam', text: 'You are about to delete this exam.', pauseMs: 0, onDelete: () => Promise.resolve(), onDeleted: () => {} };

function shell(props: Partial<EditorShellProps> = {}) {
  return (
    <EditorShell
      drafts={drafts}
      documentTitle="LD Clerk 2025"
      header={header}
      onReload={() => Promise.resolve()}
      leave={{ inside: () => true, thing: 'exam' }}
      remove={remove}
      {...props}
    >
      {props.children ?? <p>Fields</p>}
    </EditorShell>
  );
}

describe('EditorShell', () => {
  it('shows the header, the fields and the document title', () => {
    render(shell());
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeTruthy();
    expect(screen.getByText('Fields')).toBeTruthy();
    expect(document.title).toContain('LD Clerk 2025');
  });

  it('hides Back and Delete when embedded', () => {
    const { rerender } = render(shell());
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    rerender(shell({ embedded: true }));
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('asks before deleting, and tells a failed delete in a notice once the dialog has closed', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.reject(new Error('In use')));
    render(shell({ remove: { ...remove, onDelete, failureNotice: () => ({ kind: 'error', title: 'Delete Failed', text: 'In use' }) } }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete Exam' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(await screen.findByText('In use')).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Delete Exam' })).toBeNull();
  });

  it("offers to reload someone else's save", async () => {
    const onReload = vi.fn(() => Promise.resolve());
    render(shell({ onReload, drafts: { ...drafts, staleSave: { message: 'Asha saved this at 10:02', stale: {} as never } } }));
    expect(screen.getByText(STALE_SAVE_TITLE)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload their version' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('keeps the header as it is while only the fields change, when its props stay the same', () => {
    const { rerender } = render(shell({ children: <p>One</p> }));
    const before = headerRenders.count;
    rerender(shell({ children: <p>Two</p> }));
    expect(screen.getByText('Two')).toBeTruthy();
    expect(headerRenders.count).toBe(before);
    rerender(shell({ header: { ...header, title: 'LD Clerk 2026' }, children: <p>Two</p> }));
    expect(headerRenders.count).toBe(before + 1);
  });
});
