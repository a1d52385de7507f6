// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import type { BulkResult } from '../../../shared/bulk/bulk.schema.ts';
import type { BulkRequest } from '../../../client/src/components/bulk/bulk-actions-bar.tsx';
import { ListPage } from '../../../client/src/components/list-page.tsx';

afterEach(cleanup);

interface Row {
  _id: string;
  title: string;
}

const columns: ColumnDef<Row, unknown>[] = [{ id: 'title', accessorKey: 'title', header: 'Title' }];
const rows: Row[] = Array.from({ length: 12 }, (_, index) => ({ _id: `id-${index + 1}`, title: `Lecture ${index + 1}` }));

function renderList(run: (request: BulkRequest) => Promise<BulkResult>, listFilter?: Record<string, string>) {
  const onSettled = vi.fn();
  const page = (filter?: Record<string, string>) => (
    <ListPage
      heading="Lectures"
      description="All of them."
      query={{ data: rows, isPending: false, isError: false, error: null, refetch: () => Promise.resolve() }}
      failureTitle="Fetching failed"
      label="Lectures"
      columns={columns}
      bulk={{ noun: { one: 'lecture', many: 'lectures' }, actions: ['publish', 'delete'], run, onSettled, ...(filter ? { listFilter: filter } : {}) }}
    />
  );
  const view = render(page(listFilter));
  return { onSettled, rerender: (filter: Record<string, string>) => view.rerender(page(filter)) };
}

const bar = () => screen.getByRole('toolbar', { name: 'Bulk actions' });

describe('bulk actions on a list', () => {
  it('sends the checked ids and shows each refused row with its reason', async () => {
    const run = vi.fn(async (): Promise<BulkResult> => ({
      results: [
        { id: 'id-1', title: 'Lecture 1', outcome: 'done' },
        { id: 'id-2', title: 'Lecture 2', outcome: 'refused', message: 'The lecture stays offline: No lecturer' },
      ],
      done: 1,
      refused: 1,
      missing: 0,
    }));
    const { onSettled } = renderList(run);
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lecture 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lecture 2' }));
    expect(bar().textContent).toContain('2 lectures selected');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Publish' }));
    expect(run).toHaveBeenCalledWith({ action: 'publish', ids: ['id-1', 'id-2'] });
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish: 1 of 2 lectures done' });
    expect(dialog.textContent).toContain('Lecture 2: The lecture stays offline: No lecturer');
    expect(onSettled).toHaveBeenCalled();
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
  });

  it("offers 'all matching' once the page is checked, sends the filter with the list's own, and a changed filter clears it", async () => {
    const run = vi.fn(async (): Promise<BulkResult> => ({ results: [], done: 0, refused: 0, missing: 0 }));
    const { rerender } = renderList(run, { templateId: 'mock-test' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter Title' }), 'Lecture');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select the rows of this page' }));
    expect(bar().textContent).toContain('10 lectures selected');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Select all 12 lectures matching' }));
    expect(bar().textContent).toContain('All 12 lectures matching selected');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 12 lectures' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(run).toHaveBeenCalledWith({ action: 'delete', matching: { title: 'Lecture', templateId: 'mock-test' } });

    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lecture 3' }));
    expect(bar().textContent).toContain('1 lecture selected');
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter Title' }), ' 1');
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lecture 1' }));
    rerender({ templateId: 'regular' });
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
  });
});
