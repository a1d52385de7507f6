// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { tickCountdown, useCountdown } from '../../../client/src/features/queue/use-countdown.ts';

describe('tickCountdown', () => {
  it('counts down one second at a time and starts again when it runs out', () => {
    expect(tickCountdown(15, 15)).toEqual({ secondsLeft: 14, elapsed: false });
    expect(tickCountdown(2, 15)).toEqual({ secondsLeft: 1, elapsed: false });
    expect(tickCountdown(1, 15)).toEqual({ secondsLeft: 15, elapsed: true });
  });
});

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('calls back every period and shows the seconds left', () => {
    const onElapsed = vi.fn();
    const { result } = renderHook(() => useCountdown(15, onElapsed));
    expect(result.current.secondsLeft).toBe(15);
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.secondsLeft).toBe(11);
    expect(onElapsed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(11_000));
    expect(onElapsed).toHaveBeenCalledOnce();
    expect(result.current.secondsLeft).toBe(15);
    act(() => vi.advanceTimersByTime(15_000));
    expect(onElapsed).toHaveBeenCalledTimes(2);
  });

  it('goes back to the full period on restart (a manual refresh)', () => {
    const onElapsed = vi.fn();
    const { result } = renderHook(() => useCountdown(15, onElapsed));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.secondsLeft).toBe(5);
    act(() => result.current.restart());
    expect(result.current.secondsLeft).toBe(15);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onElapsed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(5000));
    expect(onElapsed).toHaveBeenCalledOnce();
  });

  it('calls the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ callback }) => useCountdown(2, callback), { initialProps: { callback: first } });
    rerender({ callback: second });
    act(() => vi.advanceTimersByTime(2000));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });
});
