import type { FundProduct } from '@agc/shared';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { FieldRows } from '@web/components/FieldRows.tsx';
import { formatNav, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { NavChart } from './NavChart.tsx';
import { RiskTag } from './RiskTag.tsx';
import '../funds.css';

const percent = (value: string) => `${value}%`;

/** A fund's page: description, every figure, the forward-pricing rule with the next NAV day, the NAV chart. */
export function FundDetail({ product, onSubscribe }: { product: FundProduct; onSubscribe: () => void }) {
  const { t } = useTranslation();
  const on = product.status === 'on';
  return (
    <div className="fund-detail" data-testid="fund-detail">
      <section className="card">
        <div className="item-stack-head">
          <h2 className="item-stack-name" data-testid="fund-detail-name">
            {product.name}
          </h2>
          <RiskTag risk={product.risk} testId="fund-detail-risk" />
        </div>
        <p className="fund-detail-yield">
          <strong data-testid="fund-detail-yield">
            {t('fund.products.yieldValue', { value: product.expected_yield_percent })}
          </strong>{' '}
          <span className="muted small">{t('fund.products.expectedYield')}</span>
        </p>
        {product.description.trim() && (
          <p className="fund-detail-description" data-testid="fund-detail-description">
            {product.description}
          </p>
        )}
      </section>
      <section className="card">
        <FieldRows
          labelPrefix="fund.detail.fields"
          testIdPrefix="fund-detail"
          rows={[
            [
              'nav',
              product.nav ? `${formatNav(product.nav)} (${product.nav_day ?? ''})` : t('fund.products.noNav'),
            ],
            ['minimum', formatUsdt(product.minimum_usdt)],
            ['lock', t('count.day', { count: product.lock_days })],
            ['subscriptionFee', percent(product.subscription_fee_percent)],
            ['redemptionFee', percent(product.redemption_fee_percent)],
            ['distribution', percent(product.distribution_percent)],
            ['nextNavDay', product.next_nav_day],
          ]}
        />
        <p className="muted small fund-forward" data-testid="fund-detail-forward">
          {t('fund.detail.forward', { day: product.next_nav_day })}
        </p>
      </section>
      <NavChart productId={product.id} />
      <div className="fund-detail-actions">
        <BlockButton variant="primary" testId="fund-subscribe" disabled={!on} onClick={onSubscribe}>
          {on ? t('fund.detail.subscribe') : t('fund.detail.offSale')}
        </BlockButton>
      </div>
    </div>
  );
}
