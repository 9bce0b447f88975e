import type { Order } from '@agc/shared';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import { formatCountdown, useCountdown } from '@web/lib/use-countdown.ts';
import { useTranslation } from 'react-i18next';

export interface UnpaidOrdersProps {
  orders: readonly Order[];
  /** The first page failed (nothing to show). */
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** The order whose checkout is being opened. */
  opening: string | null;
  onPay: (order: Order) => void;
}

function UnpaidOrder({
  order,
  opening,
  onPay,
}: {
  order: Order;
  opening: boolean;
  onPay: (o: Order) => void;
}) {
  const { t } = useTranslation();
  const left = useCountdown(order.quote_expires_at);
  return (
    <li className="hashrate-unpaid-item" data-testid={`hashrate-unpaid-${order.order_id}`}>
      <span className="hashrate-unpaid-body">
        <span className="order-item-name">{order.product.name}</span>
        <span>{formatUsdt(order.pay_amount_usdt)}</span>
        <span className="muted small">
          {t('pay.expiresIn')} {formatCountdown(left)}
        </span>
      </span>
      <button
        type="button"
        className="btn btn-primary btn-small"
        data-testid={`hashrate-pay-${order.order_id}`}
        disabled={opening}
        aria-busy={opening}
        onClick={() => onPay(order)}
      >
        {t('hashRate.pay')}
      </button>
    </li>
  );
}

/** Orders placed but not paid yet, each with Pay (the shop's checkout and payment steps). */
export function UnpaidOrders(props: UnpaidOrdersProps) {
  const { t } = useTranslation();
  if (props.orders.length === 0 && !props.error) return null;
  return (
    <section className="card notice" data-testid="hashrate-unpaid">
      <h3 className="card-title">{t('hashRate.unpaid')}</h3>
      {props.orders.length === 0 ? (
        <ErrorRetry testId="hashrate-unpaid-error" error={props.error} onRetry={props.retry} small />
      ) : (
        <ul className="list">
          {props.orders.map((order) => (
            <UnpaidOrder
              key={order.order_id}
              order={order}
              opening={props.opening === order.order_id}
              onPay={props.onPay}
            />
          ))}
        </ul>
      )}
      {props.hasMore && (
        <button
          type="button"
          className="btn-link list-retry"
          data-testid="hashrate-unpaid-more"
          disabled={props.loadingMore}
          onClick={props.loadMore}
        >
          {t('hashRate.more')}
        </button>
      )}
    </section>
  );
}
