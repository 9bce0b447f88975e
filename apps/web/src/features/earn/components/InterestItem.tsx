import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { EarnInterest } from '../api/get-earn-interest.ts';

/** One day's interest: the day, what it paid and on which holding. */
export function InterestItem({ interest }: { interest: EarnInterest }) {
  const { t } = useTranslation();
  return (
    <div className="card earn-interest" data-testid={`earn-interest-${interest.day}`}>
      <span className="earn-movement__head">
        <span>{interest.day}</span>
        <span className="earn-interest__amount" data-testid="earn-interest-amount">
          +{formatUsdt(interest.amount_usdt)}
        </span>
      </span>
      <span className="muted small">{t('earn.records.base', { num: formatUsdt(interest.base_usdt) })}</span>
    </div>
  );
}
