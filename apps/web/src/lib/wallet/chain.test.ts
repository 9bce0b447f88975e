import { describe, expect, it } from 'vitest';
import { ARBITRUM_ONE, addChainParams, ensureChain } from './chain.ts';
import {
  AddChainError,
  isUnrecognizedChain,
  isUserRejection,
  SwitchChainError,
  UserRejectedRequestError,
} from './errors.ts';
import type { EIP1193Provider, RequestArguments } from './types.ts';

const CONFIG = {
  rpc_url: 'https://arb1.arbitrum.io/rpc',
  explorer_url: 'https://arbiscan.io',
  chain_name: 'Arbitrum One',
};

/** A fake EIP-1193 wallet: a chain id, a set of known chains, and scripted failures per method. */
function fakeWallet(options: { chainId: string; known?: string[]; fail?: Record<string, unknown[]> }) {
  let chainId = options.chainId;
  const known = new Set(options.known ?? ['0x1', options.chainId]);
  const fail = Object.fromEntries(Object.entries(options.fail ?? {}).map(([k, v]) => [k, [...v]]));
  const calls: RequestArguments[] = [];
  const provider: EIP1193Provider = {
    async request(args) {
      calls.push(args);
      const queued = fail[args.method]?.shift();
      if (queued) throw queued;
      const param = (args.params as { chainId: string }[] | undefined)?.[0];
      switch (args.method) {
        case 'eth_chainId':
          return chainId;
        case 'wallet_switchEthereumChain':
          if (!param || !known.has(param.chainId))
            throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
          chainId = param.chainId;
          return null;
        case 'wallet_addEthereumChain':
          if (param) known.add(param.chainId);
          return null;
        default:
          throw new Error(`unexpected ${args.method}`);
      }
    },
  };
  return { provider, calls, methods: () => calls.map((c) => c.method), chainId: () => chainId };
}

/** What the wallet is asked when it does not know Arbitrum One: switch, add it, switch again. */
const ADDED_THEN_SWITCHED = [
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_switchEthereumChain',
];

/** A wallet on Ethereum that knows Arbitrum One but whose switch to it fails with `error`. */
const switchFailsWith = (error: Error) =>
  fakeWallet({ chainId: '0x1', known: ['0x1', '0xa4b1'], fail: { wallet_switchEthereumChain: [error] } });

