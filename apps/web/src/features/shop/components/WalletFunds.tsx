// The wallet's side of the checkout: its USDT, AGC and ETH (read from the configured RPC), what the three
// transactions take (the USDT price + the AGC fee, gas in ETH), and a warning when the wallet holds too little.
import {
  AGC_DECIMALS,
  formatAmount,
  formatDisplayAmount,
  type PublicConfig,
  USDT_DECIMALS,
} from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatAgc, formatUsdt } from '../../../lib/format.ts';
import { useWalletBalances, type WalletBalances } from '../../../lib/wallet-balances.ts';

/** What the payment takes from the wallet, in minor units. */
export interface Needed {
  usdt: bigint;
  agc: bigint;
}

export interface Funds {
  /** The balances, once read. */
  balances: WalletBalances | undefined;
  /** Still reading (Confirm waits); false once read, or once the read failed (the wallet will judge then). */
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

export function useWalletFunds(
  config: PublicConfig | undefined,
  address: string | undefined,
  need: Needed,
): Funds {
  const query = useWalletBalances(config, address);
  const balances = query.data;
  const unavailable = !balances && (query.isError || query.failureCount > 0);
  const loading = !balances && !unavailable && query.fetchStatus === 'fetching';
  const shortUsdt = balances ? balances.usdt < need.usdt : false;
  const shortAgc = balances ? balances.agc < need.agc : false;
  const noGas = balances ? balances.eth === 0n : false;
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

const usdt = (v: bigint) => formatUsdt(formatAmount(v, USDT_DECIMALS));
const agc = (v: bigint) => formatAgc(formatAmount(v, AGC_DECIMALS));
const eth = (v: bigint) => formatDisplayAmount(formatAmount(v, 18), { currency: 'ETH' });

export function WalletFunds({ funds, need }: { funds: Funds; need: Needed }) {
  const { t } = useTranslation();
  const { balances } = funds;
  return (
    <section className="wallet-funds" data-testid="wallet-funds" aria-label={t('pay.funds.title')}>
      <dl className="rows">
        <div className="row">
          <dt>{t('pay.funds.total')}</dt>
          <dd className="wallet-funds-total" data-testid="funds-total">
            {t('pay.funds.totalValue', { usdt: usdt(need.usdt), agc: agc(need.agc) })}
          </dd>
        </div>
      </dl>
      <p className="muted small wallet-funds-gas">{t('pay.funds.gasNote')}</p>
      <h4 className="wallet-funds-title">{t('pay.funds.title')}</h4>
      {funds.loading ? (
        <Skeleton rows={3} testId="funds-loading" />
      ) : balances ? (
        <dl className="rows" data-testid="funds-balances">
          <div className={funds.shortUsdt ? 'row wallet-funds-short' : 'row'}>
            <dt>USDT</dt>
            <dd data-testid="funds-usdt">{usdt(balances.usdt)}</dd>
          </div>
          <div className={funds.shortAgc ? 'row wallet-funds-short' : 'row'}>
            <dt>AGC</dt>
            <dd data-testid="funds-agc">{agc(balances.agc)}</dd>
          </div>
          <div className={funds.noGas ? 'row wallet-funds-short' : 'row'}>
            <dt>{t('pay.funds.ethGas')}</dt>
            <dd data-testid="funds-eth">{eth(balances.eth)}</dd>
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
            <p>{t('pay.funds.short', { asset: 'USDT', have: usdt(balances.usdt), need: usdt(need.usdt) })}</p>
          )}
          {funds.shortAgc && (
            <p>{t('pay.funds.short', { asset: 'AGC', have: agc(balances.agc), need: agc(need.agc) })}</p>
          )}
          {funds.noGas && <p>{t('pay.funds.noGas')}</p>}
        </div>
      )}
    </section>
  );
}
