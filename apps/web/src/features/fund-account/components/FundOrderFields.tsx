import type { FundOrder } from '@agc/shared';
import { type FieldRow, FieldRows } from '@web/components/FieldRows.tsx';
import { formatEventTime, formatNav, formatUnits, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { FundOrderStatusTag, RiskTag } from './FundTags.tsx';
import { Signed } from './HoldingsSummary.tsx';

/**
 * The spec's fund order, each field as `fund-order-detail-<field>` (labels `fund.order.fields.*`), showing only what
 * is true of the order's state: before its NAV it holds no units and has no value (no rows of them, never a 0.00
 * that reads as a loss), and a time that has not come (paid, subscribed, redeemed, audited, arrived) has no row.
 */
export function FundOrderFields({ order }: { order: FundOrder }) {
  const { t } = useTranslation();
  const time = (value: string | null) => formatEventTime(value, t);
  const priced = order.unit_nav !== null;
  const rows: (FieldRow | false)[] = [
    [
      'product',
      <span key="product">
        {order.product.name} <RiskTag risk={order.product.risk} />
      </span>,
    ],
    ['order_id', order.order_id],
    ['status', <FundOrderStatusTag key="status" status={order.status} disputed={order.disputed} />],
    ['amount_usdt', formatUsdt(order.amount_usdt)],
    ['fee_usdt', formatUsdt(order.fee_usdt)],
    priced && ['units', formatUnits(order.units)],
    priced && ['units_held', formatUnits(order.units_held)],
    priced && ['units_redeeming', formatUnits(order.units_redeeming)],
    order.unit_nav !== null && ['unit_nav', formatNav(order.unit_nav)],
    priced && order.current_nav !== null && ['current_nav', formatNav(order.current_nav)],
    priced && ['value_usdt', formatUsdt(order.value_usdt)],
    priced && ['cost_usdt', formatUsdt(order.cost_usdt)],
    priced && ['estimated_revenue_usdt', <Signed key="est" value={order.estimated_revenue_usdt} />],
    priced && ['realized_revenue_usdt', <Signed key="real" value={order.realized_revenue_usdt} />],
    ['lock_days', t('count.day', { count: order.lock_days })],
    order.lock_ends_at !== null && ['lock_ends_at', time(order.lock_ends_at)],
    ['created_at', time(order.created_at)],
    order.paid_at !== null && ['paid_at', time(order.paid_at)],
    order.subscribed_at !== null && ['subscribed_at', time(order.subscribed_at)],
    order.redeem_date !== null && ['redeem_date', time(order.redeem_date)],
    order.audit_date !== null && ['audit_date', time(order.audit_date)],
    order.arrival_date !== null && ['arrival_date', time(order.arrival_date)],
  ];
  if (order.status === 'UnPaid') rows.push(['quote_expires_at', time(order.quote_expires_at)]);
  if (order.tx_hash)
    rows.push([
      'tx_hash',
      <span key="tx" className="break">
        {order.tx_hash}
      </span>,
    ]);
  if (order.cancelled_at) rows.push(['cancelled_at', time(order.cancelled_at)]);
  if (order.reason) rows.push(['reason', order.reason]);
  if (order.disputed) rows.push(['disputed', t('incidents.disputedNote')]);
  return (
    <FieldRows
      rows={rows.filter((r): r is FieldRow => r !== false)}
      labelPrefix="fund.order.fields"
      testIdPrefix="fund-order-detail"
    />
  );
}
