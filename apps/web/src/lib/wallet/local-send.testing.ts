// Tests only (in the node environment: `// @vitest-environment node`, as the chain tools' hashing needs Node's
// Uint8Array): a real chain for the local wallet's send code. A fresh anvil with the app's contracts deployed, the
// API's /config answering with its RPC and token addresses (every other request goes to anvil as usual), and a
// funded local wallet unlocked in this test's memory.
import {
  type AnvilInstance,
  agcAbi,
  type Deployment,
  deployDevelopment,
  devAccount,
  localChain,
  mockUsdtAbi,
  startAnvil,
} from '@agc/contracts';
import { CONFIG } from '@web/test/config.ts';
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
} from 'viem';
import { vi } from 'vitest';
import { importLocalWallet, removeLocalWallet } from './local.ts';
import { type LocalChain, loadLocalChain, resetLocalChain } from './local-chain.ts';

/** The local wallet's password in these tests. */
export const PASSWORD = 'correct horse battery';

/** anvil's 5th development key: public, never holds real funds. */
export const WALLET_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';

export interface TxChain {
  anvil: AnvilInstance;
  deployment: Deployment;
  chain: LocalChain;
  testClient: ReturnType<typeof createTestClient>;
  /** Mints USDT / AGC (minor units) and sets the ETH balance (wei) of an address. */
  fund(address: Address, balances: { ETH?: bigint; USDT?: bigint; AGC?: bigint }): Promise<void>;
  /** The local wallet's address (imported from WALLET_KEY, unlocked). */
  wallet: Address;
  stop(): Promise<void>;
}

/** A localStorage kept in memory (the node environment has none; local-sent.ts keeps its store there). */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

export async function startTxChain(): Promise<TxChain> {
  vi.stubGlobal('localStorage', memoryStorage());
  const anvil = await startAnvil();
  const deployment = await deployDevelopment(anvil.url);
  const realFetch = globalThis.fetch;
  const config = {
    ...CONFIG,
    rpc_url: anvil.url,
    contracts: { ...CONFIG.contracts, usdt: deployment.usdt, token: deployment.agc },
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/v1/config'))
      return Promise.resolve(
        new Response(JSON.stringify({ code: 200, msg: 'ok', data: config }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    return realFetch(input, init);
  });
  resetLocalChain();
  const chain = await loadLocalChain();
  const viemChain = localChain(42161, anvil.url);
  const transport = http(anvil.url);
  const testClient = createTestClient({ chain: viemChain, mode: 'anvil', transport });
  const owner = createWalletClient({ account: devAccount(0), chain: viemChain, transport });
  const reader = createPublicClient({ chain: viemChain, transport });
  const mined = async (hash: `0x${string}`) => {
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  };
  const wallet = await importLocalWallet(WALLET_KEY, PASSWORD);
  return {
    anvil,
    deployment,
    chain,
    testClient,
    wallet,
    async fund(address, balances) {
      if (balances.ETH !== undefined) await testClient.setBalance({ address, value: balances.ETH });
      const tokens = [
        { token: deployment.usdt, abi: mockUsdtAbi, amount: balances.USDT },
        { token: deployment.agc, abi: agcAbi, amount: balances.AGC },
      ];
      for (const { token, abi, amount } of tokens)
        if (amount)
          await mined(
            await owner.writeContract({ address: token, abi, functionName: 'mint', args: [address, amount] }),
          );
    },
    async stop() {
      removeLocalWallet();
      resetLocalChain();
      vi.unstubAllGlobals();
      await anvil.stop();
    },
  };
}

export const ONE_ETH = parseEther('1');
