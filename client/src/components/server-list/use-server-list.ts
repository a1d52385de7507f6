import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import type { SortParam } from '../../../../shared/validation/sorting.ts';
import { addressWithoutSort, useListSort, type ListSortOptions } from './use-list-sort.ts';
import { useSettledFields } from './use-settled-fields.ts';

/** A list's filters as the screen holds them: texts, choices ('' for all) and switches. */
export type ListFilters = Record<string, string | boolean>;

/** How a server-paged list asks: the page shown before stays while the next one loads; a failure is retried soon. */
export const SERVER_LIST_QUERY_OPTIONS = { placeholderData: keepPreviousData, retryDelay: 100 } as const;

export interface ServerListStateOptions<F extends ListFilters, C extends string = never> {
  initialFilters: F;
  /** The filters typed letter by letter: the server is asked once typing in them pauses. */
  typed?: readonly (keyof F & string)[];
  /** The filters an address sets (a link to one order, say), read again whenever the address changes. */
  fromAddress?: (query: string) => Partial<F>;
  /** The columns the list sorts by, its sort kept in the address. */
  sort?: ListSortOptions<C>;
}

/**
 * The state of a list the server pages: the filters as typed, the filters as asked for, the sort
 * (where the list sorts) and the page, which goes back to the first whenever what is asked for changes.
 */
export function useServerListState<F extends ListFilters, C extends string = never>({
  initialFilters,
  typed = [],
  fromAddress,
  sort: sortOptions,
}: ServerListStateOptions<F, C>) {
  // A new sort changes the address, but not the filters read from it.
  const address = addressWithoutSort(useSearch());
  const { sort, setSort } = useListSort(sortOptions);
  const [filters, setFilters] = useState<F>(() => ({ ...initialFilters, ...fromAddress?.(address) }));
  const [page, setPage] = useState(1);

  // Also when a link is followed while the screen is open.
  useEffect(() => {
    if (!fromAddress) return;
    const fromLink = fromAddress(address);
    setFilters((current) => (Object.entries(fromLink).every(([name, value]) => current[name] === value) ? current : { ...current, ...fromLink }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the address changes
  }, [address]);

  const typedValues = Object.fromEntries(typed.map((name) => [name, String(filters[name])]));
  const settled: F = { ...filters, ...useSettledFields(typedValues) };
  const settledKey = JSON.stringify([settled, sort]);
  useEffect(() => setPage(1), [settledKey]);

  const setFilter = <K extends keyof F>(name: K, value: F[K]) => setFilters((current) => ({ ...current, [name]: value }));
  return { filters, setFilter, settled, page, setPage, sort, setSort };
}

/** The filters worth sending: texts trimmed, blank texts and '' choices left out. */
export function presentFilters<T extends Record<string, string>>(values: T): { [K in keyof T]?: Exclude<T[K], ''> } {
  return Object.fromEntries(
    Object.entries(values)
      .map(([name, value]) => [name, value.trim()])
      .filter(([, value]) => value !== ''),
  ) as { [K in keyof T]?: Exclude<T[K], ''> };
}

/** The part of a list's `useQuery` result the kit reads. */
export interface ServerListQuery {
  data: { total: number } | undefined;
}

export interface ServerListOptions<F extends ListFilters, I, Q extends ServerListQuery, C extends string = never> extends ServerListStateOptions<F, C> {
  pageSize: number;
  /** What the server is asked with, from the filters as asked for and the page (with the sort, where the list sorts). */
  toInput: (filters: F, paging: { page: number; pageSize: number; sort?: SortParam<C> }) => I;
  /** Loads one page (a tRPC `useQuery`, usually with `SERVER_LIST_QUERY_OPTIONS`). */
  useQuery: (input: I) => Q;
}

/** A list the server pages: its state, the query of the page shown, and what its pager needs. */
export function useServerList<F extends ListFilters, I, Q extends ServerListQuery, C extends string = never>({
  pageSize,
  toInput,
  useQuery,
  ...state
}: ServerListOptions<F, I, Q, C>) {
  const list = useServerListState(state);
  const input = toInput(list.settled, { page: list.page, pageSize, ...(list.sort ? { sort: list.sort } : {}) });
  const query = useQuery(input);
  const total = query.data?.total ?? 0;
  return { ...list, input, query, total, pager: { page: list.page, pageSize, total, onPage: list.setPage } };
}

/** Sets one filter of a list, as `useServerListState` hands it out. */
export type SetListFilter<F extends ListFilters> = <K extends keyof F>(name: K, value: F[K]) => void;
