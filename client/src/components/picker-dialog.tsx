import { createContext, useContext, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { TRPCClientError } from '@trpc/client';
import { DataTable } from './data-table.tsx';
import { capitalised, PickerFrame, usePickerChoice, type PickerLoad, type PickerProps } from './server-list/picker-frame.tsx';
import { Checkbox } from './ui/checkbox.tsx';

export { pickerConfirmLabel } from './server-list/picker-frame.tsx';

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

/** The query options of a picker's list: loaded while the picker is open, retried as `retryPickerLoad` says. */
export function pickerQueryOptions(open: boolean) {
  return { enabled: open, retry: retryPickerLoad, retryDelay: PICKER_RETRY_DELAY_MS };
}

/**
 * A picker's title and description for its kind of item: "Select an Exam" and "Tick the exam to use."
 * for one, "Select Exams" and "Tick every exam to add." for several.
 */
export function pickerTexts(selection: 'single' | 'multiple', one: string, many: string): { title: string; description: string } {
  if (selection === 'multiple') return { title: `Select ${many}`, description: `Tick every ${one.toLowerCase()} to add.` };
  return { title: `Select ${/^[AEIOU]/.test(one) ? 'an' : 'a'} ${one}`, description: `Tick the ${one.toLowerCase()} to use.` };
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
  return {
    id: 'select',
    header: () => <span className="sr-only">Selected</span>,
    cell: ({ row }) => <SelectCheckbox id={row.original._id} title={row.original.title} />,
  };
}

/** The part of a list's `useQuery` result the picker reads. */
export interface PickerQuery<T> extends PickerLoad {
  data: T[] | undefined;
}

/** Told the chosen items in the list's order. */
export interface PickerDialogProps<T extends { _id: string; title: string }> extends PickerProps<T> {
  query: PickerQuery<T>;
  /** The columns after the checkbox (`selectColumn()` comes first by itself). */
  columns: ColumnDef<T, unknown>[];
  /** Ticked when the picker opens (e.g. the items already attached). */
  initialSelectedIds?: readonly string[] | undefined;
  /** Listed but not selectable (e.g. the item being edited). */
  disabledIds?: readonly string[] | undefined;
}

const ownId = (id: string) => id;

/** A modal table to choose items from, with a title filter, paging and the load failure with a retry. */
export function PickerDialog<T extends { _id: string; title: string }>({
  selection,
  query,
  columns,
  initialSelectedIds,
  disabledIds,
  onConfirm,
  ...frame
}: PickerDialogProps<T>) {
  const { itemsLabel } = frame;
  const { selected, toggle } = usePickerChoice(frame.open, initialSelectedIds, selection, ownId);

  const disabled = useMemo(() => new Set(disabledIds ?? []), [disabledIds]);
  const data = useMemo(() => query.data ?? [], [query.data]);
  const allColumns = useMemo(() => [selectColumn<T>(), ...columns], [columns]);

  const choice = useMemo<PickerChoice>(() => ({ selected, disabled, toggle }), [selected, disabled, toggle]);

  const confirm = () => {
    onConfirm(data.filter((item) => selected.includes(item._id)));
    frame.onOpenChange(false);
  };

  return (
    <PickerFrame {...frame} query={query} className="max-w-4xl" count={selected.length} onConfirm={confirm}>
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
    </PickerFrame>
  );
}
PickerDialog.displayName = 'PickerDialog';
