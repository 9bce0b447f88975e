import { afterEach, describe, expect, it } from 'vitest';
import { knownWallets, LOCAL_WALLET_RDNS, requestProviders, resetDiscovery } from './discovery.ts';
import { accountChanged, currentAccount } from './session.ts';
import type { EIP1193Provider } from './types.ts';

const A = '0x1234567890abcdef1234567890abcdef12345678';
const B = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd';

describe('accountChanged', () => {
  it('compares case-insensitively', () => {
    expect(accountChanged(A, A.toUpperCase().replace('0X', '0x'), false)).toBe(false);
    expect(accountChanged(A, B, false)).toBe(true);
    expect(accountChanged(A, B, true)).toBe(true);
  });
  it('ignores an empty account list at start-up (a locked wallet) but not from an event', () => {
    expect(accountChanged(A, undefined, false)).toBe(false);
    expect(accountChanged(A, undefined, true)).toBe(true);
  });
  it('never prompts without a stored address', () => {
    expect(accountChanged(undefined, B, true)).toBe(false);
  });
});

describe('currentAccount', () => {
  it('reads eth_accounts without prompting and tolerates failures', async () => {
    const wallet = (result: unknown): EIP1193Provider => ({
      request: async ({ method }) => {
        if (method !== 'eth_accounts') throw new Error(method);
        if (result instanceof Error) throw result;
        return result;
      },
    });
    await expect(currentAccount(wallet([A]))).resolves.toBe(A);
    await expect(currentAccount(wallet([]))).resolves.toBeUndefined();
    await expect(currentAccount(wallet(['nope']))).resolves.toBeUndefined();
    await expect(currentAccount(wallet(new Error('locked')))).resolves.toBeUndefined();
  });
});

describe('discovery', () => {
  afterEach(() => {
    resetDiscovery();
    delete window.ethereum;
  });

  const announce = (rdns: string, provider: EIP1193Provider, uuid = rdns) =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid, name: rdns, icon: '', rdns }, provider },
      }),
    );

  it('collects EIP-6963 announcements after requestProvider', () => {
    const p: EIP1193Provider = { request: async () => null };
    window.addEventListener('eip6963:requestProvider', () => announce('io.metamask', p), { once: true });
    requestProviders();
    expect(knownWallets().map((w) => w.info.rdns)).toEqual(['io.metamask']);
  });

  it('falls back to window.ethereum when no wallet announces itself', () => {
    const injected: EIP1193Provider = { request: async () => null };
    window.ethereum = injected;
    requestProviders();
    const wallets = knownWallets();
    expect(wallets).toHaveLength(1);
    expect(wallets[0]?.provider).toBe(injected);
    expect(wallets[0]?.info.rdns).toBe('injected');
  });

  it('lists window.ethereum next to the local wallet, but not next to an announcing extension', () => {
    const injected: EIP1193Provider = { request: async () => null };
    window.ethereum = injected;
    requestProviders();
    announce(LOCAL_WALLET_RDNS, { request: async () => null });
    expect(knownWallets().map((w) => w.info.rdns)).toEqual([LOCAL_WALLET_RDNS, 'injected']);
    announce('io.metamask', { request: async () => null });
    expect(knownWallets().map((w) => w.info.rdns)).toEqual([LOCAL_WALLET_RDNS, 'io.metamask']);
  });

  it('keeps one entry per wallet when it announces again', () => {
    requestProviders();
    const p: EIP1193Provider = { request: async () => null };
    announce('io.metamask', p, 'uuid-1');
    announce('io.metamask', p, 'uuid-2');
    expect(knownWallets()).toHaveLength(1);
  });

  it('ignores malformed announcements', () => {
    requestProviders();
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'x' }, provider: {} } }),
    );
    expect(knownWallets()).toHaveLength(0);
  });
});
