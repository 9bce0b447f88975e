import type { Order } from '@agc/shared';
import { ItemButton, ItemRow } from '@web/components/ItemButton.tsx';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { OrderStatusTag } from './OrderStatusTag.tsx';

/** One order of the member's list; opens its detail. */
export function OrderListItem({ order, onOpen }: { order: Order; onOpen: (order: Order) => void }) {
  const { t } = useTranslation();
  return (
    <ItemButton
      className="order-item"
      data-testid={`order-item-${order.order_id}`}
      onClick={() => onOpen(order)}
    >
      <span className="order-item-head">
        <span className="order-item-name">{order.product.name}</span>
        <OrderStatusTag status={order.status} disputed={order.disputed} testId="order-status" />
      </span>
      <ItemRow label={t('order.fields.pay_amount_usdt')} testId="order-amount">
        {formatUsdt(order.pay_amount_usdt)}
      </ItemRow>
      <ItemRow label={t('order.fields.service_fee_agc')} testId="order-fee">
        {formatAgc(order.service_fee_agc)}
      </ItemRow>
      <span className="order-item-row muted small">
        <span>{order.order_id}</span>
        <span>{formatEventTime(order.created_at, t)}</span>
      </span>
    </ItemButton>
  );
}
