import { useQueryClient } from '@tanstack/react-query';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { useWalletLogin } from '@web/features/auth/hooks/use-wallet-login.ts';
import { readInvite } from '@web/features/auth/invite.ts';
import { afterLoginTarget } from '@web/features/auth/redirect.ts';
import { configQueryOptions } from '@web/features/config/api/get-config.ts';
import { usePrices } from '@web/features/local-wallet/api/get-prices.ts';
import { BackupSection } from '@web/features/local-wallet/components/BackupSection.tsx';
import { BalancesCard } from '@web/features/local-wallet/components/BalancesCard.tsx';
import { CreateWalletForm } from '@web/features/local-wallet/components/CreateWalletForm.tsx';
import { ActionError } from '@web/features/local-wallet/components/FormParts.tsx';
import {
  UnlockedActions,
  UnlockForm,
  WalletStatus,
} from '@web/features/local-wallet/components/UnlockedWallet.tsx';
import { WalletLinks } from '@web/features/local-wallet/components/WalletLinks.tsx';
import { useLocalBalances } from '@web/features/local-wallet/hooks/use-local-balances.ts';
import { LOCAL_WALLET, useLocalWallet } from '@web/features/local-wallet/hooks/use-local-wallet.tsx';
import { useIsLoggedIn } from '@web/stores/auth.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '@web/features/local-wallet/local-wallet.css';

/**
 * The local wallet: a key kept in this browser, encrypted with a password, usable to sign in when the
 * browser has no wallet extension. "Use it to log in" signs in with it at once (SIWE, with the invite this page
 * was opened with) and goes on to the page that was asked for, or home. Its balances show whether it is locked
 * or not (they are public), with their USDT values at the server's public prices (GET /prices, signed in or not).
 */
export default function LocalWalletPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const wallet = useLocalWallet();
  const loggedIn = useIsLoggedIn();
  const invite = useMemo(() => readInvite(search), [search]);
  const login = useWalletLogin({
    invite,
    loadConfig: () => queryClient.fetchQuery(configQueryOptions),
    target: afterLoginTarget(search),
  });
  const balances = useLocalBalances(wallet.address);
  const prices = usePrices(Boolean(wallet.address));

  if (!wallet.address) {
    return (
      <div className="page">
        <p className="muted">{t('localWallet.intro')}</p>
        <CreateWalletForm wallet={wallet} />
      </div>
    );
  }

  return (
    <div className="page stack">
      <WalletStatus address={wallet.address} unlocked={wallet.unlocked} />
      <BalancesCard query={balances} prices={prices.data} pricesFailed={prices.isError} />
      <WalletLinks />
      {wallet.unlocked ? (
        <UnlockedActions
          wallet={wallet}
          login={
            loggedIn
              ? undefined
              : {
                  onClick: () => void login.connectWith(LOCAL_WALLET),
                  step: login.step ? t(`login.steps.${login.step}`) : null,
                }
          }
        />
      ) : (
        <UnlockForm wallet={wallet} />
      )}
      {/* A form (unlock, the password asked again) shows its error above its own button. */}
      {!wallet.purpose && (
        <ActionError error={(wallet.unlocked && !wallet.errorField ? wallet.error : null) ?? login.error} />
      )}
      <BackupSection wallet={wallet} />
      <BlockButton testId="local-remove" variant="danger" onClick={wallet.remove}>
        {t('localWallet.remove')}
      </BlockButton>
    </div>
  );
}
