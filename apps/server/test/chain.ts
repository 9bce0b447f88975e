import {
  type AnvilInstance,
  agcAbi,
  type DeployMarketOptions,
  type Deployment,
  deployDevelopment,
  deployMarket,
  devAccount,
  localChain,
  type Market,
  mockUsdtAbi,
  startAnvil,
} from '@agc/contracts';
import type { TxResponse } from '@agc/shared';
import { type ChainContext, contractsOf } from '@server/context.ts';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  parseEther,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

export interface ChainServer extends TestServer {
  anvil: AnvilInstance;
  deployment: Deployment;
  publicClient: ReturnType<typeof createPublicClient>;
  testClient: ReturnType<typeof createTestClient>;
  /** Gives a wallet gas, USDT and AGC (minor units). */
  fund(address: `0x${string}`, usdt: bigint, agc: bigint): Promise<void>;
  /** Sends a server-built step transaction from the account and waits for its receipt. */
  send(account: PrivateKeyAccount, tx: TxResponse['tx']): Promise<Hash>;
  /** Sends any transaction from the account (a direct contract call outside the app) and waits for it. */
  call(account: PrivateKeyAccount, to: `0x${string}`, data: `0x${string}`): Promise<Hash>;
  /** Mines n blocks, each with a transaction of its own (so no two blocks at one height are alike). */
  mine(n: number): Promise<void>;
  /** A reorganisation: the chain back at `snapshot` (testClient.snapshot), then `blocks` other blocks mined. */
  reorg(snapshot: Hex, blocks: number): Promise<void>;
}

/**
 * A fresh anvil with the real contracts deployed (dev account 0 owns them) and its chain context; with `market`, the
 * local market too (the Uniswap v3 pool at 0.5 USDT with 100,000 USDT of full-range liquidity, the ETH/USD feed at
 * 3,000, the sequencer feed up), as the runtime deploys it.
 */
export async function startLocalChain(options: { market?: Partial<DeployMarketOptions> } = {}): Promise<{
  anvil: AnvilInstance;
  deployment: Deployment;
  market?: Market;
  chain: ChainContext;
}> {
  const anvil = await startAnvil();
  const deployment = await deployDevelopment(anvil.url);
  const lower = (a: string) => a.toLowerCase() as `0x${string}`;
  const market = options.market
    ? await deployMarket({
        rpcUrl: anvil.url,
        deployer: devAccount(0),
        deployment,
        usdtPerAgc: 500_000n,
        liquidityUsdt: 100_000n * 10n ** 6n,
        ethUsd: 3000n * 10n ** 8n,
        ...options.market,
      })
    : undefined;
  return {
    anvil,
    deployment,
    market,
    chain: {
      ...(market && {
        market: {
          pool: lower(market.pool),
          ethUsdFeed: lower(market.ethUsdFeed),
          sequencerFeed: lower(market.sequencerFeed),
          driver: lower(market.driver),
        },
      }),
      id: 42161,
      rpcUrl: anvil.url,
      publicRpcUrl: anvil.url,
      explorerUrl: 'https://arbiscan.io',
      startBlock: deployment.blockNumber,
      contracts: contractsOf(deployment),
    },
  };
}

/** What tests do on a local chain: read it, fund wallets, send transactions (each waited for). */
export function chainTools(anvil: AnvilInstance, deployment: Deployment) {
  const chain = localChain(42161, anvil.url);
  const transport = http(anvil.url);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, mode: 'anvil', transport });
  const owner = createWalletClient({ account: devAccount(0), chain, transport });

  const mined = async (hash: Hash) => {
    await publicClient.waitForTransactionReceipt({ hash });
    return hash;
  };
  const call = async (account: PrivateKeyAccount, to: `0x${string}`, data: `0x${string}`) => {
    const wallet = createWalletClient({ account, chain, transport });
    return mined(await wallet.sendTransaction({ to, data, gas: 500_000n }));
  };
  const mint = async (
    token: `0x${string}`,
    abi: typeof mockUsdtAbi | typeof agcAbi,
    to: `0x${string}`,
    amount: bigint,
  ) => mined(await owner.writeContract({ address: token, abi, functionName: 'mint', args: [to, amount] }));
  const mine = async (n: number) => {
    const wallet = createWalletClient({ account: devAccount(7), chain, transport });
    for (let i = 0; i < n; i++)
      await mined(await wallet.sendTransaction({ to: newWallet().address, value: parseEther('0.001') }));
  };
  return {
    publicClient,
    testClient,
    fund: async (address: `0x${string}`, usdt: bigint, agc: bigint) => {
      await testClient.setBalance({ address, value: parseEther('10') });
      if (usdt > 0n) await mint(deployment.usdt, mockUsdtAbi, address, usdt);
      if (agc > 0n) await mint(deployment.agc, agcAbi, address, agc);
    },
    send: (account: PrivateKeyAccount, tx: TxResponse['tx']) =>
      call(account, tx.to as `0x${string}`, tx.data as `0x${string}`),
    call,
    mine,
    reorg: async (snapshot: Hex, blocks: number) => {
      await testClient.revert({ id: snapshot });
      await mine(blocks);
    },
  };
}

/** A test server on a fresh anvil with the real contracts deployed (one per test file). */
export async function startChainServer(env: Record<string, string> = {}): Promise<ChainServer> {
  const { anvil, deployment, chain: chainContext } = await startLocalChain();
  const server = await startTestServer({ RUN_JOBS: 'false', ...env }, undefined, chainContext);
  const tools = chainTools(anvil, deployment);
  return {
    ...server,
    anvil,
    deployment,
    publicClient: tools.publicClient,
    testClient: tools.testClient,
    fund: tools.fund,
    send: tools.send,
    call: tools.call,
    mine: tools.mine,
    reorg: tools.reorg,
    close: async () => {
      await server.close();
      await anvil.stop();
    },
  };
}

/** A member in a chain test: the wallet, its session headers, id and invitation code. */
export interface ChainMember {
  account: PrivateKeyAccount;
  headers: Record<string, string>;
  id: bigint;
  inviteCode: string;
}

/**
 * Signs a new wallet up (invited by `inviter` on `side`, or as the first member) and gives it gas and
 * `funds` (USDT and AGC, minor units) on the chain.
 */
export async function joinFunded(
  s: ChainServer,
  inviter: ChainMember | null,
  funds: { usdt: bigint; agc: bigint },
  side: 'left' | 'right' = 'left',
): Promise<ChainMember> {
  const account = newWallet();
  const { headers, member } = await signUp(
    s,
    account,
    inviter ? { invite_code: inviter.inviteCode, side } : {},
  );
  await s.fund(account.address, funds.usdt, funds.agc);
  return { account, headers, id: member.id, inviteCode: member.inviteCode };
}
