import type { Page } from '@playwright/test';
import { createWalletClient, type Hex, http, type LocalAccount, numberToHex } from 'viem';
import { arbitrum } from 'viem/chains';

/**
 * An injected EIP-1193 wallet for Playwright, backed by a private key that never enters the page:
 * the page-side provider forwards every request to Node through an exposed function. It starts on
 * another chain (Ethereum mainnet) and does not know Arbitrum One until the app adds it, like a
 * freshly installed extension. It announces itself through EIP-6963 and as window.ethereum.
 */
export interface TestWallet {
  account: LocalAccount;
  /** Every request the app made, in order (method names). */
  calls: string[];
  addedChains: Array<{ chainId: string; rpcUrls?: string[] }>;
  chainId(): string;
  /** Switches the wallet to another account and tells the page, as an extension would. */
  switchAccount(next: LocalAccount): Promise<void>;
  /** Changes the account without telling the page (as if switched while the app was closed). */
  useAccount(next: LocalAccount): void;
}

type RpcError = { code: number; message: string; data?: unknown };

export async function installTestWallet(
  page: Page,
  options: {
    account: LocalAccount;
    rpcUrl: string;
    startChainId?: number;
    nestedUnknownChainError?: boolean;
  },
): Promise<TestWallet> {
  let account = options.account;
  let chainId: string = numberToHex(options.startChainId ?? 1);
  const known = new Set<string>([chainId]);
  const calls: string[] = [];
  const addedChains: TestWallet['addedChains'] = [];
  let connected = false;

  const rpc = async (method: string, params: unknown[]) => {
    const res = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: RpcError };
    if (body.error) throw body.error;
    return body.result;
  };

  const handle = async (method: string, params: unknown[]): Promise<unknown> => {
    calls.push(method);
    switch (method) {
      case 'eth_requestAccounts':
        connected = true;
        return [account.address];
      case 'eth_accounts':
        return connected ? [account.address] : [];
      case 'eth_chainId':
        return chainId;
      case 'net_version':
        return String(Number(chainId));
      case 'wallet_switchEthereumChain': {
        const target = String((params[0] as { chainId: string }).chainId).toLowerCase();
        if (!known.has(target)) {
          const err: RpcError = {
            code: 4902,
            message: `Unrecognized chain ID "${target}". Try adding the chain using wallet_addEthereumChain first.`,
          };
          // Some wallets nest the real code inside a -32603 internal error.
          throw options.nestedUnknownChainError
            ? { code: -32603, message: 'Internal error', data: { originalError: err } }
            : err;
        }
        chainId = target;
        await page.evaluate(
          (id) =>
            (window as unknown as { __testWallet: { emit(e: string, v: unknown): void } }).__testWallet.emit(
              'chainChanged',
              id,
            ),
          chainId,
        );
        return null;
      }
      case 'wallet_addEthereumChain': {
        const p = params[0] as { chainId: string; rpcUrls?: string[] };
        addedChains.push({ chainId: p.chainId.toLowerCase(), rpcUrls: p.rpcUrls });
        known.add(p.chainId.toLowerCase());
        return null;
      }
      case 'personal_sign': {
        const [data, from] = params as [Hex, string];
        if (from.toLowerCase() !== account.address.toLowerCase())
          throw { code: 4100, message: 'unauthorized account' };
        return account.signMessage({ message: { raw: data } });
      }
      case 'eth_sendTransaction': {
        if (chainId !== numberToHex(arbitrum.id)) throw { code: 4901, message: 'wallet is on another chain' };
        const tx = params[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex };
        const client = createWalletClient({ account, chain: arbitrum, transport: http(options.rpcUrl) });
        return client.sendTransaction({
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
        });
      }
      default:
        return rpc(method, params);
    }
  };

  await page.exposeFunction('__testWalletRequest', async (method: string, params: unknown[]) => {
    try {
      return { result: await handle(method, params ?? []) };
    } catch (e) {
      const err = e as RpcError;
      return { error: { code: err.code ?? -32603, message: err.message ?? String(e), data: err.data } };
    }
  });

  await page.addInitScript(() => {
    type Listener = (...args: unknown[]) => void;
    const listeners = new Map<string, Set<Listener>>();
    const provider = {
      isTestWallet: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const bridge = (
          window as unknown as {
            __testWalletRequest: (
              m: string,
              p: unknown[],
            ) => Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>;
          }
        ).__testWalletRequest;
        const out = await bridge(method, params ?? []);
        if (out.error) throw Object.assign(new Error(out.error.message), out.error);
        return out.result;
      },
      // This runs in the page (an init script): nothing of the test's modules, such as defined(), exists there.
      on(event: string, fn: Listener) {
        const set = listeners.get(event) ?? new Set<Listener>();
        set.add(fn);
        listeners.set(event, set);
        return provider;
      },
      removeListener(event: string, fn: Listener) {
        listeners.get(event)?.delete(fn);
        return provider;
      },
      emit(event: string, value: unknown) {
        for (const fn of listeners.get(event) ?? []) fn(value);
      },
    };
    (window as unknown as { __testWallet: typeof provider }).__testWallet = provider;
    (window as unknown as { ethereum: typeof provider }).ethereum = provider;
    const info = {
      uuid: '6f3c1f0e-1d3b-4b3c-9a55-5d8f2c1a7e01',
      name: 'Test Wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="32" height="32"%3E%3Crect width="32" height="32" fill="%23f80"/%3E%3C/svg%3E',
      rdns: 'dev.agcfund.testwallet',
    };
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });

  return {
    get account() {
      return account;
    },
    calls,
    addedChains,
    chainId: () => chainId,
    useAccount(next) {
      account = next;
    },
    async switchAccount(next) {
      account = next;
      await page.evaluate(
        (addr) =>
          (window as unknown as { __testWallet: { emit(e: string, v: unknown): void } }).__testWallet.emit(
            'accountsChanged',
            [addr],
          ),
        next.address,
      );
    },
  };
}
