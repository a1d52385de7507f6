// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import { ListPage, type ListQuery } from '../../../client/src/components/list-page.tsx';

afterEach(cleanup);

interface Row {
  id: string;
  title: string;
}

const columns: ColumnDef<Row, unknown>[] = [{ id: 'title', accessorKey: 'title', header: 'Title' }];

function query(state: Partial<ListQuery<Row>>): ListQuery<Row> {
  return { data: undefined, isPending: false, isError: false, error: null, refetch: () => Promise.resolve(), ...state };
}

function renderPage(state: ListQuery<Row>, extra: { onCreate?: () => void } = {}) {
  return render(
    <ListPage
      heading="Course Manager"
      description="Courses students buy."
      actions={<button onClick={extra.onCreate}>Add Course</button>}
      query={state}
      failureTitle="Fetching course failed"
      label="Courses"
      columns={columns}
      filterColumns={['title']}
      emptyMessage="No courses yet"
      getRowId={(row) => row.id}
      dialogs={<div role="dialog" aria-label="Add course dialog" />}
    >
      <nav aria-label="Kinds" />
    </ListPage>,
  );
}

describe('ListPage', () => {
  it('shows the heading, its actions, what sits above the table, the rows and the dialogs', async () => {
    const onCreate = vi.fn();
    renderPage(
      query({
        data: [
          { id: 'c1', title: 'LDC 2026' },
          { id: 'c2', title: 'VEO crash course' },
        ],
      }),
      { onCreate },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Course Manager' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Kinds' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add course dialog' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Courses' });
    expect(within(table).getByText('LDC 2026')).toBeTruthy();
    expect(within(table).getByText('VEO crash course')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Course' }));
    expect(onCreate).toHaveBeenCalledOnce();
  });

  it('says the screen\'s failure title with the server\'s message, and "Try again" loads again', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    renderPage(query({ isError: true, error: new Error('Database unavailable'), refetch }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Fetching course failed');
    expect(alert.textContent).toContain('Database unavailable');
    expect(within(screen.getByRole('table', { name: 'Courses' })).getByText('No courses yet')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the table as loading until the first answer', () => {
    renderPage(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toContain('Loading');
  });
});
