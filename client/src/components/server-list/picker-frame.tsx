import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/errors.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { LoadFailure } from '../load-failure.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';

/** The confirm button: "Select N item(s)" once something is chosen, else "Confirm Selection". */
export function pickerConfirmLabel(count: number): string {
  return count > 0 ? `Select ${count} item(s)` : 'Confirm Selection';
}

/** What is chosen after ticking (or unticking) an item: it alone, in single selection; else the others, then it last. */
export function nextChoice<T>(current: readonly T[], item: T, checked: boolean, selection: 'single' | 'multiple', idOf: (item: T) => string): T[] {
  if (selection === 'single') return checked ? [item] : [];
  const others = current.filter((other) => idOf(other) !== idOf(item));
  return checked ? [...others, item] : others;
}

/**
 * What a picker has ticked: each opening starts from the caller's selection. `idOf` tells items
 * apart; a function defined once, so that `toggle` stays the same from render to render.
 */
export function usePickerChoice<T>(open: boolean, initial: readonly T[] | undefined, selection: 'single' | 'multiple', idOf: (item: T) => string) {
  const [selected, setSelected] = useState<readonly T[]>(initial ?? []);
  useEffect(() => {
    if (open) setSelected(initial ?? []);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the picker opens
  }, [open]);
  const toggle = useCallback((item: T, checked: boolean) => setSelected((current) => nextChoice(current, item, checked, selection, idOf)), [selection, idOf]);
  return { selected, toggle };
}

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The part of a `useQuery` result the picker's failures are told from. */
export interface PickerLoad {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  failureCount: number;
  failureReason: unknown;
  refetch: () => Promise<unknown>;
}

/** What every picker is told by the screen that opens it. */
export interface PickerProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** One item (choosing another replaces it) or several. */
  selection: 'single' | 'multiple';
  title: string;
  description: string;
  /** What the items are, e.g. "exams": names the list, any search box and the load failure. */
  itemsLabel: string;
  /** Told the chosen items; the picker then closes. */
  onConfirm: (items: T[]) => void;
}

export interface PickerFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The dialog's width. */
  className: string;
  /** What the items are, e.g. "exams": names the load failure. */
  itemsLabel: string;
  query: PickerLoad;
  /** How many are chosen. */
  count: number;
  onConfirm: () => void;
  /** Above the load failure: what is chosen, the search. */
  top?: ReactNode;
  /** The items to choose from. */
  children: ReactNode;
}

/** A picker's dialog: heading, the load failure (and the retry under way), the items, Cancel and the confirm button. */
export function PickerFrame({ open, onOpenChange, title, description, className, itemsLabel, query, count, onConfirm, top, children }: PickerFrameProps) {
  const retrying = query.isPending && query.failureCount > 0;
  const failureTitle = `Fetching ${itemsLabel} failed`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {top}
        {retrying && <ErrorAlert title={failureTitle} message={`${errorMessage(query.failureReason)}. Trying again in a second...`} />}
        {query.isError && <LoadFailure title={failureTitle} error={query.error} onRetry={query.refetch} />}
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={count === 0} onClick={onConfirm}>
            {pickerConfirmLabel(count)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
PickerFrame.displayName = 'PickerFrame';
