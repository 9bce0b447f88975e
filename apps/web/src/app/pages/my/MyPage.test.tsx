import type { Product, Role } from '@agc/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { configQueryOptions } from '@web/features/config/api/get-config.ts';
import { productsQueryOptions } from '@web/features/shop/api/get-products.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { usePageStore } from '@web/stores/page.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { MEMBER, makeMe } from '@web/test/fixtures.ts';
import {
  type ApiCall,
  type ApiHandler,
  CONFIG,
  fail,
  ok,
  renderPage,
  stubApi,
  testQueryClient,
} from '@web/test/render.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyPage from './MyPage.tsx';

const PATH = '/pages/my/index';
const LOGIN = '/pages/login/index';
const SLOW = { timeout: 3000 };

function login() {
  useWalletStore.getState().setAccount(MEMBER);
  useAuthStore.getState().setToken('jwt-1');
}

/** The fake server; each request also records the token the store held when it was sent. */
function stubServer(routes: Record<string, ApiHandler>) {
  const tokens: (string | undefined)[] = [];
  const calls = stubApi(
    Object.fromEntries(
      Object.entries(routes).map(([route, handler]) => [
        route,
        (url: URL, body: unknown) => {
          tokens.push(useAuthStore.getState().token);
          return handler(url, body);
        },
      ]),
    ),
  );
  return { calls, tokens };
}

/** The requests that change something (the page also reads its banners' configuration and products, and me). */
const posts = (calls: ApiCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

/** The headers of the requests to `path`, in order. */
const headersTo = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (init?.headers ?? {}) as Record<string, string>);

const loggedOut = () => {
  expect(useAuthStore.getState().token).toBeUndefined();
  expect(useWalletStore.getState().address).toBeUndefined();
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('address')).toBeNull();
};

afterEach(async () => {
  vi.useRealTimers();
  useWalletStore.getState().disconnect();
  usePageStore.getState().setMyPageSwiperCurrent(0);
  await cleanupPage();
});

