import { fireEvent, screen, waitFor } from '@testing-library/react';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { removeLocalWallet } from '../../../lib/wallet/local.ts';
import { setActiveWallet } from '../../../lib/wallet/session.ts';
import { useAuthStore } from '../../../stores/auth.ts';
import { useWalletStore } from '../../../stores/wallet.ts';
import { cleanupPage } from '../../../test/cleanup.ts';
import { CONFIG, ok, renderPage, stubApi } from '../../../test/render.tsx';
import LocalWalletPage from './LocalWalletPage.tsx';

const PATH = '/pages/localWallet/index?code=ABC&side=left';
// The first well-known development key of anvil/hardhat: public, never holds real funds.
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PASSWORD = 'correct horse battery';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** Presses the OK of the dialog opened last (an earlier one may still be animating out). */
const pressOk = async () => (await screen.findAllByText('OK')).at(-1)?.click();
const status = () => screen.getByTestId('local-status').textContent;

afterEach(async () => {
  await cleanupPage();
  removeLocalWallet();
  setActiveWallet(null);
  useWalletStore.getState().disconnect();
});

describe('local wallet page', () => {
  it('checks the password before creating; the mode switch shows the key field for an import', async () => {
    renderPage(<LocalWalletPage />, PATH);
    expect(screen.getByTestId('local-mode-create').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('local-import-key')).toBeNull();
    type('local-password', 'short');
    type('local-password-confirm', 'short');
    fireEvent.click(screen.getByTestId('local-submit'));
    expect((await screen.findByTestId('local-error')).textContent).toBe(
      'The password must have at least 8 characters.',
    );
    type('local-password', PASSWORD);
    type('local-password-confirm', `${PASSWORD}!`);
    fireEvent.click(screen.getByTestId('local-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('local-error').textContent).toBe('The passwords do not match.'),
    );
    fireEvent.click(screen.getByTestId('local-mode-import'));
    expect(screen.getByTestId('local-mode-import').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('local-import-key')).toBeTruthy();
  });

  it('imports a key, then locks, unlocks (a wrong password is refused) and removes it', async () => {
    renderPage(<LocalWalletPage />, PATH);
    fireEvent.click(screen.getByTestId('local-mode-import'));
    type('local-import-key', DEV_KEY);
    type('local-password', PASSWORD);
    type('local-password-confirm', PASSWORD);
    fireEvent.click(screen.getByTestId('local-submit'));
    // While the key is encrypted, the button says so (no bare "Loading").
    expect(screen.getByTestId('local-submit').textContent).toBe('Encrypting the key…');
    expect(screen.getByTestId('local-submit').getAttribute('aria-busy')).toBe('true');
    expect((await screen.findByTestId('local-address')).textContent).toBe(DEV_ADDRESS);
    expect(status()).toBe('Unlocked');
    expect(screen.getByTestId('local-use-login')).toBeTruthy();

    fireEvent.click(screen.getByTestId('local-lock'));
    expect(status()).toBe('Locked');
    type('local-unlock-password', 'wrong password');
    fireEvent.click(screen.getByTestId('local-unlock'));
    expect(await screen.findByTestId('local-error')).toBeTruthy();
    expect(status()).toBe('Locked');
    type('local-unlock-password', PASSWORD);
    fireEvent.click(screen.getByTestId('local-unlock'));
    await waitFor(() => expect(status()).toBe('Unlocked'));
    expect(screen.queryByTestId('local-error')).toBeNull();

    fireEvent.click(screen.getByTestId('local-export'));
    await pressOk();
    expect((await screen.findByTestId('local-private-key')).textContent).toBe(DEV_KEY);
    await pressOk();
    await waitFor(() => expect(screen.queryByTestId('local-private-key')).toBeNull());

    fireEvent.click(screen.getByTestId('local-remove'));
    await pressOk();
    expect(await screen.findByTestId('local-submit')).toBeTruthy();
    expect(screen.queryByTestId('local-address')).toBeNull();
  });

  it('"Use it to log in" signs in at once with the invite it came with, and goes home', async () => {
    const auth: Record<string, unknown>[] = [];
    const account = privateKeyToAccount(DEV_KEY);
    stubApi({
      'GET /api/v1/config': () => ok(CONFIG),
      'GET /api/v1/nonce': () => ok({ nonce: 'n0nce12345', expires_at: '2099-01-01T00:00:00Z' }),
      'POST /api/v1/auth': (_url, body) => {
        auth.push(body as Record<string, unknown>);
        return ok({ token: 'new-token', address: DEV_ADDRESS.toLowerCase() });
      },
    });
    const { router } = renderPage(<LocalWalletPage />, PATH);
    fireEvent.click(screen.getByTestId('local-mode-import'));
    type('local-import-key', DEV_KEY);
    type('local-password', PASSWORD);
    type('local-password-confirm', PASSWORD);
    fireEvent.click(screen.getByTestId('local-submit'));
    fireEvent.click(await screen.findByTestId('local-use-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(auth).toHaveLength(1);
    expect(auth[0]).toMatchObject({ invite_code: 'ABC', side: 'left' });
    expect(await account.signMessage({ message: String(auth[0]?.message) })).toBe(auth[0]?.signature);
    expect(useAuthStore.getState().token).toBe('new-token');
    expect(useWalletStore.getState().walletRdns).toBe('app.agcfund.localwallet');
  });

  it('offers no "Use it to log in" to a member already signed in', async () => {
    useAuthStore.getState().setToken('jwt-1');
    renderPage(<LocalWalletPage />, PATH);
    type('local-password', PASSWORD);
    type('local-password-confirm', PASSWORD);
    fireEvent.click(screen.getByTestId('local-submit'));
    expect(await screen.findByTestId('local-lock')).toBeTruthy();
    expect(screen.queryByTestId('local-use-login')).toBeNull();
  });

  it('the private key is typed into a password field with a Show / Hide toggle', () => {
    renderPage(<LocalWalletPage />, PATH);
    fireEvent.click(screen.getByTestId('local-mode-import'));
    const field = screen.getByLabelText('Private key') as HTMLInputElement;
    expect(field).toBe(screen.getByTestId('local-import-key'));
    expect(field.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show private key' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(field.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Hide private key');
    fireEvent.click(screen.getByRole('button', { name: 'Hide private key' }));
    expect(field.type).toBe('password');
  });
});
