import { stringToHex, verifyMessage } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autoLock } from './auto-lock.ts';
import { ensureChain } from './chain.ts';
import { knownWallets, LOCAL_WALLET_RDNS, requestProviders, resetDiscovery } from './discovery.ts';
import { UserRejectedRequestError, WrongPasswordError } from './errors.ts';
import {
  createLocalWallet,
  InvalidPrivateKeyError,
  importLocalWallet,
  isLocalWalletUnlocked,
  localWalletAddress,
  lockLocalWallet,
  PasswordTooShortError,
  removeLocalWallet,
  revealLocalPrivateKey,
  unlockLocalWallet,
} from './local.ts';
import { encryptSecret, PBKDF2_ITERATIONS } from './local-crypto.ts';
import { LOCAL_WALLET_STORAGE_KEY } from './local-keystore.ts';
import { installLocalWallet, localWalletProvider, setLocalUnlockPrompt } from './local-provider.ts';
import { listSent, recordSent } from './local-sent.ts';

// The first well-known development key of anvil/hardhat: public, never holds real funds.
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PASSWORD = 'correct horse battery';

afterEach(() => {
  lockLocalWallet();
  setLocalUnlockPrompt(null);
  resetDiscovery();
});

const stored = () =>
  JSON.parse(localStorage.getItem(LOCAL_WALLET_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;

describe('local wallet encryption', () => {
  it('creates a key and stores only ciphertext, salt, iv, kdf parameters and the address', async () => {
    const address = await createLocalWallet(PASSWORD);
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const ks = stored();
    expect(Object.keys(ks ?? {}).sort()).toEqual([
      'address',
      'cipher',
      'ciphertext',
      'iterations',
      'iv',
      'kdf',
      'salt',
      'version',
    ]);
    expect(ks).toMatchObject({ version: 1, address, kdf: 'PBKDF2-SHA256', cipher: 'AES-GCM' });
    expect(ks?.iterations).toBe(PBKDF2_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    // nothing in storage looks like a 32-byte hex key
    const everything = Object.keys(localStorage)
      .map((k) => localStorage.getItem(k))
      .join(' ');
    expect(everything).not.toMatch(/[0-9a-fA-F]{64}/);
    expect(isLocalWalletUnlocked()).toBe(true);
  });

  it('round-trips: lock, then unlock with the password gives the same account', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    expect(localWalletAddress()).toBe(DEV_ADDRESS);
    lockLocalWallet();
    expect(isLocalWalletUnlocked()).toBe(false);
    await expect(unlockLocalWallet(PASSWORD)).resolves.toBe(DEV_ADDRESS);
    expect(isLocalWalletUnlocked()).toBe(true);
  });

  it('refuses a wrong password and stays locked', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    lockLocalWallet();
    const error = await unlockLocalWallet('wrong password!').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongPasswordError);
    expect(error).toMatchObject({ name: 'WrongPasswordError', i18nKey: 'localWallet.errors.wrongPassword' });
    expect(isLocalWalletUnlocked()).toBe(false);
  });

  it('detects a swapped address (the address is authenticated with the ciphertext)', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    lockLocalWallet();
    const ks = stored();
    localStorage.setItem(
      LOCAL_WALLET_STORAGE_KEY,
      JSON.stringify({ ...ks, address: '0x1234567890abcdef1234567890abcdef12345678' }),
    );
    await expect(unlockLocalWallet(PASSWORD)).rejects.toBeInstanceOf(WrongPasswordError);
  });

  it('opens a wallet stored the old way (250 000 iterations) and stores it again with today’s, once', async () => {
    // What an earlier version wrote: the same format, 250 000 PBKDF2 iterations.
    const legacy = await encryptSecret(DEV_KEY, PASSWORD, {
      additionalData: DEV_ADDRESS.toLowerCase(),
      iterations: 250_000,
    });
    const old = { version: 1, address: DEV_ADDRESS, kdf: 'PBKDF2-SHA256', cipher: 'AES-GCM', ...legacy };
    localStorage.setItem(LOCAL_WALLET_STORAGE_KEY, JSON.stringify(old));
    // a wrong password changes nothing
    await expect(unlockLocalWallet('wrong password!')).rejects.toBeInstanceOf(WrongPasswordError);
    expect(stored()).toEqual(old);

    await expect(unlockLocalWallet(PASSWORD)).resolves.toBe(DEV_ADDRESS);
    const upgraded = stored();
    expect(upgraded).toMatchObject({ version: 1, address: DEV_ADDRESS, iterations: PBKDF2_ITERATIONS });
    expect(upgraded?.salt).not.toBe(old.salt);
    expect(upgraded?.ciphertext).not.toBe(old.ciphertext);
    // the re-encrypted copy opens with the same password to the same key, and is not rewritten again
    lockLocalWallet();
    await expect(unlockLocalWallet(PASSWORD)).resolves.toBe(DEV_ADDRESS);
    expect(stored()).toEqual(upgraded);
    await expect(revealLocalPrivateKey(PASSWORD)).resolves.toBe(DEV_KEY);
  });

  it('uses a fresh salt and iv for every encryption', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    const first = stored();
    await importLocalWallet(DEV_KEY, PASSWORD);
    const second = stored();
    expect(second?.salt).not.toBe(first?.salt);
    expect(second?.iv).not.toBe(first?.iv);
    expect(second?.ciphertext).not.toBe(first?.ciphertext);
  });

  it('validates keys and passwords', async () => {
    await expect(importLocalWallet('0x1234', PASSWORD)).rejects.toBeInstanceOf(InvalidPrivateKeyError);
    await expect(importLocalWallet(`0x${'0'.repeat(64)}`, PASSWORD)).rejects.toBeInstanceOf(
      InvalidPrivateKeyError,
    );
    await expect(importLocalWallet(DEV_KEY.slice(2), PASSWORD)).resolves.toBe(DEV_ADDRESS);
    await expect(createLocalWallet('short')).rejects.toBeInstanceOf(PasswordTooShortError);
  });

  it('remove deletes the keystore', async () => {
    await createLocalWallet(PASSWORD);
    removeLocalWallet();
    expect(localStorage.getItem(LOCAL_WALLET_STORAGE_KEY)).toBeNull();
    expect(isLocalWalletUnlocked()).toBe(false);
  });
});

