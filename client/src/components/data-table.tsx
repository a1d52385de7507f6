import * as React from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type Row,
} from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { textMatchesFilter } from '../../../shared/bulk/bulk.schema.ts';
import { cn } from '../lib/utils.ts';
import type { TableView } from './bulk/bulk-actions-bar.tsx';
import { selectionColumn } from './bulk/selection-column.tsx';
import type { BulkSelection } from './bulk/use-bulk-selection.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { LoadingPanel } from './ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table.tsx';

export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_MIN_ROWS = 3;
/** What an empty table says when there are rows but the filters match none of them. */
export const NO_MATCH_MESSAGE = 'No rows match the filters';

/** Case-insensitive substring match on the cell's text; a blank filter matches everything. */
export const containsText: FilterFn<unknown> = (row, columnId, filterValue) => {
  const value: unknown = row.getValue(columnId);
  return textMatchesFilter(value == null ? null : String(value), String(filterValue ?? ''));
};
containsText.autoRemove = (value: unknown) => value == null || String(value).trim() === '';

export interface DataTableProps<TData> {
  // TValue differs per column, so the list is typed loosely like in TanStack's own examples.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TData, any>[];
  data: readonly TData[];
  /** Rows per page (10 by default). */
  pageSize?: number;
  /** The body always has at least this many rows (3 by default), padded with empty ones. */
  minRows?: number;
  /** Ids of the columns that get a text filter under their header. */
  filterColumns?: readonly string[];
  /** Shown in the body when there is nothing to show (or nothing matches the filters). */
  emptyMessage?: string;
  isLoading?: boolean;
  getRowId?: (row: TData, index: number) => string;
  /** An accessible name for the table, e.g. "Courses". */
  label?: string;
  className?: string;
  /** Row checkboxes (a first column) for bulk actions; needs `getRowId`. A changed filter clears it. */
  selection?: BulkSelection;
  /** Names a row for its checkbox ("Select <title>"). */
  rowLabel?: (row: TData) => string;
  /** Shown above the table with what it shows now (the bulk actions bar, say). */
  toolbar?: (view: TableView) => React.ReactNode;
}

function headerText<TData>(column: ColumnDef<TData, unknown> | undefined, fallback: string): string {
  return column && typeof column.header === 'string' ? column.header : fallback;
}

