import type { Order } from '@agc/shared';
import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { OrderStatusTag } from './OrderStatusTag.tsx';
import { type PayResultState, PayResultSteps } from './PayResult.tsx';

/** What the page says of an order it found: product and amount, status, and what the state adds. */
export function PayOrderResult({ order, state }: { order: Order; state: PayResultState }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="muted" data-testid="pay-result-order">
        {order.product.name} · {formatUsdt(order.pay_amount_usdt)}
      </p>
      <p>
        {t('order.fields.status')}: <OrderStatusTag status={order.status} testId="order-status" />
      </p>
      {state === 'unpaid' && (
        <>
          <p className="muted" data-testid="pay-result-hint">
            {t('payResult.unpaidHint')}
          </p>
          <PayResultSteps order={order} />
        </>
      )}
      {state === 'waiting' && (
        <>
          <PayResultSteps order={order} />
          <p className="muted" data-testid="order-status-later">
            {t('message.orderStatusLater')}
          </p>
        </>
      )}
      {state === 'failed' && (
        <>
          <p data-testid="pay-result-reason">
            {t('order.fields.reason')}: {order.reason ?? t('payResult.noReason')}
          </p>
          <p className="muted" data-testid="pay-result-hint">
            {order.tx_hash ? t('payResult.failedPaidHint') : t('payResult.failedHint')}
          </p>
        </>
      )}
      {state === 'success' && (
        <p className="muted" data-testid="pay-result-hint">
          {t('payResult.successHint', { amount: formatUsdt(order.amount_received_usdt) })}
        </p>
      )}
    </>
  );
}
