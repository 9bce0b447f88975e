import type { PublicConfig } from '@agc/shared';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatAgc, formatEth, formatUsdt } from '@web/lib/format.ts';
import { useWalletBalances } from '@web/lib/wallet-balances.ts';
import { useTranslation } from 'react-i18next';
import '../portfolio.css';

/**
 * What the wallet itself holds (USDT, AGC, ETH for gas), read from the chain: apart from what the app owes the
 * member. Skeletons while reading; if the RPC does not answer, one quiet line (the rest of home still works).
 */
export function WalletBalancesCard({
  config,
  configFailed = false,
  address,
}: {
  config: PublicConfig | undefined;
  /** The configuration (which names the RPC and the tokens) could not be read: nothing to read from. */
  configFailed?: boolean;
  address: string | undefined;
}) {
  const { t } = useTranslation();
  const balances = useWalletBalances(config, address);
  const b = balances.data;
  const rows = [
    { id: 'usdt', label: 'USDT', value: b && formatUsdt(b.usdt) },
    { id: 'agc', label: 'AGC', value: b && formatAgc(b.agc) },
    {
      id: 'eth',
      label: t('portfolio.wallet.eth'),
      value: b && formatEth(b.eth),
    },
  ];
  return (
    <section className="card" data-testid="portfolio-wallet" aria-labelledby="portfolio-wallet-title">
      <div className="card-head">
        <h3 className="card-title" id="portfolio-wallet-title">
          {t('portfolio.wallet.title')}
        </h3>
      </div>
      {b ? (
        <dl className="portfolio-balances">
          {rows.map((row) => (
            <div key={row.id} className="portfolio-balance">
              <dt>{row.label}</dt>
              <dd data-testid={`portfolio-wallet-${row.id}`}>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : balances.isError || (configFailed && !config) ? (
        <p className="muted small" data-testid="portfolio-wallet-error">
          {t('portfolio.wallet.unavailable')}{' '}
          <button
            type="button"
            className="btn-link card-link"
            onClick={() => void balances.refetch()}
            hidden={!config}
          >
            {t('common.retry')}
          </button>
        </p>
      ) : (
        <Skeleton rows={3} testId="portfolio-wallet-loading" />
      )}
    </section>
  );
}