describe('ensureChain', () => {
  it('does nothing when the wallet is already on Arbitrum One', async () => {
    const w = fakeWallet({ chainId: '0xa4b1' });
    await expect(ensureChain(w.provider, CONFIG)).resolves.toBe('already');
    expect(w.methods()).toEqual(['eth_chainId']);
  });

  it('treats a decimal chain id as well', async () => {
    const w = fakeWallet({ chainId: '42161' });
    await expect(ensureChain(w.provider, CONFIG)).resolves.toBe('already');
  });

  it('switches to 0xa4b1 when the wallet knows the chain', async () => {
    const w = fakeWallet({ chainId: '0x1', known: ['0x1', '0xa4b1'] });
    await expect(ensureChain(w.provider, CONFIG)).resolves.toBe('switched');
    expect(w.calls[1]).toEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa4b1' }] });
    expect(w.chainId()).toBe('0xa4b1');
  });

  it('on 4902 adds Arbitrum One with the configured RPC and explorer, then switches again', async () => {
    const w = fakeWallet({ chainId: '0x1' });
    await expect(ensureChain(w.provider, CONFIG)).resolves.toBe('added');
    expect(w.methods()).toEqual(ADDED_THEN_SWITCHED);
    expect(w.calls[2]?.params).toEqual([
      {
        chainId: '0xa4b1',
        chainName: 'Arbitrum One',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['https://arb1.arbitrum.io/rpc'],
        blockExplorerUrls: ['https://arbiscan.io'],
      },
    ]);
    expect(w.chainId()).toBe('0xa4b1');
  });

  it('recognises 4902 nested as error.data.originalError.code (MetaMask mobile)', async () => {
    const nested = Object.assign(new Error('Internal JSON-RPC error.'), {
      code: -32603,
      data: { originalError: { code: 4902, message: 'x' } },
    });
    const w = fakeWallet({
      chainId: '0x38',
      known: ['0x38', '0xa4b1'],
      fail: { wallet_switchEthereumChain: [nested] },
    });
    await expect(ensureChain(w.provider, CONFIG)).resolves.toBe('added');
    expect(w.methods()).toEqual(ADDED_THEN_SWITCHED);
  });

  it('recognises -32603 that says the chain is unrecognized or not added', async () => {
    for (const message of [
      'Unrecognized chain ID "0xa4b1". Try adding the chain using wallet_addEthereumChain first.',
      'Chain 0xa4b1 not added',
    ]) {
      const error = Object.assign(new Error(message), { code: -32603 });
      const w = switchFailsWith(error);
      await expect(ensureChain(w.provider, CONFIG)).resolves.toBe('added');
    }
  });

  it('does not add the chain for other -32603 failures', async () => {
    const error = Object.assign(new Error('Internal JSON-RPC error.'), { code: -32603 });
    const w = switchFailsWith(error);
    const result = await ensureChain(w.provider, CONFIG).catch((e: unknown) => e);
    expect(result).toBeInstanceOf(SwitchChainError);
    expect(result).toMatchObject({ name: 'SwitchChainError', i18nKey: 'wallet.errors.switchChain' });
    expect(w.methods()).not.toContain('wallet_addEthereumChain');
  });

  it('turns a rejected switch (4001) into a UserRejectedRequestError', async () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const w = switchFailsWith(rejected);
    const result = await ensureChain(w.provider, CONFIG).catch((e: unknown) => e);
    expect(result).toBeInstanceOf(UserRejectedRequestError);
    expect(result).toMatchObject({ name: 'UserRejectedRequestError', code: 4001, cause: rejected });
  });

  it('turns a rejected add (4001) into a UserRejectedRequestError', async () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const w = fakeWallet({ chainId: '0x1', fail: { wallet_addEthereumChain: [rejected] } });
    await expect(ensureChain(w.provider, CONFIG)).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(w.chainId()).toBe('0x1');
  });

  it('reports a failed add as AddChainError', async () => {
    const w = fakeWallet({
      chainId: '0x1',
      fail: { wallet_addEthereumChain: [Object.assign(new Error('bad rpc'), { code: -32602 })] },
    });
    await expect(ensureChain(w.provider, CONFIG)).rejects.toBeInstanceOf(AddChainError);
  });

  it('asks to switch when the wallet cannot tell its chain', async () => {
    const w = fakeWallet({
      chainId: '0x1',
      known: ['0x1', '0xa4b1'],
      fail: { eth_chainId: [new Error('nope')] },
    });
    await expect(ensureChain(w.provider, CONFIG)).resolves.toBe('switched');
  });
});

describe('chain constants and error recognition', () => {
  it('describes Arbitrum One', () => {
    expect(ARBITRUM_ONE).toEqual({
      id: 42161,
      hex: '0xa4b1',
      name: 'Arbitrum One',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    });
    expect(addChainParams({ rpc_url: 'http://rpc', explorer_url: '' }).blockExplorerUrls).toBeUndefined();
  });

  it('recognises user rejections in their usual shapes', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection({ code: -32603, data: { originalError: { code: 4001 } } })).toBe(true);
    expect(isUserRejection({ code: 'ACTION_REJECTED' })).toBe(true);
    expect(isUserRejection(new Error('User denied message signature'))).toBe(true);
    expect(isUserRejection({ code: 4100 })).toBe(false);
  });

  it('recognises unknown-chain errors only when they say so', () => {
    expect(isUnrecognizedChain({ code: 4902 })).toBe(true);
    expect(isUnrecognizedChain({ code: -32603, data: { originalError: { code: 4902 } } })).toBe(true);
    expect(isUnrecognizedChain({ code: -32603, message: 'Unrecognized chain ID' })).toBe(true);
    expect(isUnrecognizedChain({ code: -32603, message: 'Internal error' })).toBe(false);
    expect(isUnrecognizedChain({ code: 4001 })).toBe(false);
  });
});
