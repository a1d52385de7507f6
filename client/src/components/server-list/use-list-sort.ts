import { useLocation, useSearch } from 'wouter';
import type { SortParam } from '../../../../shared/validation/sorting.ts';

/** The columns a list sorts by and its sort when the address names none (e.g. `-createdAt`). */
export interface ListSortOptions<Column extends string> {
  columns: readonly Column[];
  usual: SortParam<Column>;
}

/** The address without its `sort`: what a list's other filters are read from. */
export function addressWithoutSort(address: string): string {
  const params = new URLSearchParams(address);
  params.delete('sort');
  return params.toString();
}

/** The sort an address asks for (`?sort=-name`): one of the list's columns, either way, or the usual sort. */
export function sortFromAddress<Column extends string>(address: string, { columns, usual }: ListSortOptions<Column>): SortParam<Column> {
  const asked = new URLSearchParams(address).get('sort') ?? '';
  const column = asked.startsWith('-') ? asked.slice(1) : asked;
  return (columns as readonly string[]).includes(column) ? (asked as SortParam<Column>) : usual;
}

/**
 * A list's sort, kept in the address (`?sort=name`, `?sort=-name`; left out for the usual sort) so a
 * link or a reload shows the same order; a new sort replaces the address rather than adding a step to history.
 */
export function useListSort<Column extends string>(options: ListSortOptions<Column> | undefined) {
  const address = useSearch();
  const [path, navigate] = useLocation();
  const sort = options ? sortFromAddress(address, options) : undefined;
  const setSort = (next: SortParam<Column>) => {
    const params = new URLSearchParams(address);
    if (next === options?.usual) params.delete('sort');
    else params.set('sort', next);
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
  };
  return { sort, setSort };
}