describe('local wallet as an EIP-1193 provider', () => {
  const call = (method: string, params: unknown[] = []) => localWalletProvider.request({ method, params });

  it('is on Arbitrum One and only accepts switching to it', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    await expect(call('eth_chainId')).resolves.toBe('0xa4b1');
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0xa4b1' }])).resolves.toBeNull();
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toMatchObject({
      code: 4902,
    });
    await expect(ensureChain(localWalletProvider, { rpc_url: 'http://rpc', explorer_url: '' })).resolves.toBe(
      'already',
    );
  });

  it('exposes the account only while unlocked', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    await expect(call('eth_accounts')).resolves.toEqual([DEV_ADDRESS]);
    await expect(call('eth_requestAccounts')).resolves.toEqual([DEV_ADDRESS]);
    lockLocalWallet();
    await expect(call('eth_accounts')).resolves.toEqual([]);
    await expect(call('eth_requestAccounts')).rejects.toMatchObject({ code: 4100 });
  });

  it('asks for the password on eth_requestAccounts when locked', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    lockLocalWallet();
    setLocalUnlockPrompt(async () => PASSWORD);
    await expect(call('eth_requestAccounts')).resolves.toEqual([DEV_ADDRESS]);
    lockLocalWallet();
    setLocalUnlockPrompt(async () => 'not the password');
    await expect(call('eth_requestAccounts')).rejects.toBeInstanceOf(WrongPasswordError);
    setLocalUnlockPrompt(() => Promise.reject(new Error('cancelled')));
    await expect(call('eth_requestAccounts')).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('signs with personal_sign (hex message, as wallets receive it) verifiably', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    const message = 'example.com wants you to sign in';
    const signature = (await call('personal_sign', [stringToHex(message), DEV_ADDRESS])) as `0x${string}`;
    await expect(verifyMessage({ address: DEV_ADDRESS, message, signature })).resolves.toBe(true);
    await expect(
      call('personal_sign', [stringToHex(message), '0x1234567890abcdef1234567890abcdef12345678']),
    ).rejects.toMatchObject({ code: 4100 });
    lockLocalWallet();
    await expect(call('personal_sign', [stringToHex(message), DEV_ADDRESS])).rejects.toMatchObject({
      code: 4100,
    });
  });

  it('announces itself through EIP-6963 as "AGC Local Wallet" once a key exists', async () => {
    installLocalWallet();
    requestProviders();
    expect(knownWallets().some((w) => w.info.rdns === LOCAL_WALLET_RDNS)).toBe(false);
    await importLocalWallet(DEV_KEY, PASSWORD);
    requestProviders();
    const local = knownWallets().find((w) => w.info.rdns === LOCAL_WALLET_RDNS);
    expect(local?.info.name).toBe('AGC Local Wallet');
    expect(local?.provider).toBe(localWalletProvider);
  });

  it('emits accountsChanged when the key changes', async () => {
    const seen: unknown[] = [];
    const listener = (accounts: unknown) => seen.push(accounts);
    localWalletProvider.on?.('accountsChanged', listener);
    await importLocalWallet(DEV_KEY, PASSWORD);
    removeLocalWallet();
    localWalletProvider.removeListener?.('accountsChanged', listener);
    expect(seen).toEqual([[DEV_ADDRESS], []]);
  });
});

