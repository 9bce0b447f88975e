import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '@web/lib/i18n/index.ts';
import type { EIP1193Provider } from '@web/lib/wallet/types.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupApp, injectSigningWallet, renderApp, routeName } from '@web/test/app.tsx';
import { CONFIG } from '@web/test/config.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { type ApiCall, type ApiHandler, fail, ok, stubApi } from '@web/test/render.tsx';
import { mnemonicToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The whole app over a memory router. Only the server (fetch) and the browser wallet are faked.

// Development account 0 of the public test mnemonic (the assertions show its short address).
const account = mnemonicToAccount('test test test test test test test test test test test junk');

const ME = makeMe({ address: account.address.toLowerCase(), investment_sum: '1234.5', level: 3 });

let server: Record<string, ApiHandler>;
let requests: ApiCall[];

beforeEach(() => {
  server = {
    'GET /api/v1/config': () => ok(CONFIG),
    'GET /api/v1/me': () => ok(ME),
  };
  requests = stubApi(server);
});

afterEach(async () => {
  // Unmount and close antd's imperative popups before the fake server goes away.
  await cleanupApp();
  await i18n.changeLanguage('en');
});

const login = () => {
  useWalletStore.getState().setAccount(account.address);
  useAuthStore.getState().setToken('jwt');
};

describe('guard and layout', () => {
  it('sends a visitor to login and shows the login page without tab bar or back arrow', async () => {
    const router = renderApp('/');
    await waitFor(() => expect(routeName()).toBe('login'));
    expect(router.state.location.pathname).toBe('/pages/login/index');
    expect(screen.getByTestId('nav-title').textContent).toBe('Log In');
    expect(screen.getByTestId('login-connect').textContent).toBe('Connect Wallet');
    expect(screen.queryByTestId('tab-bar')).toBeNull();
    expect(screen.queryByTestId('nav-back')).toBeNull();
  });

  it('carries the invite query to login and shows it, with the bonus rates from /config', async () => {
    const router = renderApp('/pages/shop/orderList?code=ABCD2345&side=left&x=1');
    await waitFor(() => expect(routeName()).toBe('login'));
    // The invite (code, side) travels to login; the page asked for too, to go on to after sign-in.
    const query = new URLSearchParams(router.state.location.search);
    expect([...query.keys()]).toEqual(['code', 'side', 'redirect']);
    expect(query.get('code')).toBe('ABCD2345');
    expect(query.get('side')).toBe('left');
    expect(query.get('redirect')).toBe('/pages/shop/orderList?code=ABCD2345&side=left&x=1');
    expect(screen.getByTestId('login-invite').textContent).toContain('Invitation code: ABCD2345');
    expect(screen.getByTestId('login-invite').textContent).toContain('Sector: Left');
    await waitFor(() =>
      expect(screen.getByTestId('login-bonus').textContent).toBe(
        'Up to 10% referral bonus, up to 10% organization bonus and up to 1% static bonus daily.',
      ),
    );
  });

  it('lets a visitor open the local wallet pages', async () => {
    renderApp('/pages/localWallet/list');
    await waitFor(() => expect(routeName()).toBe('localWallet_list'));
    expect(screen.getByTestId('nav-title').textContent).toBe('Transactions');
    expect(screen.getByTestId('nav-back')).toBeTruthy();
    expect(screen.getByTestId('empty-state').textContent).toContain('No Data Available');
  });

  it('shows "page `x` is not found" for unknown paths', async () => {
    renderApp('/pages/nope/index');
    await waitFor(() =>
      expect(screen.getByTestId('not-found').textContent).toBe('page `/pages/nope/index` is not found'),
    );
    expect(routeName()).toBe('notFound');
  });

  it('sends a logged-in user from login to home, which shows the tab bar and the member', async () => {
    login();
    const router = renderApp('/pages/login/index');
    await waitFor(() => expect(routeName()).toBe('home'));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('nav-title').textContent).toBe('AGCFund Portfolio');
    expect(screen.getByTestId('tab-0').getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(screen.getByTestId('home-address').textContent).toBe('0xf39fd6e51a...ffb92266'),
    );
    expect(screen.getByTestId('home-level').textContent).toBe('V3');
    const me = requests.find((r) => r.path === '/api/v1/me');
    expect(me?.headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('renders home at its alias /pages/index/index', async () => {
    login();
    renderApp('/pages/index/index');
    await waitFor(() => expect(routeName()).toBe('home'));
  });

  it('switches tabs from the tab bar', async () => {
    login();
    const router = renderApp('/');
    await waitFor(() => expect(routeName()).toBe('home'));
    fireEvent.click(screen.getByTestId('tab-2'));
    await waitFor(() => expect(routeName()).toBe('shop'));
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByTestId('tab-3'));
    await waitFor(() => expect(routeName()).toBe('profile'));
    expect(screen.getByTestId('nav-title').textContent).toBe('Account');
  });

  it('shows the account menu, and Log out ends the session and goes to login', async () => {
    login();
    renderApp('/pages/my/index');
    await waitFor(() => expect(routeName()).toBe('profile'));
    for (const id of [
      'menu-rewards',
      'menu-invite',
      'menu-shop-orders',
      'menu-withdraw-orders',
      'menu-language',
      'menu-logout',
    ]) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    fireEvent.click(screen.getByTestId('menu-logout'));
    await waitFor(() => expect(routeName()).toBe('login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('address')).toBeNull();
  });

  it('opens the language page from the menu and switches language', async () => {
    login();
    renderApp('/pages/my/index');
    await waitFor(() => expect(routeName()).toBe('profile'));
    fireEvent.click(screen.getByTestId('menu-language'));
    await waitFor(() => expect(routeName()).toBe('selectLan'));
    expect(screen.getByTestId('lang-system')).toBeTruthy();
    expect(screen.getByTestId('lang-zh-Hant')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('lang-en'));
    });
    await waitFor(() => expect(screen.getByTestId('lang-en').getAttribute('aria-selected')).toBe('true'));
    expect(localStorage.getItem('lang')).toBe('en');
  });
});

describe('login', () => {
  const NONCE_REPLY = ok({ nonce: 'n0nce12345', expires_at: '2099-01-01T00:00:00Z' });

  /** Opens the login page (`url`, with its invite query) and clicks Connect Wallet. */
  async function connect(url = '/pages/login/index') {
    renderApp(url);
    await waitFor(() => expect(routeName()).toBe('login'));
    fireEvent.click(screen.getByTestId('login-connect'));
  }

  it('connects, signs a SIWE message with the nonce, posts it with the invite, and goes home', async () => {
    const calls = injectSigningWallet(account);
    let authBody: Record<string, unknown> = {};
    server['GET /api/v1/nonce'] = (url) => {
      expect(url.searchParams.get('address')).toBe(account.address);
      return NONCE_REPLY;
    };
    server['POST /api/v1/auth'] = (_url, body) => {
      authBody = body as Record<string, unknown>;
      return ok({ token: 'new-token', address: account.address.toLowerCase() });
    };
    await connect('/pages/login/index?code=abcd2345&side=right');
    await waitFor(() => expect(routeName()).toBe('home'), { timeout: 3000 });
    expect(calls.slice(0, 3)).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    expect(authBody.invite_code).toBe('ABCD2345');
    expect(authBody.side).toBe('right');
    expect(String(authBody.message)).toContain('Nonce: n0nce12345');
    expect(String(authBody.message)).toContain(`${account.address}\n`);
    expect(String(authBody.message)).toContain('Chain ID: 42161');
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(useWalletStore.getState().address).toBe(account.address.toLowerCase());
  });

  it('shows the server message when a new address has no invitation', async () => {
    injectSigningWallet(account);
    server['GET /api/v1/nonce'] = () => NONCE_REPLY;
    server['POST /api/v1/auth'] = () => fail(400, 'A new address needs an invitation code and a side');
    await connect();
    await waitFor(
      () =>
        expect(screen.getByTestId('login-error').textContent).toBe(
          'A new address needs an invitation code and a side',
        ),
      { timeout: 3000 },
    );
    // Shown once, inline: no toast on top of it.
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText('A new address needs an invitation code and a side')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('login-connect').hasAttribute('disabled')).toBe(false);
  });

  it('closes quietly when the user rejects the signature', async () => {
    injectSigningWallet(account, {
      personal_sign: () =>
        Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    });
    server['GET /api/v1/nonce'] = () => NONCE_REPLY;
    await connect();
    await waitFor(() => expect(screen.getByTestId('login-connect').hasAttribute('disabled')).toBe(false), {
      timeout: 3000,
    });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/nonce')).toBe(true));
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(requests.some((r) => r.path === '/api/v1/auth')).toBe(false);
  });

  it('says so when the browser has no wallet', async () => {
    await connect();
    await waitFor(
      () =>
        expect(screen.getByTestId('login-no-wallet').textContent).toContain(
          'No wallet found in this browser',
        ),
      { timeout: 3000 },
    );
    expect(screen.getByTestId('login-local-wallet')).toBeTruthy();
  });
});

describe('account change', () => {
  const OTHER = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd';

  function walletWithEvents(accounts: string[]) {
    const listeners = new Set<(...args: unknown[]) => void>();
    let current = accounts;
    const provider: EIP1193Provider = {
      request: async ({ method }) => (method === 'eth_accounts' ? current : null),
      on: (event, listener) => {
        if (event === 'accountsChanged') listeners.add(listener);
      },
      removeListener: (_event, listener) => listeners.delete(listener),
    };
    window.ethereum = provider;
    return {
      emit(next: string[]) {
        current = next;
        for (const l of listeners) l(next);
      },
    };
  }

  const okButton = () => [...document.body.querySelectorAll('button')].find((b) => b.textContent === 'OK');

  it('at start-up, a different wallet account asks to log in again; confirming logs out', async () => {
    walletWithEvents([OTHER]);
    login();
    renderApp('/');
    await waitFor(() => expect(document.body.textContent).toContain('Please log in again'), {
      timeout: 3000,
    });
    expect(document.body.textContent).toContain('Prompt');
    await act(async () => {
      okButton()?.click();
    });
    await waitFor(() => expect(routeName()).toBe('login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('confirming ends the old session on the server too, with the old token, before clearing it', async () => {
    walletWithEvents([OTHER]);
    const sent: (string | undefined)[] = [];
    server['POST /api/v1/logout'] = () => {
      sent.push(useAuthStore.getState().token);
      return ok({ revoked: 1 });
    };
    login();
    renderApp('/');
    await waitFor(() => expect(document.body.textContent).toContain('Please log in again'), {
      timeout: 3000,
    });
    expect(requests.some((r) => r.path === '/api/v1/logout')).toBe(false); // nothing before the answer
    await act(async () => {
      okButton()?.click();
    });
    await waitFor(() => expect(routeName()).toBe('login'));
    const logout = requests.filter((r) => r.path === '/api/v1/logout');
    expect(logout).toHaveLength(1);
    expect(logout[0]?.method).toBe('POST');
    expect(logout[0]?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(sent).toEqual(['jwt']);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('the same account in another letter case is not a change', async () => {
    walletWithEvents([account.address.toUpperCase().replace('0X', '0x')]);
    login();
    renderApp('/');
    await waitFor(() => expect(routeName()).toBe('home'));
    await new Promise((r) => setTimeout(r, 300));
    expect(document.body.textContent).not.toContain('Please log in again');
  });

  it('an accountsChanged event to another account asks too', async () => {
    const wallet = walletWithEvents([account.address]);
    login();
    renderApp('/');
    await waitFor(() => expect(routeName()).toBe('home'));
    await new Promise((r) => setTimeout(r, 300));
    expect(document.body.textContent).not.toContain('Please log in again');
    act(() => wallet.emit([OTHER]));
    await waitFor(() => expect(document.body.textContent).toContain('Please log in again'), {
      timeout: 3000,
    });
    const cancel = [...document.body.querySelectorAll('button')].find((b) => b.textContent === 'Cancel');
    await act(async () => {
      cancel?.click();
    });
    expect(localStorage.getItem('token')).toBe('jwt');
  });
});
