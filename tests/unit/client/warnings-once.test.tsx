// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ErrorAlert } from '../../../client/src/components/error-alert.tsx';
import { NoticeModal } from '../../../client/src/components/notice-modal.tsx';
import { RESOLVE_WARNINGS_TEXT } from '../../../client/src/components/warnings-list.tsx';

afterEach(cleanup);

const ACTIVE = 'The active announcement cannot be deleted: deactivate it first';

describe('a has-warnings answer whose message is its warning', () => {
  it('shows the warning once, in the list under "Please resolve these warnings and try again" (modal)', () => {
    render(<NoticeModal notice={{ kind: 'error', title: 'Delete Warnings', text: ACTIVE, warnings: [ACTIVE] }} onClose={() => {}} />);
    expect(screen.getAllByText(ACTIVE)).toHaveLength(1);
    expect(screen.getByRole('listitem').textContent).toBe(ACTIVE);
    expect(screen.getByText(RESOLVE_WARNINGS_TEXT)).toBeTruthy();
  });

  it('keeps a message that says more than the warnings (alert)', () => {
    render(<ErrorAlert title="Delete Warnings" message="This file is still in use" warnings={['It is the poster of “Rivers of Kerala”']} />);
    expect(screen.getByText('This file is still in use')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows the warning once in an alert too', () => {
    render(<ErrorAlert title="Meeting link cannot be added" message={ACTIVE} warnings={[ACTIVE]} />);
    expect(screen.getAllByText(ACTIVE)).toHaveLength(1);
  });
});
