import type { FundOrder } from '@agc/shared';
import { ItemButton, ItemRow } from '@web/components/ItemButton.tsx';
import { formatEventTime, formatUnits, formatUsdt } from '@web/lib/format.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FundOrderStatusTag, RiskTag } from './FundTags.tsx';
import { Signed } from './HoldingsSummary.tsx';

/** One fund order of the holdings list: product and risk, status, units, value, estimated revenue, lock end. */
export function FundOrderItem({ order, onOpen }: { order: FundOrder; onOpen: (order: FundOrder) => void }) {
  const { t } = useTranslation();
  const priced = order.unit_nav !== null;
  return (
    <ItemButton
      className="fund-order-item"
      data-testid={`fund-order-${order.order_id}`}
      onClick={() => onOpen(order)}
    >
      <span className="fund-order-item-head">
        <span className="fund-order-item-name">
          {order.product.name} <RiskTag risk={order.product.risk} />
        </span>
        <FundOrderStatusTag status={order.status} disputed={order.disputed} testId="fund-order-status" />
      </span>
      {priced ? (
        <>
          <OrderRow field="units_held" testId="fund-order-units">
            {formatUnits(order.units_held)}
          </OrderRow>
          {/[1-9]/.test(order.units_redeeming) && (
            <OrderRow field="units_redeeming" testId="fund-order-units-redeeming">
              {formatUnits(order.units_redeeming)}
            </OrderRow>
          )}
          <OrderRow field="value_usdt" testId="fund-order-value">
            {formatUsdt(order.value_usdt)}
          </OrderRow>
          <span className="fund-order-item-row">
            <span className="muted">{t('fund.order.fields.estimated_revenue_usdt')}</span>
            <Signed value={order.estimated_revenue_usdt} testId="fund-order-revenue" />
          </span>
          <OrderRow field="lock_ends_at" testId="fund-order-lock-end">
            {formatEventTime(order.lock_ends_at, t)}
          </OrderRow>
        </>
      ) : (
        <>
          <OrderRow field="amount_usdt" testId="fund-order-amount">
            {formatUsdt(order.amount_usdt)}
          </OrderRow>
          {order.status === 'Processing' && order.nav_day && (
            <span className="fund-order-item-row muted small" data-testid="fund-order-nav-day">
              {t('fund.order.pricedAt', { day: order.nav_day })}
            </span>
          )}
        </>
      )}
      <span className="fund-order-item-row muted small">
        <span>
          {t('fund.order.fields.order_id')} {order.order_id}
        </span>
        <span>{formatEventTime(order.created_at, t)}</span>
      </span>
    </ItemButton>
  );
}

/** One figure of the order under its field's name (`fund.order.fields.<field>`). */
function OrderRow({ field, testId, children }: { field: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ItemRow label={t(`fund.order.fields.${field}`)} testId={testId} className="fund-order-item-row">
      {children}
    </ItemRow>
  );
}
