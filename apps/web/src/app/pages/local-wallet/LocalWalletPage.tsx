import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CreateWalletForm } from '../../../features/local-wallet/components/CreateWalletForm.tsx';
import { ActionError, WalletButton } from '../../../features/local-wallet/components/FormParts.tsx';
import {
  UnlockedActions,
  UnlockForm,
  WalletStatus,
} from '../../../features/local-wallet/components/UnlockedWallet.tsx';
import { useLocalWallet } from '../../../features/local-wallet/hooks/use-local-wallet.tsx';
import { navigateTo } from '../../../lib/navigation.ts';
import { paths, withQuery } from '../../../lib/paths.ts';

const ignore = () => undefined;

/**
 * The local wallet: a key kept in this browser, encrypted with a password, usable to sign in when the
 * browser has no wallet extension. It announces itself to the login page as "AGC Local Wallet".
 */
export default function LocalWalletPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const wallet = useLocalWallet();
  // Back to login with the invite query this page was opened with.
  const loginUrl = withQuery(paths.login, search);

  if (!wallet.address) {
    return (
      <div className="page">
        <p className="muted">{t('localWallet.intro')}</p>
        <CreateWalletForm wallet={wallet} />
        <ActionError error={wallet.error} />
      </div>
    );
  }

  return (
    <div className="page">
      <WalletStatus address={wallet.address} unlocked={wallet.unlocked} />
      {wallet.unlocked ? (
        <UnlockedActions wallet={wallet} onUseToLogin={() => void navigateTo(loginUrl).catch(ignore)} />
      ) : (
        <UnlockForm wallet={wallet} />
      )}
      <ActionError error={wallet.error} />
      <WalletButton testId="local-remove" variant="danger" onClick={wallet.remove}>
        {t('localWallet.remove')}
      </WalletButton>
    </div>
  );
}
