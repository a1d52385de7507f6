// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import { ListPage, type AddDialogProps, type ListQuery } from '../../../client/src/components/list-page.tsx';

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

  it('filters by title unless told otherwise', async () => {
    const byIdColumns: ColumnDef<{ _id: string; title: string }, unknown>[] = [{ id: 'title', accessorKey: 'title', header: 'Title' }];
    const rows = [
      { _id: 'c1', title: 'LDC 2026' },
      { _id: 'c2', title: 'VEO crash course' },
    ];
    const state = { data: rows, isPending: false, isError: false, error: null, refetch: () => Promise.resolve() };
    render(
      <ListPage heading="Course Manager" description="Courses." query={state} failureTitle="Fetching course failed" label="Courses" columns={byIdColumns} />,
    );
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Filter Title' }), 'veo');
    const table = screen.getByRole('table', { name: 'Courses' });
    expect(within(table).queryByText('LDC 2026')).toBeNull();
    expect(within(table).getByText('VEO crash course')).toBeTruthy();
  });

  it('puts the Add button after the other actions and opens its dialog, and leaves it out when adding is not allowed', async () => {
    function AddDialog({ open, onOpenChange }: AddDialogProps) {
      return open ? (
        <div role="dialog" aria-label="Add Course">
          <button onClick={() => onOpenChange(false)}>Close</button>
        </div>
      ) : null;
    }
    const page = (add: { label: string; Dialog: typeof AddDialog } | false) => (
      <ListPage
        heading="Course Manager"
        description="Courses."
        actions={<button>Copy Course</button>}
        add={add}
        query={query({ data: [] })}
        failureTitle="Fetching course failed"
        label="Courses"
        columns={columns}
      />
    );
    const { rerender } = render(page({ label: 'Add Course', Dialog: AddDialog }));
    expect(screen.getAllByRole('button', { name: /Course$/ }).map((button) => button.textContent)).toEqual(['Copy Course', 'Add Course']);
    expect(screen.queryByRole('dialog', { name: 'Add Course' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Course' }));
    expect(screen.getByRole('dialog', { name: 'Add Course' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Add Course' })).toBeNull();
    rerender(page(false));
    expect(screen.queryByRole('button', { name: 'Add Course' })).toBeNull();
  });
});
