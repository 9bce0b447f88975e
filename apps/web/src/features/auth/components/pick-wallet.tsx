// Several wallets in the browser: the user picks one in an action sheet (loaded only when needed).

import type { DiscoveredWallet } from '@web/lib/wallet/discovery.ts';
import { UserRejectedRequestError } from '@web/lib/wallet/errors.ts';

type Translate = (key: string) => string;

export function walletName(wallet: DiscoveredWallet, t: Translate): string {
  return wallet.info.name || t('wallet.injected');
}

export async function pickWallet(wallets: DiscoveredWallet[], t: Translate): Promise<DiscoveredWallet> {
  const { default: ActionSheet } = await import('antd-mobile/es/components/action-sheet');
  return new Promise((resolve, reject) => {
    let picked = false;
    ActionSheet.show({
      extra: t('login.chooseWallet'),
      cancelText: t('common.cancel'),
      closeOnAction: true,
      actions: wallets.map((wallet) => ({
        key: wallet.info.uuid,
        text: (
          <span className="wallet-option" data-testid={`wallet-option-${wallet.info.rdns}`}>
            {wallet.info.icon && <img src={wallet.info.icon} alt="" width={24} height={24} />}
            {walletName(wallet, t)}
          </span>
        ),
        onClick: () => {
          picked = true;
          resolve(wallet);
        },
      })),
      onClose: () => {
        if (!picked) reject(new UserRejectedRequestError());
      },
    });
  });
}