describe('local wallet: password checks, auto-lock, removal', () => {
  afterEach(() => {
    vi.useRealTimers();
    removeLocalWallet();
  });

  it('reveals the key only with the password, decrypting it again even while unlocked', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    await expect(revealLocalPrivateKey('not the password')).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(revealLocalPrivateKey(PASSWORD)).resolves.toBe(DEV_KEY);
    lockLocalWallet();
    await expect(revealLocalPrivateKey(PASSWORD)).resolves.toBe(DEV_KEY);
    expect(isLocalWalletUnlocked()).toBe(false); // revealing does not unlock
  });

  it('unlocking arms the auto-lock; 15 idle minutes later a signing call finds it locked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(10_000_000);
    await importLocalWallet(DEV_KEY, PASSWORD);
    expect(autoLock.armed).toBe(true);
    vi.setSystemTime(10_000_000 + 14 * 60_000);
    await expect(
      localWalletProvider.request({ method: 'personal_sign', params: ['0x1234', DEV_ADDRESS] }),
    ).resolves.toMatch(/^0x/); // a signing call is activity
    vi.setSystemTime(10_000_000 + 28 * 60_000);
    expect(isLocalWalletUnlocked()).toBe(true);
    vi.setSystemTime(10_000_000 + 29 * 60_000);
    await expect(
      localWalletProvider.request({ method: 'personal_sign', params: ['0x1234', DEV_ADDRESS] }),
    ).rejects.toMatchObject({ code: 4100 });
    expect(isLocalWalletUnlocked()).toBe(false);
    expect(autoLock.armed).toBe(false);
    await unlockLocalWallet(PASSWORD);
    expect(autoLock.armed).toBe(true);
    lockLocalWallet();
    expect(autoLock.armed).toBe(false);
  });

  it('unlocking installs the wake-up listeners: a page shown again after 16 minutes is locked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(50_000_000);
    await importLocalWallet(DEV_KEY, PASSWORD);
    vi.setSystemTime(50_000_000 + 16 * 60_000);
    window.dispatchEvent(new Event('pageshow'));
    expect(isLocalWalletUnlocked()).toBe(false);
  });

  it('removing forgets this browser’s sends and history of the wallet, not another wallet’s', async () => {
    await importLocalWallet(DEV_KEY, PASSWORD);
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
    const tx = (from: `0x${string}`, hash: `0x${string}`) => ({
      hash,
      from,
      to: other,
      asset: 'ETH' as const,
      amount: '1',
      nonce: 0,
      maxFeePerGas: '1',
      maxPriorityFeePerGas: '1',
      gas: '21000',
      kind: 'send' as const,
      status: 'success' as const,
      createdAt: 1,
    });
    recordSent(tx(DEV_ADDRESS, `0x${'1'.repeat(64)}`));
    recordSent(tx(other, `0x${'2'.repeat(64)}`));
    localStorage.setItem(`localWalletHistory:${DEV_ADDRESS.toLowerCase()}`, '{}');
    removeLocalWallet();
    expect(listSent(DEV_ADDRESS)).toEqual([]);
    expect(listSent(other)).toHaveLength(1);
    expect(localStorage.getItem(`localWalletHistory:${DEV_ADDRESS.toLowerCase()}`)).toBeNull();
    expect(autoLock.armed).toBe(false);
  });
});
