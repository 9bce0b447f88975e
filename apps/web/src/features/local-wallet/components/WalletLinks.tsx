import { PageLink } from '@web/components/PageLink.tsx';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';

/** Send, the transfer list, and "move everything out" (to another wallet). */
export function WalletLinks() {
  const { t } = useTranslation();
  return (
    <nav className="local-links" aria-label={t('localWalletPages.index.actions')}>
      <PageLink to={paths.localWalletSend} className="btn btn-primary" testId="local-link-send">
        {t('localWalletPages.index.send')}
      </PageLink>
      <PageLink to={paths.localWalletHistory} className="btn btn-secondary" testId="local-link-history">
        {t('localWalletPages.index.history')}
      </PageLink>
      <PageLink to={paths.localWalletSweep} className="btn btn-secondary" testId="local-link-sweep">
        {t('localWalletPages.index.sweep')}
      </PageLink>
    </nav>
  );
}
