// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ProcessStatus } from '../../../client/src/components/files/process-status.tsx';

afterEach(cleanup);

describe('ProcessStatus', () => {
  it('shows the state, its step of five and the percent while working', () => {
    render(<ProcessStatus state="processing" progress={{ processing: { total: 4, loaded: 1 } }} />);
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByText('Step 3 of 5')).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });

  it('shows Ready without a step or bar', () => {
    render(<ProcessStatus state="ready" progress={{}} />);
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(screen.queryByText(/Step/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows why a file failed', () => {
    render(<ProcessStatus state="failed" progress={{}} failureReason="The file has no video stream" />);
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('The file has no video stream')).toBeTruthy();
  });
});
