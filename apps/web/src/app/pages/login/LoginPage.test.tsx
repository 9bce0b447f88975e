import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEV_KEY } from '@web/features/local-wallet/testing/fixtures.ts';
import { removeLocalWallet } from '@web/lib/wallet/local.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupApp, injectSigningWallet, renderApp, routeName } from '@web/test/app.tsx';
import { makeMe } from '@web/test/fixtures.ts';
import { WALLET_PASSWORD } from '@web/test/local-wallet.ts';
import { type ApiCall, CONFIG, ok, stubApi } from '@web/test/render.tsx';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Sign-in from a deep link, through the whole app (router, guard, login and local-wallet pages); only the server
// (fetch) and the browser wallet are faked. The local wallet is the real one.

// DEV_KEY: the first well-known development key of anvil/hardhat, public, never holds real funds.
const account = privateKeyToAccount(DEV_KEY);
const SLOW = { timeout: 5000 };

let calls: ApiCall[];
let authBodies: Record<string, unknown>[];

beforeEach(() => {
  authBodies = [];
  calls = stubApi({
    'GET /api/v1/config': () => ok(CONFIG),
    'GET /api/v1/me': () => ok(makeMe({ address: account.address.toLowerCase() })),
    'GET /api/v1/nonce': () => ok({ nonce: 'n0nce12345', expires_at: '2099-01-01T00:00:00Z' }),
    'POST /api/v1/auth': (_url, body) => {
      authBodies.push(body as Record<string, unknown>);
      return ok({ token: 'new-token', address: account.address.toLowerCase() });
    },
    'GET /api/v1/order/all': () => ok({ list: [], total: 0, page: 1, size: 10, has_more: false }),
  });
});

afterEach(async () => {
  await cleanupApp();
  removeLocalWallet();
});

/** A browser wallet on Arbitrum One holding the development key. */
const injectWallet = () => injectSigningWallet(account);

/** Opens `path` signed out and waits for the guard to land on login. */
async function openSignedOut(path: string) {
  const router = renderApp(path);
  await waitFor(() => expect(routeName()).toBe('login'));
  return router;
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('login page', () => {
  it("holds the bonus line's place with a skeleton until the configuration answers", async () => {
    await openSignedOut('/pages/login/index');
    // One skeleton shown: while a part of the page is still loading, React keeps the bonus line's own placeholder in
    // the page hidden (display: none) beside the fallback it shows.
    const shown = screen
      .getAllByTestId('login-bonus-loading')
      .filter((e) => (e as HTMLElement).style.display !== 'none');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.getAttribute('aria-busy')).toBe('true');
    expect((await screen.findByTestId('login-bonus')).textContent).toContain('Up to 10% referral bonus');
    expect(screen.queryByTestId('login-bonus-loading')).toBeNull();
  });
});

describe('sign-in from a deep link', () => {
  it('with a browser wallet: lands on the page that was asked for, with its query, not home', async () => {
    injectWallet();
    const router = await openSignedOut('/pages/shop/orderList?status=Unpaid');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/pages/shop/orderList?status=Unpaid',
    );
    fireEvent.click(screen.getByTestId('login-connect'));
    await waitFor(() => expect(routeName()).toBe('shopOrderList'), SLOW);
    expect(router.state.location.pathname).toBe('/pages/shop/orderList');
    expect(router.state.location.search).toBe('?status=Unpaid');
    expect(localStorage.getItem('token')).toBe('new-token');
    // The login page was replaced: Back does not return to it.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a redirect to somewhere else than an app page goes home', async () => {
    injectWallet();
    await openSignedOut(
      `/pages/login/index?redirect=${encodeURIComponent('https://evil.example/pages/shop/index')}`,
    );
    fireEvent.click(screen.getByTestId('login-connect'));
    await waitFor(() => expect(routeName()).toBe('home'), SLOW);
  });

  it('with the local wallet: imported, then "Use it to log in" signs in at once and goes on to the page', async () => {
    const router = await openSignedOut('/pages/shop/orderList?code=abcd2345&side=right');
    fireEvent.click(screen.getByTestId('login-local-wallet'));
    await waitFor(() => expect(routeName()).toBe('localWallet'), SLOW);
    fireEvent.click(await screen.findByTestId('local-mode-import'));
    type('local-import-key', DEV_KEY);
    type('local-password', WALLET_PASSWORD);
    type('local-password-confirm', WALLET_PASSWORD);
    fireEvent.click(screen.getByTestId('local-submit'));
    fireEvent.click(await screen.findByTestId('local-use-login', undefined, SLOW));

    // No login page in between: signed in with the local wallet and on the page asked for.
    await waitFor(() => expect(routeName()).toBe('shopOrderList'), SLOW);
    expect(router.state.location.pathname).toBe('/pages/shop/orderList');
    expect(calls.filter((c) => c.path === '/api/v1/auth')).toHaveLength(1);
    expect(authBodies[0]?.invite_code).toBe('ABCD2345');
    expect(authBodies[0]?.side).toBe('right');
    expect(String(authBodies[0]?.message)).toContain(account.address);
    expect(useWalletStore.getState().walletRdns).toBe('app.agcfund.localwallet');
    expect(localStorage.getItem('token')).toBe('new-token');
  });
});
