import { useEffect, useState } from 'react';

/** `value` once it has not changed for `ms` (a preview — the withdrawal fee, a simple-earn arrival — asks the server after typing pauses). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
