import type { FundOrder } from '@agc/shared';
import { type FieldRow, FieldRows } from '@web/components/FieldRows.tsx';
import { formatEventTime, formatNav, formatUnits, formatUsdt } from '@web/lib/format.ts';
import type React from 'react';
import { useTranslation } from 'react-i18next';
import { FundOrderStatusTag, RiskTag } from './FundTags.tsx';
import { Signed } from './HoldingsSummary.tsx';

/** Every field of the spec's fund order, each as `fund-order-detail-<field>` (labels `fund.order.fields.*`). */
export function FundOrderFields({ order }: { order: FundOrder }) {
  const { t } = useTranslation();
  const time = (value: string | null) => formatEventTime(value, t);
  const nav = (value: string | null) => (value === null ? '-' : formatNav(value));
  // Before its NAV an order holds no units and has no value yet: a dash, never a 0.00 that reads as a loss.
  const priced = order.unit_nav !== null;
  const ifPriced = (shown: React.ReactNode) => (priced ? shown : '-');
  const rows: FieldRow[] = [
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
    ['units', ifPriced(formatUnits(order.units))],
    ['units_held', ifPriced(formatUnits(order.units_held))],
    ['units_redeeming', ifPriced(formatUnits(order.units_redeeming))],
    ['unit_nav', nav(order.unit_nav)],
    ['current_nav', nav(order.current_nav)],
    ['value_usdt', ifPriced(formatUsdt(order.value_usdt))],
    ['cost_usdt', ifPriced(formatUsdt(order.cost_usdt))],
    ['estimated_revenue_usdt', ifPriced(<Signed key="est" value={order.estimated_revenue_usdt} />)],
    ['realized_revenue_usdt', ifPriced(<Signed key="real" value={order.realized_revenue_usdt} />)],
    ['lock_days', t('fund.order.days', { days: order.lock_days })],
    ['lock_ends_at', time(order.lock_ends_at)],
    ['created_at', time(order.created_at)],
    ['paid_at', time(order.paid_at)],
    ['subscribed_at', time(order.subscribed_at)],
    ['redeem_date', time(order.redeem_date)],
    ['audit_date', time(order.audit_date)],
    ['arrival_date', time(order.arrival_date)],
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
  return <FieldRows rows={rows} labelPrefix="fund.order.fields" testIdPrefix="fund-order-detail" />;
}
