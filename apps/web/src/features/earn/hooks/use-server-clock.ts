import { clockOffset } from '@web/lib/server-clock.ts';
import { useEarnSummary } from '../api/get-earn-summary.ts';

/** The server's clock minus this device's, from the summary's server_time (0 until it is read). */
export function useServerOffset(): number {
  const summary = useEarnSummary();
  return summary.data ? clockOffset(summary.data.server_time, summary.dataUpdatedAt) : 0;
}