interface DataTableFootProps {
  /** Which rows are shown, e.g. "Showing 11–20 of 42". */
  shown: string;
  page: number;
  pageCount: number;
  /** Null where there is no page to go to. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}

function DataTableFoot({ shown, page, pageCount, onPrevious, onNext }: DataTableFootProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t px-3 py-2 text-sm text-muted-foreground">
      <span aria-live="polite">{shown}</span>
      <div className="flex items-center gap-2">
        <span>
          Page {page} of {pageCount}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPrevious?.()} disabled={!onPrevious} aria-label="Previous page">
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => onNext?.()} disabled={!onNext} aria-label="Next page">
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/**
 * The console's table: client-side pagination, optional per-column text filters and
 * a minimum height so that a short list does not make the page jump.
 */
export function DataTable<TData>({
  columns,
  data,
  pageSize = DEFAULT_PAGE_SIZE,
  minRows = DEFAULT_MIN_ROWS,
  filterColumns = [],
  emptyMessage = 'No records found',
  isLoading = false,
  getRowId,
  label,
  className,
  selection,
  rowLabel,
  toolbar,
}: DataTableProps<TData>) {
  const allColumns = React.useMemo(
    () => (selection ? [selectionColumn<TData>(selection, rowLabel ?? ((row) => String(getRowId?.(row, 0) ?? ''))), ...columns] : columns),
    [selection, rowLabel, getRowId, columns],
  );
  const [columnFilters, setColumnFilters] = React.useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = React.useState({ pageIndex: 0, pageSize });
  const rows = React.useMemo(() => [...data], [data]);

  React.useEffect(() => {
    setPagination((current) => (current.pageSize === pageSize ? current : { pageIndex: 0, pageSize }));
  }, [pageSize]);

  const table = useReactTable<TData>({
    data: rows,
    columns: allColumns,
    defaultColumn: { filterFn: containsText as FilterFn<TData> },
    state: { columnFilters, pagination },
    onColumnFiltersChange: setColumnFilters,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    // A changed filter shows its first page; new data (e.g. after a save) keeps the page.
    autoResetPageIndex: false,
    ...(getRowId ? { getRowId } : {}),
  });

  const pageRows: Row<TData>[] = table.getRowModel().rows;
  const filteredCount = table.getFilteredRowModel().rows.length;
  const pageCount = Math.max(1, table.getPageCount());
  const { pageIndex } = table.getState().pagination;

  // Data shrank under the current page (e.g. after a delete): step back to the last page.
  React.useEffect(() => {
    if (pageIndex > 0 && pageIndex >= pageCount) setPagination((current) => ({ ...current, pageIndex: pageCount - 1 }));
  }, [pageIndex, pageCount]);

  const leafColumns = table.getVisibleLeafColumns();
  const columnCount = Math.max(1, leafColumns.length);
  const showEmpty = !isLoading && pageRows.length === 0;
  const padding = Math.max(0, minRows - (showEmpty || isLoading ? 1 : pageRows.length));
  const firstShown = filteredCount === 0 ? 0 : pageIndex * pagination.pageSize + 1;
  const lastShown = Math.min(filteredCount, (pageIndex + 1) * pagination.pageSize);

  const setFilter = (columnId: string, value: string) => {
    table.getColumn(columnId)?.setFilterValue(value);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
    selection?.clear();
  };

  const card = (
    <div className={cn('overflow-hidden rounded-lg border bg-card shadow-sm', className)}>
      <Table aria-label={label} aria-busy={isLoading || undefined}>
        <TableHeader>
          {table.getHeaderGroups().map((headerGroup) => (
            <TableRow key={headerGroup.id} className="hover:bg-transparent">
              {headerGroup.headers.map((header) => (
                <TableHead key={header.id} colSpan={header.colSpan}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </TableHead>
              ))}
            </TableRow>
          ))}
          {filterColumns.length > 0 && (
            <TableRow className="hover:bg-transparent">
              {leafColumns.map((column) => (
                <TableHead key={column.id} className="h-auto pb-2 pt-0 normal-case tracking-normal">
                  {filterColumns.includes(column.id) ? (
                    <Input
                      aria-label={`Filter ${headerText(column.columnDef, column.id)}`}
                      // The header above names the column; a short placeholder keeps narrow columns readable.
                      placeholder="Filter"
                      value={String(column.getFilterValue() ?? '')}
                      onChange={(event) => setFilter(column.id, event.target.value)}
                      className="h-8 min-w-16 max-w-xs font-normal"
                    />
                  ) : null}
                </TableHead>
              ))}
            </TableRow>
          )}
        </TableHeader>
        <TableBody>
          {isLoading && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount}>
                <LoadingPanel className="min-h-0" />
              </TableCell>
            </TableRow>
          )}
          {showEmpty && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount} className="text-left text-muted-foreground sm:text-center">
                {data.length > 0 ? NO_MATCH_MESSAGE : emptyMessage}
              </TableCell>
            </TableRow>
          )}
          {!isLoading &&
            pageRows.map((row) => (
              <TableRow key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                ))}
              </TableRow>
            ))}
          {Array.from({ length: padding }, (_, index) => (
            <TableRow key={`padding-${index}`} aria-hidden="true" data-padding-row="" className="hover:bg-transparent">
              <TableCell colSpan={columnCount}>&nbsp;</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <DataTableFoot
        shown={filteredCount === 0 ? 'No rows' : `Showing ${firstShown}–${lastShown} of ${filteredCount}`}
        page={Math.min(pageIndex + 1, pageCount)}
        pageCount={pageCount}
        onPrevious={table.getCanPreviousPage() ? () => table.previousPage() : null}
        onNext={table.getCanNextPage() ? () => table.nextPage() : null}
      />
    </div>
  );
  if (!toolbar) return card;
  const view: TableView = {
    pageIds: pageRows.map((row) => row.id),
    filteredCount,
    filters: Object.fromEntries(columnFilters.map((filter) => [filter.id, String(filter.value ?? '')])),
  };
  return (
    <div className="grid grid-cols-1 gap-2">
      {toolbar(view)}
      {card}
    </div>
  );
}
DataTable.displayName = 'DataTable';
