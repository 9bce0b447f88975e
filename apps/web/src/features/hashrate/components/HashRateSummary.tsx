import type { Me } from '@agc/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dailyYield, formatRate, formatYield } from '../yield.ts';

/** The member's hash power from GET me: total investment, daily rate and the estimated daily yield. */
export function HashRateSummary({ me }: { me: UseQueryResult<Me> }) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (me.isPending) {
    body = <p className="muted">{t('common.loading')}</p>;
  } else if (me.isError) {
    body = <ErrorRetry className="list-state" error={me.error} onRetry={() => void me.refetch()} />;
  } else {
    body = (
      <>
        <dl className="rows">
          <ValueRow label={t('hashRate.total')} testId="hashrate-total">
            {formatUsdt(me.data.investment_sum)}
          </ValueRow>
          <ValueRow label={t('hashRate.rate')} testId="hashrate-rate">
            {formatRate(me.data.dividend_rate)}
          </ValueRow>
          <div className="row">
            <dt>{t('hashRate.daily')}</dt>
            <dd data-testid="hashrate-daily">
              {formatYield(dailyYield(me.data.investment_sum, me.data.dividend_rate))}
            </dd>
          </div>
        </dl>
        <p className="muted small hashrate-note">{t('hashRate.note')}</p>
      </>
    );
  }
  return (
    <section className="card" data-testid="hashrate-summary">
      <h3 className="card-title">{t('hashRate.summary')}</h3>
      {body}
    </section>
  );
}
