import * as React from 'react';
import { AddButton } from './add-button.tsx';
import { BulkActionsBar, type BulkOptions, type TableView } from './bulk/bulk-actions-bar.tsx';
import { useBulkSelection } from './bulk/use-bulk-selection.ts';
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

/** The query options of most lists: a failed listing is asked for again after 100 ms. */
export const LIST_QUERY_OPTIONS = { retryDelay: 100 };

/** The props of a dialog that a list's "Add" button opens. */
export interface AddDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The page's "Add ..." button, after its other actions, and the dialog it opens. */
export interface ListPageAdd {
  label: string;
  Dialog: React.ComponentType<AddDialogProps>;
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
  /** Left out (or false, for a role that may not add) where the list has no "Add" button. */
  add?: ListPageAdd | false;
  /** Row checkboxes and the bulk actions bar (left out, or false for a role without them, where the list has none). */
  bulk?: BulkOptions | false;
}

const NO_ROWS: never[] = [];
/** Most lists are searched by their title. */
const TITLE_FILTER = ['title'];

/** Most listed records are told apart by their id. */
function rowIdOf(row: unknown): string {
  return (row as { _id: string })._id;
}

/** A row's checkbox is named by its title, unless the list names it otherwise (`rowLabel`). */
function titleOf(row: unknown): string {
  return (row as { title?: string }).title ?? rowIdOf(row);
}

/**
 * A console list screen: heading with its actions, the load failure with "Try again", then the searchable table
 * (by default filtered by title, each row keyed by its `_id`).
 */
export function ListPage<T>({
  heading,
  description,
  actions,
  query,
  failureTitle,
  children,
  dialogs,
  add,
  filterColumns = TITLE_FILTER,
  getRowId = rowIdOf,
  bulk,
  rowLabel = titleOf,
  ...table
}: ListPageProps<T>) {
  const [adding, setAdding] = React.useState(false);
  const selection = useBulkSelection();
  const bulkProps = bulk ? { selection, rowLabel, toolbar: (view: TableView) => <BulkActionsBar {...bulk} selection={selection} view={view} /> } : {};
  const allActions = add ? (
    <>
      {actions}
      <AddButton label={add.label} onClick={() => setAdding(true)} />
    </>
  ) : (
    actions
  );
  return (
    // One column no wider than the page: a wide table scrolls inside its own box instead of widening the page.
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {allActions && <div className="flex flex-wrap gap-2">{allActions}</div>}
      </div>
      {children}
      {query.isError && <LoadFailure title={failureTitle} error={query.error} onRetry={query.refetch} />}
      <DataTable {...table} {...bulkProps} filterColumns={filterColumns} getRowId={getRowId} data={query.data ?? NO_ROWS} isLoading={query.isPending} />
      {add && <add.Dialog open={adding} onOpenChange={setAdding} />}
      {dialogs}
    </div>
  );
}
ListPage.displayName = 'ListPage';
