import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `quietMs`. A live region fed the settled value
 * speaks once when a slider comes to rest, rather than a long sentence on every arrow press.
 */
export function useSettled<T>(value: T, quietMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), quietMs);
    return () => window.clearTimeout(id);
  }, [value, quietMs]);
  return settled;
}
