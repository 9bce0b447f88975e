import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { useFundSummary } from '../api/get-fund-summary.ts';

/**
 * The holdings at a glance: value, what is paid and waiting for its NAV (in progress: never a 0.00 right after paying),
 * cost, estimated and realized revenue (its own error inline).
 */
export function HoldingsSummary({ summary }: { summary: ReturnType<typeof useFundSummary> }) {
  const { t } = useTranslation();
  let body: React.ReactNode;
  if (summary.isPending) body = <Skeleton rows={2} testId="fund-summary-loading" />;
  else if (summary.isError)
    body = (
      <ErrorRetry
        error={summary.error}
        onRetry={() => void summary.refetch()}
        testId="fund-summary-error"
        small
      />
    );
  else {
    const s = summary.data;
    body = (
      <>
        <p className="fund-summary-value" data-testid="fund-summary-value">
          {formatUsdt(s.value_usdt)}
        </p>
        <dl className="rows">
          {s.processing_count > 0 && (
            <ValueRow label={t('fund.holdings.inProgress')} testId="fund-summary-in-progress">
              {formatUsdt(s.in_progress_usdt)}
            </ValueRow>
          )}
          <ValueRow label={t('fund.holdings.cost')} testId="fund-summary-cost">
            {formatUsdt(s.cost_usdt)}
          </ValueRow>
          <ValueRow label={t('fund.holdings.estimatedRevenue')} testId="fund-summary-estimated">
            <Signed value={s.estimated_revenue_usdt} />
          </ValueRow>
          <ValueRow label={t('fund.holdings.realizedRevenue')} testId="fund-summary-realized">
            <Signed value={s.realized_revenue_usdt} />
          </ValueRow>
          <ValueRow label={t('fund.holdings.counts')} testId="fund-summary-counts">
            {t('fund.holdings.countsValue', { holding: s.holding_count, processing: s.processing_count })}
          </ValueRow>
        </dl>
      </>
    );
  }
  return (
    <section className="card fund-summary" data-testid="fund-summary">
      <p className="muted small">{t('fund.holdings.value')}</p>
      {body}
    </section>
  );
}

/** A revenue: green above zero, red below. */
export function Signed({ value, testId }: { value: string; testId?: string }) {
  const sign = value.startsWith('-') ? 'down' : /^[0.]+$/.test(value) ? 'flat' : 'up';
  return (
    <span className={`fund-signed fund-signed--${sign}`} data-testid={testId}>
      {formatUsdt(value)}
    </span>
  );
}
