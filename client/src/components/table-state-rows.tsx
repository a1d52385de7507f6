import * as React from 'react';
import { Spinner } from './ui/spinner.tsx';
import { TableCell, TableRow } from './ui/table.tsx';

export interface TableStateRowsProps {
  colSpan: number;
  isPending: boolean;
  /** Rows on this page. */
  count: number;
  loadingLabel: string;
  emptyText: string;
  /** The body keeps at least this many rows (3 by default), so that a short list does not make the page jump. */
  minRows?: number;
  children: React.ReactNode;
}

/** The body of a server-paged table: loading, nothing found, or the rows, padded to a minimum height. */
export function TableStateRows({ colSpan, isPending, count, loadingLabel, emptyText, minRows = 3, children }: TableStateRowsProps) {
  return (
    <>
      {isPending ? (
        <TableRow>
          <TableCell colSpan={colSpan} className="h-24 text-center">
            <Spinner label={loadingLabel} />
          </TableCell>
        </TableRow>
      ) : count === 0 ? (
        <TableRow>
          {/* Left-aligned on a phone, where a wide table's centre is out of sight. */}
          <TableCell colSpan={colSpan} className="h-24 text-left text-muted-foreground sm:text-center">
            {emptyText}
          </TableCell>
        </TableRow>
      ) : (
        children
      )}
      {Array.from({ length: Math.max(0, minRows - Math.max(count, 1)) }, (_, i) => (
        <TableRow key={`pad-${i}`} aria-hidden="true">
          <TableCell colSpan={colSpan} className="h-12" />
        </TableRow>
      ))}
    </>
  );
}
TableStateRows.displayName = 'TableStateRows';
