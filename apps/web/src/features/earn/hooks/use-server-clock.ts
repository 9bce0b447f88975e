import { useEffect, useState } from 'react';
import { useEarnSummary } from '../api/get-earn-summary.ts';
import { clockOffset, msUntil } from '../model/clock.ts';

/** The server's clock minus this device's, from the summary's server_time (0 until it is read). */
export function useServerOffset(): number {
  const summary = useEarnSummary();
  return summary.data ? clockOffset(summary.data.server_time, summary.dataUpdatedAt) : 0;
}

/** Milliseconds left until `arrivesAt` on the server's clock, ticking every second until it reaches 0. */
export function useTimeLeft(arrivesAt: string | null, offset: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = arrivesAt ? msUntil(arrivesAt, offset, now) : 0;
  const ticking = left > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return left;
}
