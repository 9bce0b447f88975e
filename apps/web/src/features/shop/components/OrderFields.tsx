import type { Order } from '@agc/shared';
import { Address } from '@web/components/Address.tsx';
import { type FieldRow, FieldRows } from '@web/components/FieldRows.tsx';
import { PriceSourceNote } from '@web/components/PriceSourceNote.tsx';
import { TxHashLink } from '@web/components/TxHashLink.tsx';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { OrderStatusTag } from './OrderStatusTag.tsx';

/** Every field of a shop order, each as `order-detail-<field>`. */
export function OrderFields({ order, explorerUrl }: { order: Order; explorerUrl?: string }) {
  const { t } = useTranslation();
  const time = (value: string | null) => formatEventTime(value, t);
  const rows: FieldRow[] = [
    ['order_id', order.order_id],
    ['product', order.product.name],
    ['status', <OrderStatusTag key="status" status={order.status} disputed={order.disputed} />],
    ['pay_amount_usdt', formatUsdt(order.pay_amount_usdt)],
    ['service_fee_agc', formatAgc(order.service_fee_agc)],
    [
      'agc_price_usdt',
      <span key="agc-price">
        {formatUsdt(order.agc_price_usdt)}
        <PriceSourceNote source={order.price_source} block={order.price_block} testId="order-price-source" />
      </span>,
    ],
    ['total_amount_usdt', formatUsdt(order.total_amount_usdt)],
    ['amount_received_usdt', formatUsdt(order.amount_received_usdt)],
    ['payment_method', order.payment_method || '-'],
    ['wallet', <Address key="wallet" address={order.wallet} testId="order-wallet" />],
    ['tx_hash', order.tx_hash ? <TxHashLink key="tx" hash={order.tx_hash} explorerUrl={explorerUrl} /> : '-'],
    ['transaction_id', order.transaction_id ?? '-'],
    ['created_at', time(order.created_at)],
    ['quote_expires_at', time(order.quote_expires_at)],
    ['pay_time', time(order.pay_time)],
    ['collection_time', time(order.collection_time)],
  ];
  if (order.canceled_at) rows.push(['canceled_at', time(order.canceled_at)]);
  if (order.reason) rows.push(['reason', order.reason]);
  if (order.disputed) rows.push(['disputed', t('incidents.disputedNote')]);
  return <FieldRows rows={rows} labelPrefix="order.fields" testIdPrefix="order-detail" />;
}
