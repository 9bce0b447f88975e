import type { FundOrder } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatNav, formatUnits, formatUsdt, unbroken } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/** What a fund payment's result says, by the order's state: sent, received (waiting for its NAV), priced, not paid. */
export type FundPayState = 'sent' | 'received' | 'priced' | 'unpaid' | 'cancelled';

export function fundPayState(order: FundOrder): FundPayState {
  switch (order.status) {
    case 'Paid':
      return 'sent';
    case 'Processing':
      return 'received';
    case 'UnPaid':
      return 'unpaid';
    case 'Cancelled':
      return 'cancelled';
    default:
      return 'priced';
  }
}

const ICON: Record<FundPayState, { fill: string; path: string }> = {
  priced: { fill: '#00b578', path: 'm19 33 9 9 17-19' },
  received: { fill: '#00b578', path: 'm19 33 9 9 17-19' },
  sent: { fill: '#1677ff', path: 'M32 18v15l9 6' },
  unpaid: { fill: '#fa8c16', path: 'M32 18v17M32 44v1' },
  cancelled: { fill: '#e5484d', path: 'M22 22l20 20M42 22 22 42' },
};

/**
 * The result of paying a subscription, as the shop's: the icon and a title saying what happened ("Payment received"),
 * the sentence of what comes next ("units are assigned at the NAV of 2026-11-28"), then the few figures true now
 * (product, amount, fee; units and NAV once priced). No empty rows: the order page has every field.
 */
export function FundPayResult({ order }: { order: FundOrder }) {
  const { t } = useTranslation();
  const state = fundPayState(order);
  const icon = ICON[state];
  const priced = state === 'priced' && order.unit_nav !== null;
  return (
    <section className="card result" data-testid="fund-pay-result" data-state={state}>
      <svg width="64" height="64" viewBox="0 0 64 64" fill="none" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill={icon.fill} />
        <path d={icon.path} stroke="#ffffff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 data-testid="fund-pay-result-title">{t(`fund.payResult.title.${state}`)}</h2>
      <p className="muted" data-testid="fund-pay-result-text">
        {t(`fund.payResult.text.${state}`, {
          day: order.nav_day ? unbroken(order.nav_day) : '',
          units: formatUnits(order.units),
          nav: order.unit_nav ? formatNav(order.unit_nav) : '',
        })}
      </p>
      <dl className="rows">
        <ValueRow label={t('fund.order.fields.product')} testId="fund-pay-result-product">
          {order.product.name}
        </ValueRow>
        <ValueRow label={t('fund.order.fields.amount_usdt')} testId="fund-pay-result-amount">
          {formatUsdt(order.amount_usdt)}
        </ValueRow>
        <ValueRow label={t('fund.order.fields.fee_usdt')} testId="fund-pay-result-fee">
          {formatUsdt(order.fee_usdt)}
        </ValueRow>
        {priced && (
          <ValueRow label={t('fund.order.fields.units')} testId="fund-pay-result-units">
            {formatUnits(order.units)}
          </ValueRow>
        )}
      </dl>
    </section>
  );
}
