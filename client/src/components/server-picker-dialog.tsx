import { useEffect, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useSettled } from '../lib/use-settled.ts';
import { toggleOnEnter, toggleRowOnClick } from './picker-dialog.tsx';
import { ServerPager } from './server-pager.tsx';
import { capitalised, PickerFrame, usePickerChoice, type PickerLoad, type PickerProps } from './server-list/picker-frame.tsx';
import { Checkbox } from './ui/checkbox.tsx';
import { Input } from './ui/input.tsx';
import { Spinner } from './ui/spinner.tsx';

/** What the server answers for one page of a search. */
export interface ServerPickerPage<T> {
  items: T[];
  total: number;
}

/** The part of a `useQuery` result over one page the picker reads. */
export interface ServerPickerQuery<T> extends PickerLoad {
  data: ServerPickerPage<T> | undefined;
  isFetching: boolean;
}

/** What a page is asked for with: the title search (already settled) and the page. */
export interface ServerPickerInput {
  search: string;
  page: number;
}

/** Told the chosen items in the order they were ticked. */
export interface ServerPickerDialogProps<T extends { _id: string; title: string }> extends PickerProps<T> {
  pageSize: number;
  /** Loads one page from the server (a tRPC `useQuery`, enabled only while the picker is open). */
  usePage: (input: ServerPickerInput, enabled: boolean) => ServerPickerQuery<T>;
  /** What tells two items of the same title apart (term and price, published or not). */
  renderDetail?: (item: T) => ReactNode;
  /** Ticked when the picker opens (e.g. the items already chosen). */
  initialSelected?: readonly T[] | undefined;
}

const idOf = (item: { _id: string }) => item._id;

/**
 * A modal list to choose items from that the server searches by title and pages: for lists too
 * long to load at once. What is ticked stays ticked across searches and pages.
 */
export function ServerPickerDialog<T extends { _id: string; title: string }>({
  selection,
  pageSize,
  usePage,
  renderDetail,
  initialSelected,
  onConfirm,
  ...frame
}: ServerPickerDialogProps<T>) {
  const { open, itemsLabel } = frame;
  const { selected, toggle } = usePickerChoice(open, initialSelected, selection, idOf);
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const search = useSettled(searchText.trim());

  // Each opening starts from a blank search.
  useEffect(() => {
    if (!open) return;
    setSearchText('');
    setPage(1);
  }, [open]);
  useEffect(() => setPage(1), [search]);

  const query = usePage({ search, page }, open);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const isChosen = (id: string) => selected.some((item) => item._id === id);

  const chosen = selection === 'multiple' && selected.length > 0 && (
    // What is ticked, whatever page or search it was ticked on, first.
    <ul aria-label={`Chosen ${itemsLabel}`} className="flex max-h-28 flex-wrap gap-1 overflow-y-auto">
      {selected.map((item) => (
        <li key={item._id} className="flex min-w-0 max-w-full items-center gap-1 rounded-full border bg-muted/50 py-0.5 pl-3 pr-1 text-xs">
          <span className="min-w-0 truncate">{item.title}</span>
          <button type="button" aria-label={`Unselect ${item.title}`} className="rounded-full p-0.5 hover:bg-muted" onClick={() => toggle(item, false)}>
            <X aria-hidden="true" className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
  const confirm = () => {
    onConfirm([...selected]);
    frame.onOpenChange(false);
  };

  return (
    <PickerFrame
      {...frame}
      query={query}
      className="max-w-2xl"
      count={selected.length}
      onConfirm={confirm}
      top={
        <>
          {chosen}
          <Input
            aria-label={`Search ${itemsLabel} by title`}
            placeholder="Search by title"
            maxLength={200}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </>
      }
    >
      <div className="min-w-0 rounded-md border">
        {/* The checkbox in each row is the keyboard's way to choose; the click on the row is a larger target for the mouse. */}
        <ul aria-label={`${capitalised(itemsLabel)} to choose from`} aria-busy={query.isFetching} className="divide-y" onClick={toggleRowOnClick}>
          {query.isPending && !query.isError && (
            <li className="flex items-center gap-2 p-3 text-sm text-muted-foreground">
              <Spinner size="sm" label="" /> Loading {itemsLabel}...
            </li>
          )}
          {!query.isPending && items.length === 0 && <li className="p-3 text-sm text-muted-foreground">No {itemsLabel} found</li>}
          {items.map((item) => (
            <li key={item._id} data-picker-row="" className="flex cursor-pointer items-center gap-3 p-3 text-sm hover:bg-muted/50">
              <Checkbox
                aria-label={`Select ${item.title}`}
                checked={isChosen(item._id)}
                onChange={(event) => toggle(item, event.target.checked)}
                onKeyDown={(event) => toggleOnEnter(event, () => toggle(item, !isChosen(item._id)))}
              />
              <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{item.title}</span>
              {renderDetail && <span className="shrink-0 text-xs text-muted-foreground">{renderDetail(item)}</span>}
            </li>
          ))}
        </ul>
        <ServerPager page={page} pageSize={pageSize} total={total} noun={itemsLabel} onPage={setPage} />
      </div>
    </PickerFrame>
  );
}
ServerPickerDialog.displayName = 'ServerPickerDialog';
