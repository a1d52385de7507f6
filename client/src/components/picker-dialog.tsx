import { createContext, useContext, useEffect, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { TRPCClientError } from '@trpc/client';
import { errorMessage } from '../lib/errors.ts';
import { DataTable } from './data-table.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { LoadFailure } from './load-failure.tsx';
import { Button } from './ui/button.tsx';
import { Checkbox } from './ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog.tsx';

/** Pickers show five items per page. */
export const PICKER_PAGE_SIZE = 5;
/** A failed picker load is asked for again after a second. */
export const PICKER_RETRY_DELAY_MS = 1000;

/**
 * Network failures and server errors are retried (every second, while the picker is open);
 * an answer in the 4xx range (no access, bad input) will not change, so it is shown at once.
 */
export function retryPickerLoad(_failureCount: number, error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const status: unknown = (error.data as { httpStatus?: unknown } | null | undefined)?.httpStatus;
    if (typeof status === 'number' && status >= 400 && status < 500) return false;
  }
  return true;
}

/** The confirm button: "Select N item(s)" once something is chosen, else "Confirm Selection". */
export function pickerConfirmLabel(count: number): string {
  return count > 0 ? `Select ${count} item(s)` : 'Confirm Selection';
}

interface PickerChoice {
  selected: readonly string[];
  disabled: ReadonlySet<string>;
  toggle: (id: string, checked: boolean) => void;
}

// The table's columns stay the same while the selection changes (a new cell renderer would
// remount every checkbox and lose the keyboard focus), so the selection reaches them through context.
const PickerChoiceContext = createContext<PickerChoice>({ selected: [], disabled: new Set(), toggle: () => {} });

/** Enter on a picker's checkbox toggles it too, as Space does, rather than doing nothing. */
export function toggleOnEnter(event: KeyboardEvent<HTMLInputElement>, toggle: () => void): void {
  if (event.key !== 'Enter' || event.currentTarget.disabled) return;
  event.preventDefault();
  toggle();
}

function SelectCheckbox({ id, title }: { id: string; title: string }) {
  const { selected, disabled, toggle } = useContext(PickerChoiceContext);
  const checked = selected.includes(id);
  return (
    <Checkbox
      aria-label={`Select ${title}`}
      checked={checked}
      disabled={disabled.has(id)}
      onChange={(event) => toggle(id, event.target.checked)}
      onKeyDown={(event) => toggleOnEnter(event, () => toggle(id, !checked))}
    />
  );
}

/**
 * A click anywhere on a picker's row toggles the row's checkbox (a click on the box itself, or
 * on a link or button in the row, does what it does). For the table of any picker, and for a
 * list whose items carry `data-picker-row`.
 */
export function toggleRowOnClick(event: MouseEvent<HTMLElement>): void {
  const target = event.target;
  if (!(target instanceof Element) || target.closest('input, button, a, label, select, textarea, [role="button"]')) return;
  const box = target.closest('tbody tr, [data-picker-row]')?.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (box && !box.disabled) box.click();
}

/** The rows of a picker's table look clickable. */
export const PICKER_ROWS_CLASS = '[&_tbody_tr:has(input[type=checkbox]:not(:disabled))]:cursor-pointer';

/** The picker's first column: a checkbox named after the row's title. */
export function selectColumn<T extends { _id: string; title: string }>(): ColumnDef<T, unknown> {
  return { id: 'select', header: () => <span className="sr-only">Selected</span>, cell: ({ row }) => <SelectCheckbox id={row.original._id} title={row.original.title} /> };
}

/** The part of a list's `useQuery` result the picker reads. */
export interface PickerQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  failureCount: number;
  failureReason: unknown;
  refetch: () => Promise<unknown>;
}

export interface PickerDialogProps<T extends { _id: string; title: string }> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** One item (choosing another replaces it) or several. */
  selection: 'single' | 'multiple';
  title: string;
  description: string;
  /** What the items are, e.g. "exams": names the table and the load failure. */
  itemsLabel: string;
  query: PickerQuery<T>;
  /** The columns after the checkbox (`selectColumn()` comes first by itself). */
  columns: ColumnDef<T, unknown>[];
  /** Ticked when the picker opens (e.g. the items already attached). */
  initialSelectedIds?: readonly string[] | undefined;
  /** Listed but not selectable (e.g. the item being edited). */
  disabledIds?: readonly string[] | undefined;
  /** Told the chosen items, in the list's order; the picker then closes. */
  onConfirm: (items: T[]) => void;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A modal table to choose items from, with a title filter, paging and the load failure with a retry. */
export function PickerDialog<T extends { _id: string; title: string }>({
  open,
  onOpenChange,
  selection,
  title,
  description,
  itemsLabel,
  query,
  columns,
  initialSelectedIds,
  disabledIds,
  onConfirm,
}: PickerDialogProps<T>) {
  const [selected, setSelected] = useState<readonly string[]>(initialSelectedIds ?? []);

  // Each opening starts from the caller's selection.
  useEffect(() => {
    if (open) setSelected(initialSelectedIds ?? []);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the picker opens
  }, [open]);

  const disabled = useMemo(() => new Set(disabledIds ?? []), [disabledIds]);
  const data = useMemo(() => query.data ?? [], [query.data]);
  const allColumns = useMemo(() => [selectColumn<T>(), ...columns], [columns]);

  const choice = useMemo<PickerChoice>(
    () => ({
      selected,
      disabled,
      toggle: (id, checked) =>
        setSelected((current) => {
          if (selection === 'single') return checked ? [id] : [];
          return checked ? [...current.filter((other) => other !== id), id] : current.filter((other) => other !== id);
        }),
    }),
    [selected, disabled, selection],
  );

  const retrying = query.isPending && query.failureCount > 0;
  const count = selected.length;
  const failureTitle = `Fetching ${itemsLabel} failed`;

  const confirm = () => {
    onConfirm(data.filter((item) => selected.includes(item._id)));
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {retrying && <ErrorAlert title={failureTitle} message={`${errorMessage(query.failureReason)}. Trying again in a second...`} />}
        {query.isError && <LoadFailure title={failureTitle} error={query.error} onRetry={query.refetch} />}
        <PickerChoiceContext.Provider value={choice}>
          {/* The checkbox in each row is the keyboard's way to choose; the click on the row is a larger target for the mouse. */}
          <div className={PICKER_ROWS_CLASS} onClick={toggleRowOnClick}>
            <DataTable
              label={`${capitalised(itemsLabel)} to choose from`}
              columns={allColumns}
              data={data}
              pageSize={PICKER_PAGE_SIZE}
              filterColumns={['title']}
              isLoading={query.isPending}
              emptyMessage={`No ${itemsLabel} found`}
              getRowId={(item) => item._id}
            />
          </div>
        </PickerChoiceContext.Provider>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={count === 0}>
            {pickerConfirmLabel(count)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
PickerDialog.displayName = 'PickerDialog';
