import { BlockButton } from '@web/components/BlockButton.tsx';
import { EmptyState } from '@web/components/EmptyState.tsx';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { StatusTag } from '@web/components/StatusTag.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { explorerTxUrl, formatAssetExact, formatFeeBound, formatFeePaid } from '@web/lib/format.ts';
import type { SentTx } from '@web/lib/wallet/local-sent.ts';
import { useTranslation } from 'react-i18next';
import type { TxFollow } from '../hooks/tx-follow.ts';
import { ActionError } from './FormParts.tsx';
import { SendUnlockForm } from './SendUnlock.tsx';
import { TxResultLink } from './TxResultLink.tsx';

/** The followed transaction, and whether the wallet is unlocked (speed up / cancel) or how to unlock it. */
type FollowProps = { follow: TxFollow; unlocked: boolean; onUnlocked: () => void };

/** What was sent and what became of it; speed up / cancel while pending. */
export function TxResult({ follow, unlocked, onUnlocked }: FollowProps) {
  const { t } = useTranslation();
  const { tx } = follow;
  if (tx.isError || follow.chain.isError)
    return (
      <ErrorRetry
        error={tx.error ?? follow.chain.error}
        onRetry={() => void (follow.chain.isError ? follow.chain.refetch() : tx.refetch())}
        testId="tx-error"
      />
    );
  if (tx.data === undefined) return <Skeleton rows={5} />;
  if (tx.data === null) return <EmptyState description={t('localWalletPages.result.unknown')} />;
  const sent = tx.data;
  const pending = sent.status === 'pending';
  return (
    <div className="card" data-testid="tx-result" data-status={sent.status}>
      <div className="tx-status">
        <StatusTag
          status={sent.status}
          label={t(`localWalletPages.result.status.${sent.status}`)}
          testId="tx-status"
        />
        <h2 data-testid="tx-headline">{t(`localWalletPages.result.headline.${sent.status}`)}</h2>
        {sent.reason && sent.status !== 'success' && (
          <p className="muted small" data-testid="tx-reason">
            {t(`localWalletPages.result.reason.${sent.reason}`)}
          </p>
        )}
      </div>
      <dl className="rows">
        <ValueRow label={t('localWalletPages.result.kind')} testId="tx-kind">
          {t(`localWalletPages.result.kinds.${sent.kind}`)}
        </ValueRow>
        <ValueRow label={t('localWalletPages.send.amountLabel')} testId="tx-amount">
          {formatAssetExact(BigInt(sent.amount), sent.asset)}
        </ValueRow>
        <div className="row">
          <dt>{t('localWalletPages.send.recipient')}</dt>
        </div>
        <p className="break send-address" data-testid="tx-recipient">
          {sent.to}
        </p>
        <ValueRow label={t('localWalletPages.result.nonce')} testId="tx-nonce">
          {sent.nonce}
        </ValueRow>
        {sent.blockNumber && (
          <ValueRow label={t('localWalletPages.result.block')} testId="tx-block">
            {sent.blockNumber}
          </ValueRow>
        )}
        <ValueRow
          label={t(sent.feePaid ? 'localWalletPages.result.feePaid' : 'localWalletPages.result.maxFee')}
          testId="tx-fee"
        >
          {sent.feePaid
            ? formatFeePaid(BigInt(sent.feePaid))
            : formatFeeBound(BigInt(sent.gas) * BigInt(sent.maxFeePerGas))}
        </ValueRow>
        <div className="row">
          <dt>{t('localWalletPages.result.hash')}</dt>
        </div>
        <p className="break send-address small" data-testid="tx-hash">
          {sent.hash}
        </p>
      </dl>
      {follow.chain.data && (
        <a
          className="btn btn-link btn-block"
          href={explorerTxUrl(follow.chain.data.explorerUrl, sent.hash)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="tx-explorer"
        >
          {t('localWalletPages.result.explorer')}
        </a>
      )}
      <RelatedLinks sent={sent} />
      {pending && <PendingActions follow={follow} unlocked={unlocked} onUnlocked={onUnlocked} />}
    </div>
  );
}

function RelatedLinks({ sent }: { sent: SentTx }) {
  const { t } = useTranslation();
  return (
    <>
      {sent.replacedBy && (
        <TxResultLink hash={sent.replacedBy} className="btn btn-secondary btn-block" testId="tx-replaced-by">
          {t('localWalletPages.result.openReplacement')}
        </TxResultLink>
      )}
      {sent.replaces && (
        <TxResultLink hash={sent.replaces} className="btn btn-link btn-block" testId="tx-replaces">
          {t('localWalletPages.result.openOriginal')}
        </TxResultLink>
      )}
    </>
  );
}

function PendingActions({ follow, unlocked, onUnlocked }: FollowProps) {
  const { t } = useTranslation();
  return (
    <div className="tx-actions">
      <p className="muted small">{t('localWalletPages.nonce.stuckHint')}</p>
      {unlocked ? (
        <>
          <BlockButton
            variant="primary"
            testId="tx-speed-up"
            busy={follow.busy}
            keepLabel
            onClick={() => follow.replace('speedUp')}
          >
            {t('localWalletPages.nonce.speedUp')}
          </BlockButton>
          <BlockButton
            variant="danger"
            testId="tx-cancel"
            disabled={follow.busy}
            onClick={() => follow.replace('cancel')}
          >
            {t('localWalletPages.nonce.cancel')}
          </BlockButton>
          <ActionError error={follow.error} />
        </>
      ) : (
        <SendUnlockForm onUnlocked={onUnlocked} />
      )}
    </div>
  );
}
