import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '@web/components/EmptyState.tsx';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { useTranslation } from 'react-i18next';
import type { SettlementHistory as History } from '../api/get-settlement-history.ts';
import { RunHistory } from './RunHistory.tsx';

/** The history of runs under its title; tapping one shows that day (at the top of the page). */
export function SettlementHistory({
  history,
  onPick,
}: {
  history: UseQueryResult<History>;
  onPick: (day: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="settlement-history-title">{t('settlement.history')}</h3>
      {history.isPending ? (
        <LoadingState testId="settlement-history-loading" />
      ) : history.isError ? (
        <LoadFailed
          testId="settlement-history-error"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.list.length === 0 ? (
        <EmptyState />
      ) : (
        <RunHistory
          runs={history.data.list}
          onOpen={(runDay) => {
            onPick(runDay);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </>
  );
}
