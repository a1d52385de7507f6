// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { nextChoice, pickerConfirmLabel } from '../../../client/src/components/server-list/picker-frame.tsx';
import { presentFilters, useServerListState } from '../../../client/src/components/server-list/use-server-list.ts';
import { useSettledFields } from '../../../client/src/components/server-list/use-settled-fields.ts';
import { sortFromAddress } from '../../../client/src/components/server-list/use-list-sort.ts';
import { listSortOf, nextSort } from '../../../shared/validation/sorting.ts';

describe('presentFilters', () => {
  it('sends texts trimmed and leaves out blank texts and the "all" choice', () => {
    expect(presentFilters({ search: '  Anu ', lakshya: '', phoneNumber: '   ' })).toEqual({ search: 'Anu' });
    expect(presentFilters({ search: '', hasRead: 'no' })).toEqual({ hasRead: 'no' });
  });
});

describe('nextChoice', () => {
  const id = (item: string) => item;
  it('keeps one item in single selection and adds the last ticked at the end in multiple', () => {
    expect(nextChoice(['a'], 'b', true, 'single', id)).toEqual(['b']);
    expect(nextChoice(['a'], 'a', false, 'single', id)).toEqual([]);
    expect(nextChoice(['a', 'b'], 'a', true, 'multiple', id)).toEqual(['b', 'a']);
    expect(nextChoice(['a', 'b'], 'a', false, 'multiple', id)).toEqual(['b']);
    expect(pickerConfirmLabel(2)).toBe('Select 2 item(s)');
  });
});

describe('server-paged list state', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('passes each typed filter on once typing in it pauses, without waiting for the others', () => {
    const { result, rerender } = renderHook(({ values }) => useSettledFields(values), { initialProps: { values: { name: '', phone: '' } } });
    rerender({ values: { name: 'A', phone: '' } });
    act(() => vi.advanceTimersByTime(200));
    rerender({ values: { name: 'A', phone: '9' } });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toEqual({ name: 'A', phone: '' });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toEqual({ name: 'A', phone: '9' });
  });

  it('goes back to the first page when a choice changes, and when typed text settles', () => {
    const { result } = renderHook(() => useServerListState({ initialFilters: { search: '', mode: '' }, typed: ['search'] }));
    act(() => result.current.setPage(3));
    act(() => result.current.setFilter('mode', 'online'));
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => result.current.setFilter('search', 'anu'));
    expect(result.current.settled.search).toBe('');
    expect(result.current.page).toBe(2);
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.settled.search).toBe('anu');
    expect(result.current.page).toBe(1);
  });

  it('takes the filters an address sets, also when the address changes while the list is open', () => {
    window.history.replaceState(null, '', '/admin/orders?search=abc');
    const fromAddress = (query: string) => ({ search: new URLSearchParams(query).get('search') ?? '' });
    const { result } = renderHook(() => useServerListState({ initialFilters: { search: '', mode: 'manual' }, typed: ['search'], fromAddress }));
    expect(result.current.filters).toEqual({ search: 'abc', mode: 'manual' });
    act(() => window.history.pushState(null, '', '/admin/orders?search=xyz'));
    expect(result.current.filters.search).toBe('xyz');
  });

  it('keeps the sort in the address, goes back to the first page when it changes, and leaves the filters the address set alone', () => {
    window.history.replaceState(null, '', '/admin/orders?search=abc&sort=-title');
    const fromAddress = (query: string) => ({ search: new URLSearchParams(query).get('search') ?? '' });
    const sort = { columns: ['date', 'title'] as const, usual: '-date' as const };
    const { result } = renderHook(() => useServerListState({ initialFilters: { search: '', mode: '' }, typed: ['search'], fromAddress, sort }));
    expect(result.current.sort).toBe('-title');
    act(() => result.current.setFilter('search', 'typed'));
    act(() => result.current.setPage(3));
    act(() => result.current.setSort('date'));
    expect(result.current.sort).toBe('date');
    expect(window.location.search).toBe('?search=abc&sort=date');
    expect(result.current.page).toBe(1);
    // A new sort is not a new link: what was typed stays.
    expect(result.current.filters.search).toBe('typed');
    // The usual sort leaves the address clean; a column the list does not sort by is the usual sort.
    act(() => result.current.setSort('-date'));
    expect(window.location.search).toBe('?search=abc');
    expect(sortFromAddress('sort=password', sort)).toBe('-date');
  });
});

describe('the sort a heading asks for', () => {
  it('is the column ascending, then descending when chosen again, then ascending', () => {
    expect(nextSort<'name' | 'date'>('-date', 'name')).toBe('name');
    expect(nextSort<'name' | 'date'>('name', 'name')).toBe('-name');
    expect(nextSort<'name' | 'date'>('-name', 'name')).toBe('name');
    expect(listSortOf('-name')).toEqual({ column: 'name', direction: 'desc' });
  });
});
