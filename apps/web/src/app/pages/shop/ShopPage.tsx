import { EmptyState } from '@web/components/EmptyState.tsx';
import { LastKnown } from '@web/components/LastKnown.tsx';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { PriceSourceNote, PricesPaused } from '@web/components/PriceSourceNote.tsx';
import { PullRefresh } from '@web/components/PullRefresh.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { useProducts } from '@web/features/shop/api/get-products.ts';
import { useTokenPrice } from '@web/features/shop/api/get-token-price.ts';
import { PayPopup } from '@web/features/shop/components/PayPopup.tsx';
import { ProductCard } from '@web/features/shop/components/ProductCard.tsx';
import { useBuy, useCheckout } from '@web/features/shop/hooks/use-checkout.ts';
import { formatUsdt } from '@web/lib/format.ts';
import { paths } from '@web/lib/paths.ts';
import { isUnavailable } from '@web/lib/request.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Shop (tab 2): the products; Buy opens the checkout with a quote (the order is made on "Confirm and pay"). */
export default function ShopPage() {
  const { t } = useTranslation();
  const products = useProducts();
  const price = useTokenPrice();
  const config = usePublicConfig();
  const checkout = useCheckout();
  const { buying, buy } = useBuy(checkout.openQuote);

  let body: ReactNode;
  if (products.isPending) {
    body = <LoadingState testId="shop-loading" />;
  } else if (products.isError && !products.data) {
    body = <LoadFailed testId="shop-error" error={products.error} onRetry={() => void products.refetch()} />;
  } else if (!products.data?.length) {
    body = <EmptyState />;
  } else {
    body = products.data.map((product) => (
      <ProductCard key={product.id} product={product} buying={buying === product.id} onBuy={buy} />
    ));
  }

  return (
    <div className="page shop">
      <PullRefresh onRefresh={() => Promise.all([products.refetch(), price.refetch()])}>
        <div className="shop-header">
          {price.data && (
            <span>
              <span className="muted small" data-testid="shop-agc-price">
                {t('pay.agcPrice', { price: formatUsdt(price.data.price_usdt) })}
              </span>
              <PriceSourceNote source={price.data.source} testId="shop-price-source" />
            </span>
          )}
          {price.isError && isUnavailable(price.error) && <PricesPaused testId="shop-prices-paused" />}
          <PageLink to={paths.shopOrderList} className="btn-link shop-orders-link" testId="shop-orders">
            {t('shop.myOrders')}
          </PageLink>
        </div>
        <LastKnown query={products} testId="shop-last-known" />
        {body}
      </PullRefresh>
      <PayPopup {...checkout.popup} config={config.data} />
    </div>
  );
}
