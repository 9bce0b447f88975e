import type { PublicConfig } from '@agc/shared';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAgc, formatEth, formatUsdt } from '@web/lib/format.ts';
import { useWalletBalances } from '@web/lib/wallet-balances.ts';
import { useTranslation } from 'react-i18next';
import '../assets.css';

/**
 * The connected wallet's own tokens, read from the chain by this browser: the member's, not part of what the app
 * owes them (never in the total). A quiet line when the chain cannot be read.
 */
export function WalletTokens({
  config,
  address,
}: {
  config: PublicConfig | undefined;
  address: string | undefined;
}) {
  const { t } = useTranslation();
  const balances = useWalletBalances(config, address);
  const b = balances.data;
  return (
    <section className="card" data-testid="assets-wallet" aria-labelledby="assets-wallet-title">
      <h2 className="card-title" id="assets-wallet-title">
        {t('assets.wallet.title')}
      </h2>
      <p className="muted small">{t('assets.wallet.note')}</p>
      {b ? (
        <dl className="rows">
          <ValueRow label="USDT" testId="assets-wallet-usdt">
            {formatUsdt(b.usdt)}
          </ValueRow>
          <ValueRow label="AGC" testId="assets-wallet-agc">
            {formatAgc(b.agc)}
          </ValueRow>
          <ValueRow label={t('portfolio.wallet.eth')} testId="assets-wallet-eth">
            {formatEth(b.eth)}
          </ValueRow>
        </dl>
      ) : balances.isError || !address ? (
        <p className="muted small" data-testid="assets-wallet-error">
          {t('portfolio.wallet.unavailable')}
        </p>
      ) : (
        <Skeleton rows={3} testId="assets-wallet-loading" />
      )}
    </section>
  );
}
