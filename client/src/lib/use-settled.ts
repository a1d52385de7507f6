import { useEffect, useState } from 'react';

/** Text typed in a filter, passed on once typing pauses (so that the server is asked once per pause). */
export function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
