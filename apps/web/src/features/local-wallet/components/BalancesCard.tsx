import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '@web/components/LoadState.tsx';
import { PriceSourceNote, PricesPaused } from '@web/components/PriceSourceNote.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatAsset } from '@web/lib/format.ts';
import { LOCAL_ASSETS, type LocalBalances } from '@web/lib/wallet/local-chain.ts';
import { useTranslation } from 'react-i18next';
import { type UsdtPrices, usdtValue } from '../model/value.ts';

/**
 * The three balances at one block, each with its USDT value (AGC and ETH at the server's public `prices`, for
 * visitors too). Skeletons while the first read runs; 'Load Failed' with retry in one place. Without prices
 * (still loading, or `pricesFailed`) the balances show alone, and a failed read says so under them.
 */
export function BalancesCard({
  query,
  prices,
  pricesFailed = false,
}: {
  query: Pick<UseQueryResult<LocalBalances>, 'data' | 'error' | 'isPending' | 'refetch'>;
  prices: UsdtPrices | null | undefined;
  pricesFailed?: boolean;
}) {
  const { t } = useTranslation();
  const { data } = query;
  let body: React.ReactNode;
  if (data) {
    body = (
      <dl className="rows">
        {LOCAL_ASSETS.map((asset) => {
          const value = usdtValue(asset, data[asset], prices);
          return (
            <div className="row" key={asset}>
              <dt>{asset}</dt>
              <dd>
                <span data-testid={`local-balance-${asset}`}>{formatAsset(data[asset], asset)}</span>
                {value !== null && asset !== 'USDT' && (
                  <span className="muted small local-value" data-testid={`local-value-${asset}`}>
                    {' ≈ '}
                    {formatAsset(value, 'USDT')}
                  </span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    );
  } else if (query.error) {
    body = (
      <LoadFailed testId="local-balances-error" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else {
    body = <Skeleton rows={3} testId="local-balances-loading" />;
  }
  return (
    <section className="card" data-testid="local-balances" aria-busy={query.isPending || undefined}>
      <h2 className="card-title">{t('localWalletPages.index.balances')}</h2>
      {body}
      {data && prices && (
        <>
          {(prices.agc_usdt === null || prices.eth_usdt === null) && (
            <PricesPaused testId="local-prices-paused" />
          )}
          <PriceSourceNote source={prices.source} testId="local-price-source" />
        </>
      )}
      {data && !prices && pricesFailed && (
        <p className="muted small" data-testid="local-prices-failed">
          {t('localWalletPages.index.pricesUnavailable')}
        </p>
      )}
    </section>
  );
}
