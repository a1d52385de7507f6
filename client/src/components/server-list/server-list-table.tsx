import type { ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';
import { LoadFailure } from '../load-failure.tsx';
import { ServerPager, type ServerPagerProps } from '../server-pager.tsx';
import { TableStateRows } from '../table-state-rows.tsx';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '../ui/table.tsx';

/** The part of a list's `useQuery` result the table reads. */
export interface ServerListTableQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export interface ServerListTableProps {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  /** The header's rows: the headings, and the filters under them where the list has them. */
  head: ReactNode;
  colSpan: number;
  query: ServerListTableQuery;
  /** Rows on this page. */
  count: number;
  loadingLabel: string;
  emptyText: string;
  pager: ServerPagerProps;
  /** Above the table when the page failed to load. */
  failureTitle?: string;
  /** The box around the table and its pager. */
  className?: string;
  children: ReactNode;
}

/** A table the server pages: the load failure above it, then loading, nothing found or the rows, and the pager. */
export function ServerListTable({
  label,
  head,
  colSpan,
  query,
  count,
  loadingLabel,
  emptyText,
  pager,
  failureTitle = 'Fetching data failed',
  className,
  children,
}: ServerListTableProps) {
  return (
    <>
      {query.isError && <LoadFailure title={failureTitle} error={query.error} onRetry={query.refetch} />}
      <div className={cn('rounded-lg border bg-card', className)}>
        <Table aria-label={label}>
          <TableHeader>{head}</TableHeader>
          <TableBody>
            <TableStateRows colSpan={colSpan} isPending={query.isPending} count={count} loadingLabel={loadingLabel} emptyText={emptyText}>
              {children}
            </TableStateRows>
          </TableBody>
        </Table>
        <ServerPager {...pager} />
      </div>
    </>
  );
}
ServerListTable.displayName = 'ServerListTable';

/** A header row of plain headings. */
export function HeadingsRow({ headings }: { headings: readonly string[] }) {
  return (
    <TableRow>
      {headings.map((heading) => (
        <TableHead key={heading}>{heading}</TableHead>
      ))}
    </TableRow>
  );
}
HeadingsRow.displayName = 'HeadingsRow';
