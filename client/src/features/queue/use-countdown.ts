import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One second of a repeating countdown: the seconds left after the tick, and whether the
 * period ran out on it (the count then starts again from the full period).
 */
export function tickCountdown(secondsLeft: number, periodSeconds: number): { secondsLeft: number; elapsed: boolean } {
  if (secondsLeft <= 1) return { secondsLeft: periodSeconds, elapsed: true };
  return { secondsLeft: secondsLeft - 1, elapsed: false };
}

/**
 * Counts down from `periodSeconds` once a second and calls `onElapsed` each time it runs
 * out, then starts again; `restart` goes back to the full period (e.g. after a manual refresh).
 */
export function useCountdown(periodSeconds: number, onElapsed: () => void): { secondsLeft: number; restart: () => void } {
  const [secondsLeft, setSecondsLeft] = useState(periodSeconds);
  const left = useRef(periodSeconds);
  const callback = useRef(onElapsed);
  useEffect(() => {
    callback.current = onElapsed;
  }, [onElapsed]);

  useEffect(() => {
    left.current = periodSeconds;
    setSecondsLeft(periodSeconds);
    const timer = setInterval(() => {
      const next = tickCountdown(left.current, periodSeconds);
      left.current = next.secondsLeft;
      setSecondsLeft(next.secondsLeft);
      if (next.elapsed) callback.current();
    }, 1000);
    return () => clearInterval(timer);
  }, [periodSeconds]);

  const restart = useCallback(() => {
    left.current = periodSeconds;
    setSecondsLeft(periodSeconds);
  }, [periodSeconds]);

  return { secondsLeft, restart };
}