describe('account page: log out', () => {
  it('ends the session on the server with its token, then here, and goes to login', async () => {
    const { calls, tokens } = stubServer({ 'POST /api/v1/logout': () => ok({ revoked: 1 }) });
    login();
    const { router } = renderPage(<MyPage />, PATH);
    fireEvent.click(screen.getByTestId('menu-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN));
    expect(posts(calls)).toEqual(['POST /api/v1/logout']);
    expect(headersTo('/api/v1/logout')[0]?.Authorization).toBe('Bearer jwt-1');
    expect(tokens).toEqual(['jwt-1']); // asked before the token was cleared
    loggedOut();
  });

  it('clears the session and goes to login even when the server fails, quietly', async () => {
    stubServer({ 'POST /api/v1/logout': () => fail(500, 'Internal error') });
    login();
    const { router } = renderPage(<MyPage />, PATH);
    fireEvent.click(screen.getByTestId('menu-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN));
    loggedOut();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.body.textContent).not.toContain('Internal error'); // best effort: no modal
  });

  it('clears the session and goes to login when the server cannot be reached', async () => {
    const { calls } = stubServer({
      'POST /api/v1/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    login();
    const { router } = renderPage(<MyPage />, PATH);
    fireEvent.click(screen.getByTestId('menu-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN));
    expect(posts(calls)).toHaveLength(1);
    loggedOut();
  });
});

describe('account page: log out everywhere', () => {
  it('asks first (Cancel keeps everything), then ends every session, clears this one and goes to login', async () => {
    const { calls, tokens } = stubServer({
      'POST /api/v1/logout/all': () => ok({ revoked: 3 }),
      'POST /api/v1/logout': () => ok({ revoked: 1 }),
    });
    login();
    const { router } = renderPage(<MyPage />, PATH);
    const item = screen.getByTestId('menu-logout-all');
    expect(item.textContent).toBe('Log out everywhere');
    expect(item.className).toContain('menu-item--danger');

    fireEvent.click(item);
    const confirm = await screen.findByTestId('logout-all-confirm', undefined, SLOW);
    expect(confirm.textContent).toContain(
      'Every device signed in with this wallet will be signed out, this one included.',
    );
    expect(screen.getByText('Log out everywhere?')).toBeTruthy();
    // Destructive: the dialog's confirm is red.
    expect(confirm.closest('.adm-modal-body')?.classList.contains('app-dialog--destructive')).toBe(true);
    fireEvent.click(await screen.findByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('logout-all-confirm')).toBeNull());
    expect(posts(calls)).toEqual([]);
    expect(useAuthStore.getState().token).toBe('jwt-1');

    fireEvent.click(screen.getByTestId('menu-logout-all'));
    fireEvent.click(await screen.findByTestId('logout-all-ok', undefined, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN));
    expect(posts(calls)).toEqual(['POST /api/v1/logout/all']);
    expect(headersTo('/api/v1/logout/all')[0]?.Authorization).toBe('Bearer jwt-1');
    expect(tokens).toEqual(['jwt-1']);
    loggedOut();
    expect(await screen.findByText('Signed out on every device', undefined, SLOW)).toBeTruthy();
  });

  it('a refusal keeps the member logged in here, says why, and lets them try again', async () => {
    stubServer({ 'POST /api/v1/logout/all': () => fail(500, 'Something went wrong, try again') });
    login();
    const { router } = renderPage(<MyPage />, PATH);
    fireEvent.click(screen.getByTestId('menu-logout-all'));
    fireEvent.click(await screen.findByTestId('logout-all-ok', undefined, SLOW));
    expect(await screen.findByText('Something went wrong, try again', undefined, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe(PATH);
    expect(useAuthStore.getState().token).toBe('jwt-1');
    await waitFor(() =>
      expect((screen.getByTestId('menu-logout-all') as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByTestId('menu-logout') as HTMLButtonElement).disabled).toBe(false);
  });
});

const product = (id: number, name: string, status: Product['status'] = 'on'): Product => ({
  id,
  name,
  description: `${name} hash power`,
  image_url: '',
  image_key: '',
  price_usdt: `${id}00`,
  status,
});
const PRODUCTS = [product(1, 'Starter'), product(2, 'Pro'), product(3, 'Retired', 'off')];

/** The server of the account page: configuration, products and the member (with `roles`). */
function stubAccount(roles: Role[] = []) {
  return stubApi({
    'GET /api/v1/config': () => ok(CONFIG),
    'GET /api/v1/products': () => ok({ list: PRODUCTS }),
    'GET /api/v1/me': () => ok(makeMe({ roles })),
  });
}

const activeBanner = () =>
  [0, 1, 2].find((i) => screen.getByTestId(`banners-slide-${i}`).getAttribute('aria-hidden') === 'false');

describe('account page: banners', () => {
  it('shows the invite bonus (its rate from the configuration), simple earn and each product on sale', async () => {
    stubAccount();
    login();
    renderPage(<MyPage />, PATH);
    expect(screen.getByTestId('banners-loading')).toBeTruthy(); // a skeleton, not "Loading…"
    const invite = await screen.findByTestId('banner-invite');
    expect(invite.textContent).toContain('Invite friends, earn up to 10%');
    expect(invite.textContent).toContain('Share your link');
    const starter = await screen.findByTestId('banner-product-1');
    expect(starter.textContent).toContain('Starter');
    expect(starter.textContent).toContain('Starter hash power');
    expect(starter.textContent).toContain('Buy for 100.00 USDT');
    expect(screen.getByTestId('banner-product-2').textContent).toContain('Pro');
    expect(screen.queryByTestId('banner-product-3')).toBeNull(); // not on sale
    expect(screen.queryByTestId('banners-loading')).toBeNull();
    expect(screen.getByRole('region', { name: 'Highlights' })).toBeTruthy();
    // Simple earn's "up to" APY from the configuration, with no read of its own (no launchpad round is open here).
    expect(screen.getByTestId('banner-earn-apy').textContent).toContain('18%');
    expect(screen.getAllByRole('button', { name: /^Show banner \d of 4$/ })).toHaveLength(4);
  });

  it('the invite banner opens the invite page, a product banner the shop', async () => {
    stubAccount();
    login();
    const { router } = renderPage(<MyPage />, PATH);
    fireEvent.click(await screen.findByTestId('banner-invite'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/my/invite/index'));

    await cleanupPage();
    stubAccount();
    login();
    const second = renderPage(<MyPage />, PATH);
    const pro = await screen.findByTestId('banner-product-2');
    fireEvent.click(screen.getByTestId('banners-dot-3'));
    fireEvent.click(pro);
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/pages/shop/index'));
  });

  it('moves on every 5000 ms, keeps its place in the page store (session storage) and comes back to it', async () => {
    stubAccount();
    login();
    const client = testQueryClient();
    client.setQueryData(configQueryOptions.queryKey, CONFIG);
    client.setQueryData(productsQueryOptions.queryKey, PRODUCTS);
    vi.useFakeTimers();
    const first = renderPage(<MyPage />, PATH, client);
    expect(activeBanner()).toBe(0);
    act(() => vi.advanceTimersByTime(4999));
    expect(activeBanner()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(activeBanner()).toBe(1);
    expect(usePageStore.getState().my_page_swiper_current).toBe(1);
    expect(sessionStorage.getItem('my_page_swiper_current')).toBe('1');
    act(() => vi.advanceTimersByTime(5000));
    expect(sessionStorage.getItem('my_page_swiper_current')).toBe('2');
    first.unmount();

    // Back on the page (or after a reload: the store reads session storage again), it is where it was.
    sessionStorage.setItem('my_page_swiper_current', '1');
    await act(() => usePageStore.persist.rehydrate());
    expect(usePageStore.getState().my_page_swiper_current).toBe(1);
    renderPage(<MyPage />, PATH, client);
    expect(activeBanner()).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(activeBanner()).toBe(2);
  });
});

describe('account page: admin section', () => {
  const adminLinks = () =>
    screen.queryAllByTestId(/^menu-admin-/).map((el) => [el.getAttribute('data-testid'), el.textContent]);

  it('an admin sees every admin page, and each link opens its page', async () => {
    stubAccount(['admin']);
    login();
    const { router } = renderPage(<MyPage />, PATH);
    expect(await screen.findByText('Admin')).toBeTruthy();
    expect(adminLinks()).toEqual([
      ['menu-admin-adminOrderAudit', 'Audit orders'],
      ['menu-admin-adminWithdrawAudit', 'Audit withdrawals'],
      ['menu-admin-adminRewardDistribution', 'Reward distribution'],
      ['menu-admin-adminAnalytics', 'Analytics'],
      ['menu-admin-adminFunds', 'Funds and NAV'],
      ['menu-admin-adminFundRedemptions', 'Fund redemptions'],
      ['menu-admin-adminLaunchpad', 'Launchpad rounds'],
      ['menu-admin-adminSolvency', 'Solvency'],
      ['menu-admin-adminProofs', 'Proof-of-liabilities snapshots'],
      ['menu-admin-adminIncidents', 'Chain incidents'],
      ['menu-admin-adminAuditLog', 'Audit log'],
      ['menu-admin-adminRoles', 'Roles'],
    ]);
    fireEvent.click(screen.getByTestId('menu-admin-adminWithdrawAudit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/admin/audit'));
  });

  it('an auditor sees the audits and the audit log, an analyst the figures: what the server lets each open', async () => {
    const shown: Partial<Record<Role, string[]>> = {
      auditor: ['adminOrderAudit', 'adminWithdrawAudit', 'adminSolvency', 'adminProofs', 'adminAuditLog'],
      analyst: ['adminAnalytics', 'adminSolvency', 'adminProofs'],
    };
    for (const [role, pages] of Object.entries(shown) as [Role, string[]][]) {
      stubAccount([role]);
      login();
      renderPage(<MyPage />, PATH);
      await waitFor(() =>
        expect(adminLinks().map(([id]) => id)).toEqual(pages.map((page) => `menu-admin-${page}`)),
      );
      await cleanupPage();
    }
  });

  it('a member without roles has no admin section', async () => {
    const calls = stubAccount([]);
    login();
    renderPage(<MyPage />, PATH);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/me')).toBe(true));
    await screen.findByTestId('banner-invite');
    expect(screen.queryByText('Admin')).toBeNull();
    expect(adminLinks()).toEqual([]);
  });
});

describe('account page: every product', () => {
  it('reaches the assets view, funds, simple earn, the launchpad, the exchange and the local wallet, each opening its page', async () => {
    stubAccount();
    useWalletStore.getState().setAccount(MEMBER, 'io.metamask');
    useAuthStore.getState().setToken('jwt-1');
    const { router } = renderPage(<MyPage />, PATH);
    // Funds follow the configuration's languages: they arrive with /config.
    await screen.findByTestId('menu-product-fundProducts');
    const entries = screen
      .queryAllByTestId(/^menu-product-/)
      .map((el) => [el.dataset.testid, el.textContent]);
    expect(entries).toEqual([
      ['menu-product-assets', 'Assets'],
      ['menu-product-fundProducts', 'Funds'],
      ['menu-product-earn', 'Simple Earn'],
      ['menu-product-launchpad', 'Launchpad'],
      ['menu-product-exchange', 'Exchange'],
      ['menu-product-localWallet', 'Local wallet'],
    ]);
    for (const [id, path] of [
      ['menu-product-assets', '/pages/assets/index'],
      ['menu-product-earn', '/pages/easyEarn/index'],
      ['menu-product-localWallet', '/pages/localWallet/index'],
    ]) {
      fireEvent.click(screen.getByTestId(id as string));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      await router.navigate(PATH);
    }
  });
});

describe('account page: proof of liabilities', () => {
  it('opens Verify my balance and the public coverage', async () => {
    stubAccount();
    login();
    const { router } = renderPage(<MyPage />, PATH);
    expect((await screen.findByTestId('menu-por-verify')).textContent).toBe('Verify my balance');
    expect(screen.getByTestId('menu-por-public').textContent).toBe('Proof of liabilities');
    for (const [id, path] of [
      ['menu-por-verify', '/pages/proof/verify'],
      ['menu-por-public', '/pages/proof/index'],
    ] as const) {
      fireEvent.click(screen.getByTestId(id));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      await router.navigate(PATH);
    }
  });
});
