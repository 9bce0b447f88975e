import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { PageLink } from '../../../components/PageLink.tsx';
import { configQueryOptions } from '../../../features/config/api/get-config.ts';
import { HistoryRow } from '../../../features/local-wallet/components/HistoryRow.tsx';
import { useLocalHistory } from '../../../features/local-wallet/hooks/use-local-history.ts';
import { paths } from '../../../lib/paths.ts';
import { localWalletAddress } from '../../../lib/wallet/local.ts';
import '../../../features/local-wallet/local-wallet.css';

/** Arbitrum One's explorer, until /config answers. */
const DEFAULT_EXPLORER = 'https://arbiscan.io';

/**
 * The local wallet's transfers: USDT and AGC sent and received (the chain's Transfer logs), the ETH this browser
 * sent, pending sends first. Pull to read new blocks; scroll to read older ones down to the tokens' first block.
 */
export default function LocalWalletListPage() {
  const { t } = useTranslation();
  const address = localWalletAddress();
  const history = useLocalHistory(address);
  const config = useQuery(configQueryOptions);
  const explorerUrl = config.data?.explorer_url || DEFAULT_EXPLORER;

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
        renderItem={(item) => <HistoryRow item={item} explorerUrl={explorerUrl} />}
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
