// The account-change rule: at start-up and on every `accountsChanged`, a wallet account that differs
// from the stored address asks the user to log in again; confirming ends the session, on the server
// too (best effort, with the old token, before it is cleared).

import { logOut } from '@web/features/auth/logout.ts';
import { confirmModal } from '@web/lib/ui.ts';
import { accountChanged, currentAccount, sessionWallet } from '@web/lib/wallet/session.ts';
import { isLoggedIn, useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

type Translate = (key: string) => string;

let prompting = false;

async function promptRelogin(t: Translate): Promise<void> {
  if (prompting) return;
  prompting = true;
  try {
    const confirmed = await confirmModal({
      title: t('message.prompt'),
      content: t('message.resLogin'),
    });
    if (confirmed && isLoggedIn()) await logOut();
  } finally {
    prompting = false;
  }
}

export function useAccountWatcher(): void {
  const token = useAuthStore((s) => s.token);
  const { t } = useTranslation();

  useEffect(() => {
    if (!isLoggedIn(token)) return;
    let disposed = false;
    let unsubscribe: (() => void) | undefined;

    const check = (current: string | undefined, fromEvent: boolean) => {
      if (disposed || !isLoggedIn()) return;
      if (accountChanged(useWalletStore.getState().address, current, fromEvent)) void promptRelogin(t);
    };

    void (async () => {
      const wallet = await sessionWallet(useWalletStore.getState().walletRdns);
      if (disposed || !wallet) return;
      const listener = (...args: unknown[]) => {
        const accounts = args[0];
        check(Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined, true);
      };
      wallet.provider.on?.('accountsChanged', listener);
      unsubscribe = () => wallet.provider.removeListener?.('accountsChanged', listener);
      const account = await currentAccount(wallet.provider);
      check(account, false);
    })();

    return () => {
      disposed = true;
      unsubscribe?.();
    };
  }, [token, t]);
}
