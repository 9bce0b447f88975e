import type { Order } from '@agc/shared';
import { ItemButton } from '@web/components/ItemButton.tsx';
import { formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { dailyYield, formatYield } from '../yield.ts';

/** One confirmed investment: product, amount, confirmation time and its daily yield; opens the order. */
export function HashRateItem({
  order,
  ratePercent,
  onOpen,
}: {
  order: Order;
  /** GET me's dividend_rate (percent per day); undefined while it loads. */
  ratePercent: string | undefined;
  onOpen: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const daily = ratePercent === undefined ? null : dailyYield(order.pay_amount_usdt, ratePercent);
  return (
    <ItemButton
      className="order-item"
      data-testid={`hashrate-item-${order.order_id}`}
      onClick={() => onOpen(order)}
    >
      <span className="order-item-head">
        <span className="order-item-name">{order.product.name}</span>
        <span data-testid="hashrate-item-amount">{formatUsdt(order.pay_amount_usdt)}</span>
      </span>
      <span className="order-item-row">
        <span className="muted">{t('hashRate.itemDaily')}</span>
        <span className="hashrate-yield" data-testid={`hashrate-item-daily-${order.order_id}`}>
          {formatYield(daily)}
        </span>
      </span>
      <span className="order-item-row muted small">
        <span>{t('hashRate.confirmedAt')}</span>
        <span data-testid="hashrate-item-time">{formatEventTime(order.collection_time, t)}</span>
      </span>
    </ItemButton>
  );
}
