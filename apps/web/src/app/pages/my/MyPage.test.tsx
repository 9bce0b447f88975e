import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth.ts';
import { useWalletStore } from '../../../stores/wallet.ts';
import { cleanupPage } from '../../../test/cleanup.ts';
import { MEMBER } from '../../../test/fixtures.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '../../../test/render.tsx';
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
  useWalletStore.getState().disconnect();
  await cleanupPage();
});

describe('account page: log out', () => {
  it('ends the session on the server with its token, then here, and goes to login', async () => {
    const { calls, tokens } = stubServer({ 'POST /api/v1/logout': () => ok({ revoked: 1 }) });
    login();
    const { router } = renderPage(<MyPage />, PATH);
    fireEvent.click(screen.getByTestId('menu-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/logout']);
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
    expect(calls).toHaveLength(1);
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
    fireEvent.click(await screen.findByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('logout-all-confirm')).toBeNull());
    expect(calls).toEqual([]);
    expect(useAuthStore.getState().token).toBe('jwt-1');

    fireEvent.click(screen.getByTestId('menu-logout-all'));
    fireEvent.click(await screen.findByTestId('logout-all-ok', undefined, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/logout/all']);
    expect(headersTo('/api/v1/logout/all')[0]?.Authorization).toBe('Bearer jwt-1');
    expect(tokens).toEqual(['jwt-1']);
    loggedOut();
    expect(await screen.findByText('Signed out on every device', undefined, SLOW)).toBeTruthy();
  });

  it('a refusal keeps the member logged in here, says why, and lets them try again', async () => {
    stubServer({ 'POST /api/v1/logout/all': () => fail(429, 'Too many requests, try again in 60 s') });
    login();
    const { router } = renderPage(<MyPage />, PATH);
    fireEvent.click(screen.getByTestId('menu-logout-all'));
    fireEvent.click(await screen.findByTestId('logout-all-ok', undefined, SLOW));
    expect(await screen.findByText('Too many requests, try again in 60 s', undefined, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe(PATH);
    expect(useAuthStore.getState().token).toBe('jwt-1');
    await waitFor(() =>
      expect((screen.getByTestId('menu-logout-all') as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByTestId('menu-logout') as HTMLButtonElement).disabled).toBe(false);
  });
});
