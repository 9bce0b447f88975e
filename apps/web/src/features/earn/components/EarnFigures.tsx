import type { EarnSummary } from '@agc/shared';
import { PageLink } from '@web/components/PageLink.tsx';
import { formatAgc, formatUsdt } from '@web/lib/format.ts';
import { paths } from '@web/lib/paths.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One figure with the line saying where it comes from (`<testId>-source`). */
function Figure({
  label,
  source,
  testId,
  children,
}: {
  label: string;
  source: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="row earn-figure">
      <dt>
        {label}
        <span className="muted small earn-figure-source" data-testid={`${testId}-source`}>
          {source}
        </span>
      </dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * The spec's five figures of the simple-earn wallet, each saying where it comes from: total amount (large: holding
 * plus transfers out on their way), yesterday's interest, all interest earned, the holding, and the AGC locked in
 * the launchpad (not simple earn's: labelled so, with a link to the purchases it belongs to).
 */
export function EarnFigures({ summary }: { summary: EarnSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="muted small">{t('earn.figures.totalAmount')}</p>
      <p className="earn-total" data-testid="earn-total-amount">
        {formatUsdt(summary.total_amount_usdt)}
      </p>
      <p className="muted small" data-testid="earn-total-amount-source">
        {t('earn.figures.source.totalAmount')}
      </p>
      <dl className="rows">
        <Figure
          label={t('earn.figures.yesterdayIncome')}
          source={t('earn.figures.source.yesterdayIncome')}
          testId="earn-yesterday-income"
        >
          {formatUsdt(summary.yesterday_income_usdt)}
        </Figure>
        <Figure
          label={t('earn.figures.totalEarned')}
          source={t('earn.figures.source.totalEarned')}
          testId="earn-total-earned"
        >
          {formatUsdt(summary.total_earned_usdt)}
        </Figure>
        <Figure
          label={t('earn.figures.totalHolding')}
          source={t('earn.figures.source.totalHolding')}
          testId="earn-total-holding"
        >
          {formatUsdt(summary.total_holding_usdt)}
        </Figure>
        <Figure
          label={t('earn.figures.lockedAgc')}
          source={
            <>
              {t('earn.figures.source.lockedAgc')}{' '}
              <PageLink to={paths.launchpadMine} className="btn-link" testId="earn-locked-agc-link">
                {t('earn.figures.source.lockedAgcLink')}
              </PageLink>
            </>
          }
          testId="earn-locked-agc"
        >
          {formatAgc(summary.locked_agc)}
        </Figure>
      </dl>
    </>
  );
}
