// The wallet's side of the checkout: its USDT, AGC and ETH (read from the configured RPC), what the three
// transactions take (the USDT price + the AGC fee, gas in ETH), and a warning when the wallet holds too little.
import type { PublicConfig } from '@agc/shared';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatAgc, formatAssetExact, formatEth, formatUsdt } from '@web/lib/format.ts';
import { type WalletBalances, walletBalancesQueryOptions } from '@web/lib/wallet-balances.ts';
import { useTranslation } from 'react-i18next';

/** What the payment takes from the wallet, in minor units. */
export interface Needed {
  usdt: bigint;
  agc: bigint;
}

export interface Funds {
  /** The balances, once read. */
  balances: WalletBalances | undefined;
  /** Reading (Confirm waits; cached figures, if any, are shown without verdict); false once read or failed. */
  loading: boolean;
  /** The balances could not be read. */
  unavailable: boolean;
  shortUsdt: boolean;
  shortAgc: boolean;
  /** No ETH at all: the transactions' gas cannot be paid. */
  noGas: boolean;
  /** Confirm may go on: balances read and enough, or not readable (the wallet refuses what it cannot pay). */
  enough: boolean;
}

/**
 * The wallet's balances against what the payment needs. Read again whenever a checkout opens (staleTime 0):
 * a copy cached by another page (home) a minute ago may predate a top-up. Until that read is back the cached
 * figures are shown without verdict and Confirm waits.
 */
export function useWalletFunds(
  config: PublicConfig | undefined,
  address: string | undefined,
  need: Needed,
): Funds {
  const query = useQuery({ ...walletBalancesQueryOptions(config, address), staleTime: 0 });
  const balances = query.data;
  const failed = query.isError || query.failureCount > 0;
  const unavailable = !balances && failed;
  const loading = query.fetchStatus === 'fetching' && !failed;
  const judged = balances && !loading ? balances : undefined;
  const shortUsdt = judged ? judged.usdt < need.usdt : false;
  const shortAgc = judged ? judged.agc < need.agc : false;
  const noGas = judged ? judged.eth === 0n : false;
  return {
    balances,
    loading,
    unavailable,
    shortUsdt,
    shortAgc,
    noGas,
    enough: !loading && !shortUsdt && !shortAgc && !noGas,
  };
}

/** What the payment moves and a shortfall: every digit (exact rows); the wallet's balances: summaries. */
const exactUsdt = (v: bigint) => formatAssetExact(v, 'USDT');
const exactAgc = (v: bigint) => formatAssetExact(v, 'AGC');

export function WalletFunds({ funds, need }: { funds: Funds; need: Needed }) {
  const { t } = useTranslation();
  const { balances } = funds;
  return (
    <section className="wallet-funds" data-testid="wallet-funds" aria-label={t('pay.funds.title')}>
      <dl className="rows">
        <div className="row">
          <dt>{t('pay.funds.total')}</dt>
          <dd className="wallet-funds-total" data-testid="funds-total">
            {t('pay.funds.totalValue', { usdt: exactUsdt(need.usdt), agc: exactAgc(need.agc) })}
          </dd>
        </div>
      </dl>
      <p className="muted small wallet-funds-gas">{t('pay.funds.gasNote')}</p>
      <h4 className="wallet-funds-title">{t('pay.funds.title')}</h4>
      {funds.loading && !balances ? (
        <Skeleton rows={3} testId="funds-loading" />
      ) : balances ? (
        <dl className="rows" data-testid="funds-balances" aria-busy={funds.loading}>
          <div className={funds.shortUsdt ? 'row row-short' : 'row'}>
            <dt>USDT</dt>
            <dd data-testid="funds-usdt">{formatUsdt(balances.usdt)}</dd>
          </div>
          <div className={funds.shortAgc ? 'row row-short' : 'row'}>
            <dt>AGC</dt>
            <dd data-testid="funds-agc">{formatAgc(balances.agc)}</dd>
          </div>
          <div className={funds.noGas ? 'row row-short' : 'row'}>
            <dt>{t('pay.funds.ethGas')}</dt>
            <dd data-testid="funds-eth">{formatEth(balances.eth)}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted small" data-testid="funds-unavailable">
          {t('pay.funds.unavailable')}
        </p>
      )}
      {(funds.shortUsdt || funds.shortAgc || funds.noGas) && balances && (
        <div className="notice card checkout-warning" role="alert" data-testid="funds-short">
          {funds.shortUsdt && (
            <p>
              {t('pay.funds.short', {
                asset: 'USDT',
                have: exactUsdt(balances.usdt),
                need: exactUsdt(need.usdt),
              })}
            </p>
          )}
          {funds.shortAgc && (
            <p>
              {t('pay.funds.short', { asset: 'AGC', have: exactAgc(balances.agc), need: exactAgc(need.agc) })}
            </p>
          )}
          {funds.noGas && <p>{t('pay.funds.noGas')}</p>}
        </div>
      )}
    </section>
  );
}
