import type { FundProduct } from '@agc/shared';
import { EmptyState } from '@web/components/EmptyState.tsx';
import { ItemButton } from '@web/components/ItemButton.tsx';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { formatNav, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { useFundProducts } from '../api/get-fund-products.ts';
import { RiskTag } from './RiskTag.tsx';
import '../funds.css';

/** One fund of the list: name and risk, expected yield, lock, minimum, latest NAV and its day. */
export function FundProductItem({ product, onOpen }: { product: FundProduct; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <ItemButton
      className="item-stack"
      data-testid={`fund-product-${product.id}`}
      onClick={() => onOpen(product.id)}
    >
      <span className="item-stack-head">
        <span className="item-stack-name">{product.name}</span>
        <RiskTag risk={product.risk} testId="fund-product-risk" />
      </span>
      <span className="fund-item-yield">
        <strong data-testid="fund-product-yield">
          {t('fund.products.yieldValue', { value: product.expected_yield_percent })}
        </strong>
        <span className="muted small">{t('fund.products.expectedYield')}</span>
      </span>
      <span className="item-figures fund-item-figures">
        <span>
          <span className="muted small">{t('fund.products.lock')}</span>
          <span data-testid="fund-product-lock">{t('count.day', { count: product.lock_days })}</span>
        </span>
        <span>
          <span className="muted small">{t('fund.products.minimum')}</span>
          <span data-testid="fund-product-minimum">{formatUsdt(product.minimum_usdt)}</span>
        </span>
        <span>
          <span className="muted small">{t('fund.products.nav')}</span>
          <span data-testid="fund-product-nav">
            {product.nav ? formatNav(product.nav) : t('fund.products.noNav')}
          </span>
          {product.nav_day && (
            <span className="muted small" data-testid="fund-product-nav-day">
              {product.nav_day}
            </span>
          )}
        </span>
      </span>
    </ItemButton>
  );
}

/** The funds on sale (found home): skeletons while loading, Load Failed with a retry, an empty state. */
export function FundProductList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const products = useFundProducts();
  if (products.isPending) return <LoadingState testId="fund-products-loading" rows={4} />;
  if (products.isError)
    return (
      <LoadFailed
        testId="fund-products-error"
        error={products.error}
        onRetry={() => void products.refetch()}
      />
    );
  const list = products.data.filter((p) => p.status === 'on');
  if (list.length === 0)
    return (
      <div data-testid="fund-products-empty">
        <EmptyState description={t('fund.products.empty')} />
      </div>
    );
  return (
    <div className="fund-list" data-testid="fund-products">
      {list.map((p) => (
        <FundProductItem key={p.id} product={p} onOpen={onOpen} />
      ))}
    </div>
  );
}
