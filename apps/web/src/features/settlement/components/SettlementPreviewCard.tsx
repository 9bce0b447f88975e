import { BlockButton } from '@web/components/BlockButton.tsx';
import { EmptyState } from '@web/components/EmptyState.tsx';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettlementDayState } from '../hooks/use-settlement-day.ts';
import { RunDetails } from './RunDetails.tsx';
import { SettlementTotalsRows } from './SettlementTotalsRows.tsx';

/**
 * The day shown: loading, not over yet (a calm notice saying from when), failed, every day settled, a settled day's run and what it paid, or what
 * running it would pay now (with Run when it is the next day to settle).
 */
export function SettlementPreviewCard({
  state,
  running,
  onRun,
}: {
  state: SettlementDayState;
  running: boolean;
  onRun: () => void;
}) {
  const { t } = useTranslation();
  const { data, nextDay, canRun } = state;
  let body: ReactNode;
  if (state.isPending) {
    body = <LoadingState testId="settlement-loading" />;
  } else if (state.notYet) {
    body = (
      <p className="notice settlement-hint" role="status" data-testid="settlement-not-yet">
        {state.notYet.msg}
      </p>
    );
  } else if (state.error) {
    body = <LoadFailed testId="settlement-error" error={state.error} onRetry={state.retry} />;
  } else if (state.day === null) {
    body = (
      <div data-testid="settlement-all-settled">
        <EmptyState description={t('settlement.allSettled')} />
      </div>
    );
  } else if (data?.run) {
    body = (
      <>
        <RunDetails run={data.run} />
        <SettlementTotalsRows totals={data.run.totals} />
      </>
    );
  } else if (data?.totals) {
    body = (
      <>
        {!canRun && (
          <p className="notice settlement-hint" data-testid="settlement-not-next">
            {nextDay ? t('settlement.inOrder', { day: nextDay }) : t('settlement.allSettled')}
          </p>
        )}
        <SettlementTotalsRows totals={data.totals} />
        {canRun && (
          <BlockButton
            variant="primary"
            className="settlement-run"
            testId="settlement-run"
            busy={running}
            busyLabel={t('settlement.running')}
            onClick={onRun}
          >
            {t('settlement.run')}
          </BlockButton>
        )}
      </>
    );
  } else {
    body = <EmptyState description={t('settlement.nothing')} />;
  }
  return (
    <section className="card settlement-preview" data-testid="settlement-preview" data-day={data?.day}>
      <h3 className="card-title">{t(data?.run ? 'settlement.paidTitle' : 'settlement.previewTitle')}</h3>
      {body}
    </section>
  );
}
