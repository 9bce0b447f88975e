import { EmptyState } from '@web/components/EmptyState.tsx';
import { PagedList } from '@web/components/PagedList.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { HistoryRow } from '@web/features/local-wallet/components/HistoryRow.tsx';
import { useLocalChain } from '@web/features/local-wallet/hooks/send-wallet.ts';
import { useLocalHistory } from '@web/features/local-wallet/hooks/use-local-history.ts';
import { paths } from '@web/lib/paths.ts';
import { addressNamer } from '@web/lib/wallet/address-names.ts';
import { localWalletAddress } from '@web/lib/wallet/local.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/local-wallet/local-wallet.css';

/**
 * The local wallet's transfers: USDT and AGC sent and received (the chain's Transfer logs), the ETH this browser
 * sent, pending sends first; the app's contracts and the zero address by name. Pull to read new blocks; scroll to read older ones down to the tokens' first block.
 */
export default function LocalWalletListPage() {
  const { t } = useTranslation();
  const address = localWalletAddress();
  const history = useLocalHistory(address);
  // The explorer and the contracts /config names, read with the chain the list reads (no request of its own).
  const chain = useLocalChain().data;
  const explorerUrl = chain?.explorerUrl;
  const names = useMemo(() => (chain ? addressNamer(chain.contracts, address) : undefined), [chain, address]);

  if (!address) {
    return (
      <div className="page">
        <EmptyState />
        <PageLink
          to={paths.localWallet}
          className="btn btn-primary btn-block"
          testId="local-history-open-wallet"
        >
          {t('localWalletPages.list.openWallet')}
        </PageLink>
      </div>
    );
  }

  return (
    <div className="page">
      <PagedList
        testId="local-history"
        items={history.items}
        itemKey={(item) => item.key}
        renderItem={(item) => <HistoryRow item={item} explorerUrl={explorerUrl} names={names} />}
        isPending={history.isPending}
        error={history.error}
        hasMore={history.hasMore}
        loadMore={history.loadMore}
        refresh={history.refresh}
        header={<p className="muted small">{t('localWalletPages.list.ethNote')}</p>}
      />
    </div>
  );
}
