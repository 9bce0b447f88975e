// Opening this page inside a wallet app's own browser, from a phone's browser that has no wallet: each wallet's
// documented link to its in-app browser, carrying the whole current URL (path, invitation, redirect).

export type WalletApp = 'metamask' | 'trust' | 'okx' | 'coinbase';

export const WALLET_APPS: readonly { id: WalletApp; name: string }[] = [
  { id: 'metamask', name: 'MetaMask' },
  { id: 'trust', name: 'Trust Wallet' },
  { id: 'okx', name: 'OKX Wallet' },
  { id: 'coinbase', name: 'Coinbase Wallet' },
];

const enc = encodeURIComponent;

/**
 * The link that opens `url` in the wallet app's browser (or its download page when it is not installed):
 * MetaMask `link.metamask.io/dapp/<url without its scheme>` (its path carries the URL as it is: encoded, the
 * in-app browser opens a blank tab); Trust Wallet `link.trustwallet.com/open_url?coin_id=60&url=<encoded>` (60:
 * the Ethereum family, Arbitrum included); OKX `web3.okx.com/download?deeplink=<encoded okx://wallet/dapp/url?dappUrl=
 * <encoded>>`; Coinbase Wallet `go.cb-w.com/dapp?cb_url=<encoded>`.
 */
export function walletAppLink(app: WalletApp, url: string): string {
  switch (app) {
    case 'metamask':
      return `https://link.metamask.io/dapp/${url.replace(/^https?:\/\//, '')}`;
    case 'trust':
      return `https://link.trustwallet.com/open_url?coin_id=60&url=${enc(url)}`;
    case 'okx':
      return `https://web3.okx.com/download?deeplink=${enc(`okx://wallet/dapp/url?dappUrl=${enc(url)}`)}`;
    case 'coinbase':
      return `https://go.cb-w.com/dapp?cb_url=${enc(url)}`;
  }
}

/** A phone's or tablet's browser (iPadOS reports itself as a Mac with touch). */
export function isPhoneBrowser(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return (
    /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent) ||
    (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}
