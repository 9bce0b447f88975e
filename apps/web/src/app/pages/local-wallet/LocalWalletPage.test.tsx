import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEV_ADDRESS, DEV_KEY } from '@web/features/local-wallet/testing/fixtures.ts';
import { autoLock } from '@web/lib/wallet/auto-lock.ts';
import { isLocalWalletUnlocked } from '@web/lib/wallet/local.ts';
import type { LocalBalances } from '@web/lib/wallet/local-chain.ts';
import { setActiveWallet } from '@web/lib/wallet/session.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { expectFieldError } from '@web/test/field-error.ts';
import { cleanupWalletPage, WALLET_PASSWORD } from '@web/test/local-wallet.ts';
import { CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LocalWalletPage from './LocalWalletPage.tsx';

// The chain: balances as the test sets them (or a failing RPC).
const chain = vi.hoisted(() => ({
  balances: null as LocalBalances | null,
  fail: false,
  reads: 0,
}));
vi.mock('@web/lib/wallet/local-chain.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/wallet/local-chain.ts')>()),
  loadLocalChain: async () =>
    (await import('@web/features/local-wallet/testing/fixtures.ts')).fakeLocalChain(
      {},
      { USDT: '0x1', AGC: '0x2' },
    ),
  readLocalBalances: async () => {
    chain.reads++;
    if (chain.fail || !chain.balances) throw new Error('RPC unreachable');
    return chain.balances;
  },
}));

beforeEach(() => {
  chain.balances = {
    blockNumber: 100n,
    ETH: 1_234_567_000_000_000_000n,
    USDT: 12_345_678n,
    AGC: 3n * 10n ** 18n,
  };
  chain.fail = false;
  chain.reads = 0;
});

const PATH = '/pages/localWallet/index?code=ABC&side=left';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const status = () => screen.getByTestId('local-status').textContent;
/** The import form: the dev key under WALLET_PASSWORD (typed twice), submitted. */
const submitDevKey = () => {
  fireEvent.click(screen.getByTestId('local-mode-import'));
  type('local-import-key', DEV_KEY);
  type('local-password', WALLET_PASSWORD);
  type('local-password-confirm', WALLET_PASSWORD);
  fireEvent.click(screen.getByTestId('local-submit'));
};

