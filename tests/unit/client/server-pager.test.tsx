// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ServerPager } from '../../../client/src/components/server-pager.tsx';

afterEach(cleanup);

describe('ServerPager', () => {
  it('says there are none, not "Showing 0–0", and offers no other page', () => {
    render(<ServerPager page={1} pageSize={50} total={0} noun="comments" onPage={() => {}} />);
    expect(screen.getByText('No comments')).toBeTruthy();
    expect(screen.queryByText(/Showing/)).toBeNull();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts the rows of the page shown, in Indian digit groups, and moves a page at a time', async () => {
    const onPage = vi.fn();
    render(<ServerPager page={2} pageSize={50} total={123_456} noun="orders" onPage={onPage} />);
    expect(screen.getByText('Showing 51–100 of 1,23,456 orders')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2470')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('counts a short last page to the total', () => {
    render(<ServerPager page={3} pageSize={50} total={120} noun="students" onPage={() => {}} />);
    expect(screen.getByText('Showing 101–120 of 120 students')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
