import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { listSortOf, nextSort, type SortParam } from '../../../../shared/validation/sorting.ts';
import { TableHead, TableRow } from '../ui/table.tsx';

/** A heading, and the column it sorts the list by when it can. */
export interface SortableHeading<Column extends string> {
  label: string;
  column?: Column;
}

export interface SortableHeadingsRowProps<Column extends string> {
  headings: ReadonlyArray<SortableHeading<Column>>;
  sort: SortParam<Column>;
  onSort: (sort: SortParam<Column>) => void;
  /** A first heading cell that sorts nothing: a list's selection column (its checkbox or its label). */
  leading?: ReactNode;
}

/**
 * A header row whose sortable headings are buttons: choosing one sorts by it ascending, choosing it
 * again descending. The sorted column says so to assistive technology (`aria-sort`) and with an arrow.
 */
export function SortableHeadingsRow<Column extends string>({ headings, sort, onSort, leading }: SortableHeadingsRowProps<Column>) {
  const { column: sorted, direction } = listSortOf(sort);
  return (
    <TableRow>
      {leading}
      {headings.map(({ label, column }) => {
        if (!column) return <TableHead key={label}>{label}</TableHead>;
        const active = column === sorted;
        const Arrow = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
        return (
          <TableHead key={label} aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
            <button
              type="button"
              className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => onSort(nextSort(sort, column))}
            >
              {label}
              <Arrow aria-hidden="true" className={active ? 'size-3.5 text-foreground' : 'size-3.5 opacity-50'} />
            </button>
          </TableHead>
        );
      })}
    </TableRow>
  );
}
SortableHeadingsRow.displayName = 'SortableHeadingsRow';
