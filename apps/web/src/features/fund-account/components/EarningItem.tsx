import type { FundEarning } from '@agc/shared';
import { formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { earningKindKey } from './FundTags.tsx';

/** One fund earning: kind, amount, day, base × rate, and whose volume it came from. */
export function EarningItem({ earning: e }: { earning: FundEarning }) {
  const { t } = useTranslation();
  return (
    <div className="card fund-earning" data-testid={`fund-earning-${e.id}`}>
      <div className="fund-order-item-head">
        <span className="fund-order-item-name" data-testid="fund-earning-kind">
          {t(earningKindKey(e.kind))}
        </span>
        <span className="fund-signed fund-signed--up" data-testid="fund-earning-amount">
          +{formatUsdt(e.amount_usdt)}
        </span>
      </div>
      <div className="fund-order-item-row muted small">
        <span>{t('fund.agent.base', { base: formatUsdt(e.base_usdt), rate: `${e.rate_percent}%` })}</span>
        <span>{e.day}</span>
      </div>
      {e.source && (
        <div className="fund-order-item-row muted small">
          <span>{t('fund.agent.source')}</span>
          <span data-testid="fund-earning-source">{e.source}</span>
        </div>
      )}
      <div className="fund-order-item-row muted small">
        <span />
        <span>{formatEventTime(e.created_at, t)}</span>
      </div>
    </div>
  );
}