afterEach(async () => {
  await cleanupWalletPage();
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
    expect((await screen.findByTestId('local-password-error')).textContent).toBe(
      'The password must have at least 8 characters.',
    );
    type('local-password', WALLET_PASSWORD);
    type('local-password-confirm', `${WALLET_PASSWORD}!`);
    fireEvent.click(screen.getByTestId('local-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('local-password-confirm-error').textContent).toBe(
        'The passwords do not match.',
      ),
    );
    // each message under the field it is about, not above the button
    expectFieldError(
      screen.getByTestId('local-password-confirm-error'),
      screen.getByTestId('local-password-confirm'),
    );
    expect(screen.queryByTestId('local-error')).toBeNull();
    fireEvent.click(screen.getByTestId('local-mode-import'));
    expect(screen.getByTestId('local-mode-import').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('local-import-key')).toBeTruthy();
  });

  it('an import with every field empty flags every field at once, each under itself', async () => {
    renderPage(<LocalWalletPage />, PATH);
    fireEvent.click(screen.getByTestId('local-mode-import'));
    fireEvent.click(screen.getByTestId('local-submit'));
    expect((await screen.findByTestId('local-import-key-error')).textContent).toBe(
      'Please enter the private key.',
    );
    expect(screen.getByTestId('local-password-error').textContent).toBe(
      'The password must have at least 8 characters.',
    );
    expect(screen.getByTestId('local-password-confirm-error').textContent).toBe(
      'Please type the password again.',
    );
    expectFieldError(screen.getByTestId('local-import-key-error'), screen.getByTestId('local-import-key'));
    expect(screen.queryByTestId('local-error')).toBeNull();
    // Typing into one field leaves the others' messages until the next try.
    type('local-import-key', `0x${'1'.repeat(64)}`);
    fireEvent.click(screen.getByTestId('local-submit'));
    await waitFor(() => expect(screen.queryByTestId('local-import-key-error')).toBeNull());
    expect(screen.getByTestId('local-password-error')).toBeTruthy();
  });

  it('imports a key, then locks, unlocks (a wrong password is refused) and removes it', async () => {
    renderPage(<LocalWalletPage />, PATH);
    submitDevKey();
    // While the key is encrypted, the button says so (no bare "Loading").
    expect(screen.getByTestId('local-submit').textContent).toBe('Encrypting the key…');
    expect(screen.getByTestId('local-submit').getAttribute('aria-busy')).toBe('true');
    expect((await screen.findByTestId('local-address')).getAttribute('data-address')).toBe(DEV_ADDRESS);
    expect(screen.getByTestId('local-qr').getAttribute('data-value')).toBe(DEV_ADDRESS);
    expect(status()).toBe('Unlocked');
    expect(screen.getByTestId('local-use-login')).toBeTruthy();

    fireEvent.click(screen.getByTestId('local-lock'));
    expect(status()).toBe('Locked');
    type('local-unlock-password', 'wrong password');
    fireEvent.click(screen.getByTestId('local-unlock'));
    expect(await screen.findByTestId('local-unlock-password-error')).toBeTruthy();
    expect(status()).toBe('Locked');
    type('local-unlock-password', WALLET_PASSWORD);
    fireEvent.click(screen.getByTestId('local-unlock'));
    await waitFor(() => expect(status()).toBe('Unlocked'));
    expect(screen.queryByTestId('local-unlock-password-error')).toBeNull();

    // The key shows only with the password typed again (a wrong one shows nothing).
    fireEvent.click(screen.getByTestId('local-reveal'));
    type('local-check-password', 'wrong password');
    fireEvent.click(screen.getByTestId('local-check-submit'));
    expect((await screen.findByTestId('local-check-password-error')).textContent).toBe('Wrong password');
    expect(screen.queryByTestId('local-private-key')).toBeNull();
    type('local-check-password', WALLET_PASSWORD);
    fireEvent.click(screen.getByTestId('local-check-submit'));
    expect((await screen.findByTestId('local-private-key')).textContent).toBe(DEV_KEY);
    fireEvent.click(screen.getByTestId('local-hide-key'));
    expect(screen.queryByTestId('local-private-key')).toBeNull();

    fireEvent.click(screen.getByTestId('local-remove'));
    expect((await screen.findByTestId('local-remove-warning')).textContent).toContain('gone for good');
    (await screen.findByText('Remove now', {}, { timeout: 5000 })).click();
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
    submitDevKey();
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
    type('local-password', WALLET_PASSWORD);
    type('local-password-confirm', WALLET_PASSWORD);
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

  /** Imports the dev key under WALLET_PASSWORD and waits for the unlocked wallet. */
  const importDevKey = async () => {
    submitDevKey();
    await screen.findByTestId('local-lock');
  };

  it('shows a signed-out visitor the three balances with their USDT values (public prices), and links', async () => {
    let priceReads = 0;
    stubApi({
      'GET /api/v1/prices': () => {
        priceReads += 1;
        return ok({
          agc_usdt: '0.5',
          eth_usdt: '3456.789012',
          updated_at: '2026-11-25T00:00:00Z',
          source: 'fixed',
        });
      },
    });
    renderPage(<LocalWalletPage />, PATH);
    await importDevKey();
    expect((await screen.findByTestId('local-balance-ETH')).textContent).toBe('1.234567 ETH');
    expect(screen.getByTestId('local-balance-USDT').textContent).toBe('12.3456 USDT');
    expect(screen.getByTestId('local-balance-AGC').textContent).toBe('3.00 AGC');
    // 1.234567 ETH × 3456.789012 = 4267.637640… USDT; 3 AGC × 0.5 = 1.5 USDT (no sign-in needed).
    expect((await screen.findByTestId('local-value-ETH')).textContent).toBe(' ≈ 4,267.6376 USDT');
    expect(screen.getByTestId('local-value-AGC').textContent).toBe(' ≈ 1.50 USDT');
    expect(screen.queryByTestId('local-value-USDT')).toBeNull(); // USDT is its own value
    expect(screen.queryByTestId('local-prices-failed')).toBeNull();
    // Fixed prices (this test's server): the values say they are not the market's.
    expect(screen.getByTestId('local-price-source').textContent).toBe('Fixed price — not from the market');
    expect(priceReads).toBe(1);
    for (const id of ['local-link-send', 'local-link-history', 'local-link-sweep'])
      expect(screen.getByTestId(id)).toBeTruthy();
    // Copy: the address to the clipboard, and the spec's 'Copy success'.
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(screen.getByTestId('local-address-copy'));
    expect(await screen.findByText('Copy success', {}, { timeout: 5000 })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(DEV_ADDRESS);
    vi.unstubAllGlobals();
  });

  it('a paused market price shows no value and says prices are paused; the other still counts', async () => {
    stubApi({
      'GET /api/v1/prices': () =>
        ok({ agc_usdt: null, eth_usdt: '3000', updated_at: '2026-11-25T00:00:00Z', source: 'uniswap-v3' }),
    });
    renderPage(<LocalWalletPage />, PATH);
    await importDevKey();
    expect((await screen.findByTestId('local-value-ETH')).textContent).toBe(' ≈ 3,703.701 USDT');
    expect(screen.queryByTestId('local-value-AGC')).toBeNull();
    expect(screen.getByTestId('local-prices-paused').textContent).toBe(
      'Prices are paused — try again shortly',
    );
    expect(screen.getByTestId('local-price-source').textContent).toBe('Market price (Uniswap v3 average)');
  });

  it('when the prices cannot be read, the balances show alone and the card says why', async () => {
    stubApi({ 'GET /api/v1/prices': () => fail(500, 'Internal error') });
    renderPage(<LocalWalletPage />, PATH);
    await importDevKey();
    expect((await screen.findByTestId('local-balance-ETH')).textContent).toBe('1.234567 ETH');
    expect((await screen.findByTestId('local-prices-failed', {}, { timeout: 8000 })).textContent).toBe(
      'Prices could not be loaded, so USDT values are not shown.',
    );
    expect(screen.queryByTestId('local-value-ETH')).toBeNull();
    expect(screen.queryByTestId('local-value-AGC')).toBeNull();
    expect(screen.getByTestId('local-balance-AGC').textContent).toBe('3.00 AGC');
  });

  it('a failing read shows Load Failed in one place, and retry reads again', async () => {
    chain.fail = true;
    renderPage(<LocalWalletPage />, PATH);
    await importDevKey();
    expect(screen.getByTestId('local-balances-loading')).toBeTruthy();
    expect((await screen.findByTestId('local-balances-error', {}, { timeout: 8000 })).textContent).toContain(
      'Load Failed',
    );
    chain.fail = false;
    const before = chain.reads;
    (await screen.findByText('Retry', {}, { timeout: 5000 })).click();
    expect((await screen.findByTestId('local-balance-USDT')).textContent).toBe('12.3456 USDT');
    expect(chain.reads).toBeGreaterThan(before);
  });

  it('locks itself after 15 idle minutes (the page shows it), and unlocks with the password', async () => {
    renderPage(<LocalWalletPage />, PATH);
    await importDevKey();
    expect(status()).toBe('Unlocked');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 15 * 60_000 + 1);
      autoLock.check();
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(status()).toBe('Locked'));
    expect(isLocalWalletUnlocked()).toBe(false);
    type('local-unlock-password', WALLET_PASSWORD);
    fireEvent.click(screen.getByTestId('local-unlock'));
    await waitFor(() => expect(status()).toBe('Unlocked'));
  });

  it('exports a keystore v3 file after the password, removes the wallet, and imports the file back', async () => {
    const files: { name: string; text: string }[] = [];
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = blobs.get(this.href);
      if (blob) void blob.text().then((text) => files.push({ name: this.download, text }));
    });
    const blobs = new Map<string, Blob>();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => {
          const url = `blob:test/${blobs.size}`;
          blobs.set(url, b);
          return url;
        },
        revokeObjectURL: () => undefined,
      }),
    );
    renderPage(<LocalWalletPage />, PATH);
    await importDevKey();
    fireEvent.click(screen.getByTestId('local-export-keystore'));
    type('local-check-password', 'not it at all');
    fireEvent.click(screen.getByTestId('local-check-submit'));
    expect((await screen.findByTestId('local-check-password-error')).textContent).toBe('Wrong password');
    expect(files).toHaveLength(0);
    type('local-check-password', WALLET_PASSWORD);
    fireEvent.click(screen.getByTestId('local-check-submit'));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 20_000 });
    const file = files[0] as { name: string; text: string };
    expect(file.name).toMatch(
      /^UTC--\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z--f39fd6e51aad88f6f4ce6ab8827279cfffb92266\.json$/,
    );
    const json = JSON.parse(file.text);
    expect(json).toMatchObject({ version: 3, address: 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266' });
    expect(json.crypto).toMatchObject({
      cipher: 'aes-128-ctr',
      kdf: 'scrypt',
      kdfparams: { n: 131072, r: 8, p: 1, dklen: 32 },
    });
    expect(file.text).not.toContain(DEV_KEY.slice(2));
    clicked.mockRestore();
    await waitFor(() => expect(screen.queryByTestId('local-check-form')).toBeNull());

    // Remove: the dialog offers the export first (the password form opens, focused); then remove.
    fireEvent.click(screen.getByTestId('local-remove'));
    (await screen.findByText('Export a keystore file first', {}, { timeout: 5000 })).click();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('local-check-password')));
    fireEvent.click(screen.getByTestId('local-check-cancel'));
    await new Promise((r) => setTimeout(r, 300)); // the first dialog closes
    fireEvent.click(screen.getByTestId('local-remove'));
    (await screen.findAllByText('Remove now', {}, { timeout: 5000 })).at(-1)?.click();
    await screen.findByTestId('local-submit');

    // Import the file back: a corrupt file and a wrong file password change nothing.
    fireEvent.click(screen.getByTestId('local-mode-file'));
    const pick = (text: string) =>
      fireEvent.change(screen.getByTestId('local-keystore-file'), {
        target: { files: [new File([text], 'key.json', { type: 'application/json' })] },
      });
    type('local-password', WALLET_PASSWORD);
    type('local-password-confirm', WALLET_PASSWORD);
    pick('{"version":3,"crypto":{}}');
    type('local-keystore-password', WALLET_PASSWORD);
    await waitFor(() => expect(screen.queryByTestId('local-keystore-file-error')).toBeNull());
    fireEvent.click(screen.getByTestId('local-submit'));
    expect((await screen.findByTestId('local-keystore-file-error')).textContent).toBe(
      'This file is not a keystore file this wallet can read.',
    );
    pick(file.text);
    type('local-keystore-password', 'wrong password');
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(screen.getByTestId('local-submit'));
    await waitFor(
      () => expect(screen.getByTestId('local-keystore-password-error').textContent).toBe('Wrong password'),
      {
        timeout: 20_000,
      },
    );
    expect(screen.queryByTestId('local-address')).toBeNull();
    type('local-keystore-password', WALLET_PASSWORD);
    fireEvent.click(screen.getByTestId('local-submit'));
    expect(
      (await screen.findByTestId('local-address', {}, { timeout: 20_000 })).getAttribute('data-address'),
    ).toBe(DEV_ADDRESS);
    expect((await screen.findByTestId('local-balance-USDT')).textContent).toBe('12.3456 USDT');
    vi.unstubAllGlobals();
  }, 60_000);
});
