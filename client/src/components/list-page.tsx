import * as React from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { LoadFailure } from './load-failure.tsx';

/** The part of a list's `useQuery` result the page reads. */
export interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export interface ListPageProps<T> extends Omit<DataTableProps<T>, 'data' | 'isLoading'> {
  heading: string;
  description: React.ReactNode;
  /** The page's buttons (create, copy, ...), top right. */
  actions?: React.ReactNode;
  query: ListQuery<T>;
  /** The screen's title for a failed load, e.g. "Fetching subscrptions failed". */
  failureTitle: string;
  /** Anything between the heading and the table (tabs of the list, say). */
  children?: React.ReactNode;
  /** The page's dialogs (create, copy). */
  dialogs?: React.ReactNode;
}

const NO_ROWS: never[] = [];

/** A console list screen: heading with its actions, the load failure with "Try again", then the searchable table. */
export function ListPage<T>({ heading, description, actions, query, failureTitle, children, dialogs, ...table }: ListPageProps<T>) {
  return (
    // One column no wider than the page: a wide table scrolls inside its own box instead of widening the page.
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
      {query.isError && <LoadFailure title={failureTitle} error={query.error} onRetry={query.refetch} />}
      <DataTable {...table} data={query.data ?? NO_ROWS} isLoading={query.isPending} />
      {dialogs}
    </div>
  );
}
ListPage.displayName = 'ListPage';
