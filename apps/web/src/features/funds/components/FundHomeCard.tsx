import { ValueRow } from '@web/components/ValueRow.tsx';
// The home page's Fund card (lazy: its own chunk, off the login route's budget): the member's holdings value and
// estimated revenue, or an invitation to browse the funds; opens found home.

import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import { openPage } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { useFundSummary } from '../api/get-fund-summary.ts';
import '../funds.css';

export default function FundHomeCard() {
  const { t } = useTranslation();
  const summary = useFundSummary();
  const open = () => openPage(paths.fundProducts);
  const s = summary.data;
  const holding = s !== undefined && (s.holding_count > 0 || s.processing_count > 0);
  return (
    <section className="card fund-card" data-testid="home-fund-card">
      <div className="card-head">
        <h3 className="card-title">{t('fund.card.title')}</h3>
        <button type="button" className="btn-link card-link" data-testid="home-fund-open" onClick={open}>
          {holding ? t('fund.card.holdings') : t('fund.card.browse')} ›
        </button>
      </div>
      {summary.isPending ? (
        <Skeleton rows={2} testId="home-fund-loading" />
      ) : summary.isError ? (
        <ErrorRetry
          error={summary.error}
          onRetry={() => void summary.refetch()}
          testId="home-fund-error"
          small
        />
      ) : holding ? (
        <dl className="rows">
          <ValueRow label={t('fund.card.value')} testId="home-fund-value">
            {formatUsdt(s.value_usdt)}
          </ValueRow>
          <ValueRow label={t('fund.card.revenue')} testId="home-fund-revenue">
            {formatUsdt(s.estimated_revenue_usdt)}
          </ValueRow>
          {s.processing_count > 0 && (
            <ValueRow label={t('fund.card.processing')} testId="home-fund-processing">
              {s.processing_count}
            </ValueRow>
          )}
        </dl>
      ) : (
        <p className="muted" data-testid="home-fund-invite">
          {t('fund.card.invite')}
        </p>
      )}
    </section>
  );
}
