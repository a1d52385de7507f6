// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../client/src/components/data-table.tsx';

afterEach(cleanup);

interface Course {
  id: string;
  title: string;
  status: string;
}

const columns: ColumnDef<Course, string>[] = [
  { id: 'title', accessorKey: 'title', header: 'Title' },
  { id: 'status', accessorKey: 'status', header: 'Status' },
];

function courses(count: number): Course[] {
  return Array.from({ length: count }, (_, index) => ({ id: `c${index + 1}`, title: `Course ${index + 1}`, status: 'Published' }));
}

/** Body rows a person sees (padding rows are hidden from assistive technology). */
function dataRows(table: HTMLElement) {
  const body = table.querySelector('tbody')!;
  return within(body).queryAllByRole('row');
}

function allBodyRows(table: HTMLElement) {
  return table.querySelectorAll('tbody tr');
}

describe('DataTable', () => {
  it('shows ten rows per page by default and pages through the rest', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Courses" columns={columns} data={courses(23)} />);
    const table = screen.getByRole('table', { name: 'Courses' });
    expect(dataRows(table)).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 23')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(dataRows(table)).toHaveLength(3);
    expect(screen.getByText('Course 23')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('honours a configured page size', () => {
    render(<DataTable label="Exams" columns={columns} data={courses(12)} pageSize={5} />);
    expect(dataRows(screen.getByRole('table', { name: 'Exams' }))).toHaveLength(5);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('pads a short list with empty rows up to the minimum of three', () => {
    render(<DataTable label="Courses" columns={columns} data={courses(1)} />);
    const table = screen.getByRole('table', { name: 'Courses' });
    expect(dataRows(table)).toHaveLength(1);
    expect(allBodyRows(table)).toHaveLength(3);
  });

  it('honours a configured minimum and keeps it when the list is empty', () => {
    render(<DataTable label="Courses" columns={columns} data={[]} minRows={5} emptyMessage="No courses yet" />);
    const table = screen.getByRole('table', { name: 'Courses' });
    expect(screen.getByText('No courses yet')).toBeTruthy();
    expect(allBodyRows(table)).toHaveLength(5);
  });

  it('filters a column by case-insensitive substring', async () => {
    const user = userEvent.setup();
    const data: Course[] = [
      { id: '1', title: 'LD Clerk Mock Test', status: 'Published' },
      { id: '2', title: 'Village Officer', status: 'Unpublished' },
      { id: '3', title: 'Degree level MOCK', status: 'Published' },
    ];
    render(<DataTable label="Courses" columns={columns} data={data} filterColumns={['title']} />);
    expect(screen.queryByRole('textbox', { name: 'Filter Status' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Filter Title' }), 'mOcK');
    const table = screen.getByRole('table', { name: 'Courses' });
    expect(dataRows(table).map((row) => row.textContent)).toEqual(['LD Clerk Mock TestPublished', 'Degree level MOCKPublished']);
    expect(allBodyRows(table)).toHaveLength(3);
    await user.clear(screen.getByRole('textbox', { name: 'Filter Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter Title' }), 'nothing like it');
    // There are rows: the filters match none of them (not "No courses yet").
    expect(screen.getByText('No rows match the filters')).toBeTruthy();
    expect(screen.queryByText('No records found')).toBeNull();
  });

  it('goes back to the first page when a filter changes', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Courses" columns={columns} data={courses(30)} filterColumns={['title']} />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Filter Title' }), 'course 1');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByText('Showing 1–10 of 11')).toBeTruthy();
  });
});
