import { screen } from '@testing-library/react';
import { LOCAL_WALLET_RDNS, resetDiscovery } from '@web/lib/wallet/discovery.ts';
import type { EIP1193Provider } from '@web/lib/wallet/types.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { renderPage } from '@web/test/render.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenInWallet } from './OpenInWallet.tsx';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Safari/604.1';
const PAGE = '/pages/login/index?code=AB12CD&side=left';
const provider = { request: async () => null } as unknown as EIP1193Provider;
const announce = (rdns: string) =>
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: { info: { uuid: rdns, name: rdns, icon: '', rdns }, provider },
    }),
  );
const asPhone = () => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);

afterEach(async () => {
  await cleanupPage();
  vi.restoreAllMocks();
  delete window.ethereum;
  resetDiscovery();
});

describe('OpenInWallet', () => {
  it('on a phone without a wallet, links to the four wallet apps carrying this page and its invitation', async () => {
    asPhone();
    // The page's own address (the app's router is the browser's; the test's is in memory).
    window.history.replaceState(null, '', PAGE);
    renderPage(<OpenInWallet shown={false} />, PAGE);
    await screen.findByTestId('login-open-in');
    const here = window.location.href;
    expect(here).toContain('code=AB12CD');
    const href = (id: string) => screen.getByTestId(`login-open-${id}`).getAttribute('href');
    expect(href('coinbase')).toBe(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(here)}`);
    expect(href('trust')).toBe(
      `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(here)}`,
    );
    expect(href('metamask')?.startsWith('https://link.metamask.io/dapp/')).toBe(true);
    expect(
      href('okx')?.startsWith('https://web3.okx.com/download?deeplink=okx%3A%2F%2Fwallet%2Fdapp%2Furl'),
    ).toBe(true);
    expect(screen.getByTestId('login-open-metamask').textContent).toBe('Open in MetaMask');
    expect(screen.queryByTestId('login-install-extension')).toBeNull();
  });

  it('on a desktop without a wallet, says how to install an extension instead', async () => {
    renderPage(<OpenInWallet shown={false} />, PAGE);
    expect((await screen.findByTestId('login-install-extension')).textContent).toContain(
      'Install a wallet extension',
    );
    expect(screen.queryByTestId('login-open-in')).toBeNull();
  });

  it('says nothing when a browser wallet is there; the local wallet alone does not count', async () => {
    asPhone();
    window.ethereum = provider;
    renderPage(<OpenInWallet shown={false} />, PAGE);
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByTestId('login-open-in')).toBeNull();
    await cleanupPage();
    delete window.ethereum;
    resetDiscovery();
    renderPage(<OpenInWallet shown={false} />, PAGE);
    announce(LOCAL_WALLET_RDNS);
    expect(await screen.findByTestId('login-open-in')).toBeTruthy();
  });

  it('shows once Connect Wallet found none, without waiting for discovery', async () => {
    asPhone();
    // Discovery finds a browser wallet here, so only `shown` can bring the card (its code loads beside the page).
    window.ethereum = provider;
    renderPage(<OpenInWallet shown />, PAGE);
    expect(await screen.findByTestId('login-open-in')).toBeTruthy();
  });
});
