import { formatEventTime } from '@web/lib/format.ts';
import { PAGE_STARTED_AT, useOnline } from '@web/lib/online.ts';
import { useTranslation } from 'react-i18next';

/** What a query shows: its answer and whether it is asking again. */
interface Shown {
  data: unknown;
  dataUpdatedAt: number;
  isFetching: boolean;
  isError: boolean;
}

/**
 * Says how old the figures below are when they are not this page's own answer: "Refreshing…" while the last
 * visit's figures (app/query-persist.ts) are shown and the request runs, "Last known figures from {time}" when
 * the network is gone or the request failed. Nothing once the page's own answer is there.
 */
export function LastKnown({ query, testId }: { query: Shown; testId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (query.data === undefined) return null;
  const restored = query.dataUpdatedAt < PAGE_STARTED_AT;
  const failed = !online || (query.isError && !query.isFetching);
  if (failed && (restored || !online))
    return (
      <p className="last-known" data-testid={testId} data-state="offline" role="status">
        {t('pwa.lastKnown', { time: formatEventTime(query.dataUpdatedAt, t) })}
      </p>
    );
  if (restored && query.isFetching)
    return (
      <p className="last-known" data-testid={testId} data-state="refreshing" role="status">
        {t('pwa.refreshing')}
      </p>
    );
  return null;
}
