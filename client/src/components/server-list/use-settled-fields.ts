import { useEffect, useRef, useState } from 'react';

type Timer = ReturnType<typeof setTimeout>;

/**
 * Texts typed in a list's filters, each passed on once typing in it pauses (so that the server is
 * asked once per pause), as `useSettled` does for one text. A field's pause does not wait for the others.
 */
export function useSettledFields<T extends Record<string, string>>(values: T, ms = 300): T {
  const [settled, setSettled] = useState(values);
  const timers = useRef(new Map<string, Timer>());
  const last = useRef<Record<string, string> | null>(null);
  const key = JSON.stringify(values);

  useEffect(() => {
    const current = JSON.parse(key) as Record<string, string>;
    for (const [name, value] of Object.entries(current)) {
      if (last.current && last.current[name] === value) continue;
      clearTimeout(timers.current.get(name));
      timers.current.set(
        name,
        setTimeout(() => setSettled((before) => (before[name] === value ? before : { ...before, [name]: value })), ms),
      );
    }
    last.current = current;
  }, [key, ms]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return settled;
}
