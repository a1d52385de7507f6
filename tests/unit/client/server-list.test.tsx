// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { nextChoice, pickerConfirmLabel } from '../../../client/src/components/server-list/picker-frame.tsx';
import { presentFilters, useServerListState } from '../../../client/src/components/server-list/use-server-list.ts';
import { useSettledFields } from '../../../client/src/components/server-list/use-settled-fields.ts';

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
});
