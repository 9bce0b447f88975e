import { useTranslation } from 'react-i18next';
import type { Hash } from 'viem';
import { TxResultLink } from './TxResultLink.tsx';

/** A transaction of the wallet is still pending: what that means on this page, and a link to follow it. */
export function PendingNotice({ hash, text, testId }: { hash: Hash; text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="notice send-pending" role="status" data-testid={testId}>
      <p className="small">{text}</p>
      <TxResultLink hash={hash} className="btn btn-link btn-block" testId={`${testId}-link`}>
        {t('localWalletPages.pending.open')}
      </TxResultLink>
    </div>
  );
}
