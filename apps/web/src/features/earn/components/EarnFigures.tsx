import type { EarnSummary } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAgc, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/**
 * The spec's five figures of the simple-earn wallet: total amount (large), yesterday income, total earned,
 * total holding and the locked AGC of the launchpad.
 */
export function EarnFigures({ summary }: { summary: EarnSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="muted small">{t('earn.figures.totalAmount')}</p>
      <p className="earn-total" data-testid="earn-total-amount">
        {formatUsdt(summary.total_amount_usdt)}
      </p>
      <dl className="rows">
        <ValueRow label={t('earn.figures.yesterdayIncome')} testId="earn-yesterday-income">
          {formatUsdt(summary.yesterday_income_usdt)}
        </ValueRow>
        <ValueRow label={t('earn.figures.totalEarned')} testId="earn-total-earned">
          {formatUsdt(summary.total_earned_usdt)}
        </ValueRow>
        <ValueRow label={t('earn.figures.totalHolding')} testId="earn-total-holding">
          {formatUsdt(summary.total_holding_usdt)}
        </ValueRow>
        <ValueRow label={t('earn.figures.lockedAgc')} testId="earn-locked-agc">
          {formatAgc(summary.locked_agc)}
        </ValueRow>
      </dl>
    </>
  );
}
