import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEV_ADDRESS, DEV_KEY } from '@web/features/local-wallet/testing/fixtures.ts';
import { WrongPasswordError } from '@web/lib/wallet/errors.ts';
import { encryptKeystoreV3 } from '@web/lib/wallet/keystore-v3.ts';
import { cleanupWalletPage, WALLET_PASSWORD } from '@web/test/local-wallet.ts';
import { CONFIG, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LocalWalletPage from './LocalWalletPage.tsx';

// The import of a keystore file takes seconds on a phone (scrypt or PBKDF2, then the key encrypted for this
// browser): the page says what runs, shows how far, and takes no second tap. The file's key derivation is held
// here until the test lets it finish (`gate`), reporting what scrypt would.
const kdf = vi.hoisted(() => ({
  calls: 0,
  release: null as null | ((outcome: 'ok' | 'wrong') => void),
}));
vi.mock('@web/lib/wallet/keystore-v3.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/wallet/keystore-v3.ts')>()),
  decryptKeystoreV3: (_file: unknown, _password: string, progress: { onProgress?: (f: number) => void }) => {
    kdf.calls++;
    progress.onProgress?.(0.4);
    return new Promise((resolve, reject) => {
      kdf.release = (outcome) =>
        outcome === 'ok'
          ? resolve({ privateKey: DEV_KEY, address: DEV_ADDRESS })
          : reject(new WrongPasswordError());
    });
  },
}));
// The balances are not what this is about: the chain never answers.
vi.mock('@web/lib/wallet/local-chain.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/wallet/local-chain.ts')>()),
  loadLocalChain: () => new Promise(() => undefined),
}));

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const progress = () => screen.queryByTestId('local-import-progress');
const label = () => screen.getByTestId('local-import-progress-label').textContent;
const bar = () => screen.getByTestId('local-import-progress-bar') as HTMLProgressElement;

/** Every phase the progress showed, in order (a DOM observer: none is missed however short); `stop()` ends it. */
function watchPhases(): { phases: string[]; stop: () => void } {
  const phases: string[] = ['none'];
  const observer = new MutationObserver(() => {
    const phase = progress()?.getAttribute('data-phase') ?? 'none';
    if (phases.at(-1) !== phase) phases.push(phase);
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  return { phases, stop: () => observer.disconnect() };
}

/** The file form filled with `file` (the keystore's text) and the passwords; then Import File. */
async function importFile(file: string) {
  renderPage(<LocalWalletPage />, '/pages/localWallet/index');
  fireEvent.click(screen.getByTestId('local-mode-file'));
  fireEvent.change(screen.getByTestId('local-keystore-file'), {
    target: { files: [new File([file], 'key.json', { type: 'application/json' })] },
  });
  type('local-keystore-password', 'the file password');
  type('local-password', WALLET_PASSWORD);
  type('local-password-confirm', WALLET_PASSWORD);
  await waitFor(() => expect(screen.getByTestId('local-submit').hasAttribute('disabled')).toBe(false));
  fireEvent.click(screen.getByTestId('local-submit'));
}

beforeEach(() => {
  kdf.calls = 0;
  kdf.release = null;
  stubApi({ 'GET /api/v1/config': () => ok(CONFIG) });
});

afterEach(cleanupWalletPage);

describe('importing a keystore file shows its progress', () => {
  it('scrypt: "Decrypting the file… 40%" on a filling bar, everything disabled, one import only', async () => {
    const file = JSON.stringify(await encryptKeystoreV3(DEV_KEY, 'the file password', { n: 1024 }));
    const watch = watchPhases();
    await importFile(file);
    await waitFor(() => expect(progress()?.getAttribute('data-phase')).toBe('decrypt'));
    expect(progress()?.getAttribute('role')).toBe('status');
    expect(label()).toBe('Decrypting the file… 40%');
    expect(bar().getAttribute('value')).toBe('40');
    expect(bar().getAttribute('aria-label')).toBe('Decrypting the file… 40%');
    expect(screen.getByText('This takes a few seconds. Keep this page open.')).toBeTruthy();
    const submit = screen.getByTestId('local-submit');
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(submit.textContent).toBe('Decrypting…'); // short: the status above says how far
    // Nothing can be changed meanwhile: the fields, the file, the mode.
    expect(screen.getByTestId('local-keystore-file').closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByTestId('local-password').closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByTestId('local-mode-create').hasAttribute('disabled')).toBe(true);
    // A second tap (or Enter) starts nothing.
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    expect(kdf.calls).toBe(1);

    kdf.release?.('ok');
    expect((await screen.findByTestId('local-address', {}, { timeout: 20_000 })).dataset.address).toBe(
      DEV_ADDRESS,
    );
    // Then the key was encrypted for this browser ("Encrypting the key for this browser…"), and it is done.
    watch.stop();
    expect(watch.phases).toEqual(['none', 'decrypt', 'store', 'none']);
    expect(progress()).toBeNull();
    expect(kdf.calls).toBe(1);
  }, 30_000);

  it('PBKDF2 (no figure to report): an indeterminate bar labelled "Decrypting…"', async () => {
    const file = JSON.stringify(
      await encryptKeystoreV3(DEV_KEY, 'the file password', { kdf: 'pbkdf2', c: 1000 }),
    );
    await importFile(file);
    await waitFor(() => expect(label()).toBe('Decrypting…'));
    expect(bar().hasAttribute('value')).toBe(false);
    expect(screen.getByTestId('local-submit').textContent).toBe('Decrypting…');
    kdf.release?.('ok');
    await screen.findByTestId('local-address', {}, { timeout: 20_000 });
  }, 30_000);

  it('a wrong file password: the progress goes, the form is usable again and says why', async () => {
    const file = JSON.stringify(await encryptKeystoreV3(DEV_KEY, 'the file password', { n: 1024 }));
    await importFile(file);
    await waitFor(() => expect(progress()).not.toBeNull());
    kdf.release?.('wrong');
    expect((await screen.findByTestId('local-keystore-password-error')).textContent).toBe('Wrong password');
    expect(progress()).toBeNull();
    expect(screen.getByTestId('local-submit').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('local-submit').textContent).toBe('Import File');
    expect(screen.getByTestId('local-password').closest('fieldset')?.disabled).toBe(false);
    expect(screen.queryByTestId('local-address')).toBeNull();
  });
});
