import { EmptyState } from '@web/components/EmptyState.tsx';
import { TxResult } from '@web/features/local-wallet/components/TxResult.tsx';
import { useSendWallet } from '@web/features/local-wallet/hooks/send-wallet.ts';
import { isTxHash, useTxFollow } from '@web/features/local-wallet/hooks/tx-follow.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Hash } from 'viem';
import '@web/features/local-wallet/components/send.css';

/** A local-wallet transaction (?hash=…) followed until mined, dropped or replaced; speed up or cancel it. */
export default function LocalWalletResultPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const hash = search.get('hash');
  return (
    <div className="page">
      {isTxHash(hash) ? (
        <Followed key={hash} hash={hash} />
      ) : (
        <EmptyState description={t('localWalletPages.result.badHash')} />
      )}
    </div>
  );
}

function Followed({ hash }: { hash: Hash }) {
  const follow = useTxFollow(hash);
  const wallet = useSendWallet();
  return <TxResult follow={follow} unlocked={wallet.unlocked} onUnlocked={wallet.refresh} />;
}
