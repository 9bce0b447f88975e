import { formatTime, shortAddress } from '@agc/shared';
import { StatusTag } from '@web/components/StatusTag.tsx';
import { explorerTxUrl, formatAsset } from '@web/lib/format.ts';
import type { AddressNamer } from '@web/lib/wallet/address-names.ts';
import type { HistoryItem } from '@web/lib/wallet/local-history.ts';
import { useTranslation } from 'react-i18next';
import { TxResultLink } from './TxResultLink.tsx';

/**
 * One transfer: direction, amount, the other side (by its name when the app knows it: the payment contract, the
 * vault, a mint…, with its short address), time, status; the result page for own sends, the explorer.
 */
export function HistoryRow({
  item,
  explorerUrl,
  names,
}: {
  item: HistoryItem;
  explorerUrl: string | undefined;
  /** Names of the configured contracts (none while /config is read). */
  names?: AddressNamer;
}) {
  const { t } = useTranslation();
  const sign = item.direction === 'in' ? '+' : item.direction === 'out' ? '−' : '';
  const known = names?.(item.counterparty, item.direction === 'in' ? 'from' : 'to') ?? null;
  return (
    <article className="card local-history-item" data-testid="local-history-item" data-hash={item.hash}>
      <div className="local-history-item__head">
        <span data-testid="local-history-direction">
          {t(`localWalletPages.list.direction.${item.direction}`)}
        </span>
        <StatusTag
          status={item.status}
          label={t(`localWalletPages.list.status.${item.status}`)}
          testId="local-history-status"
        />
      </div>
      <p className={`local-history-item__amount local-history-item__amount--${item.direction}`}>
        <span data-testid="local-history-amount">
          {sign}
          {formatAsset(BigInt(item.amount), item.asset)}
        </span>
      </p>
      <p className="muted small">
        {t(item.direction === 'in' ? 'localWalletPages.list.from' : 'localWalletPages.list.to')}{' '}
        <span
          title={item.counterparty}
          data-testid="local-history-counterparty"
          data-name={known ?? undefined}
        >
          {known ? (
            <>
              <strong>{t(`localWalletPages.names.${known}`)}</strong> · {shortAddress(item.counterparty)}
            </>
          ) : (
            shortAddress(item.counterparty)
          )}
        </span>
      </p>
      <p className="muted small">{formatTime(item.time, { invalid: '-' })}</p>
      <div className="local-history-item__links">
        {item.own && (
          <TxResultLink hash={item.hash} className="btn-link" testId="local-history-result">
            {t('localWalletPages.list.details')}
          </TxResultLink>
        )}
        {explorerUrl && (
          <a
            href={explorerTxUrl(explorerUrl, item.hash)}
            target="_blank"
            rel="noreferrer"
            className="btn-link"
            data-testid="local-history-explorer"
          >
            {t('localWalletPages.list.explorer')}
          </a>
        )}
      </div>
    </article>
  );
}
