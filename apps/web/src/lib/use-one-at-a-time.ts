import { useMemo, useRef } from 'react';

/**
 * One run at a time of a flow a click starts (a payment, a claim, a logout): `run(work)` resolves what `work`
 * resolves, or null at once while another run is under way; `busy()` says whether one is. A ref, not state: a
 * second click in the same tick must already see the first.
 */
export function useOneAtATime() {
  const running = useRef(false);
  return useMemo(
    () => ({
      busy: () => running.current,
      run: async <T>(work: () => Promise<T>): Promise<T | null> => {
        if (running.current) return null;
        running.current = true;
        try {
          return await work();
        } finally {
          running.current = false;
        }
      },
    }),
    [],
  );
}
