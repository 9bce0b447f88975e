import {
  type Account,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hash,
  http,
  maxUint256,
  type PublicClient,
} from 'viem';
import {
  agcAbi,
  mockUsdtAbi,
  mockV3AggregatorAbi,
  mockV3AggregatorBytecode,
  poolDriverAbi,
  poolDriverBytecode,
  uniswapV3FactoryAbi,
  uniswapV3FactoryBytecode,
  uniswapV3PoolAbi,
} from '../generated/abis.ts';
import { devAccount } from './accounts.ts';
import { type Deployment, localChain } from './deploy.ts';
import {
  agcPriceAtSqrtPrice,
  fullRange,
  liquidityForAmounts,
  MAX_SQRT_RATIO,
  MIN_SQRT_RATIO,
  sqrtPriceX96ForAgcPrice,
  sqrtRatioAtTick,
} from './uniswap-math.ts';

/**
 * The local chain's market: the official Uniswap v3 factory and its AGC/USDT pool (the AGC price), a Chainlink-style
 * ETH/USD aggregator and an L2 sequencer uptime feed (both MockV3Aggregator), and the driver that adds liquidity and
 * swaps for an account. On a real network only `pool`, `ethUsdFeed` and `sequencerFeed` exist, from configuration.
 */
export interface Market {
  factory: Address;
  pool: Address;
  /** The pool's fee tier in hundredths of a basis point (3000 = 0.3 %). */
  fee: number;
  driver: Address;
  ethUsdFeed: Address;
  sequencerFeed: Address;
}

export interface DeployMarketOptions {
  rpcUrl: string;
  /** Deploys everything and provides the liquidity: must own AGC (it mints) on a MockUSDT with openMint. */
  deployer: Account;
  deployment: Pick<Deployment, 'agc' | 'usdt' | 'chainId'>;
  /** The pool's starting price: USDT minor units per whole AGC. */
  usdtPerAgc: bigint;
  /** USDT put in the pool (minor units); the AGC beside it follows from the price. */
  liquidityUsdt: bigint;
  /** The ETH/USD feed's first answer, 8 decimals (as Chainlink's USD feeds). */
  ethUsd: bigint;
  /** How many observations the pool keeps (its TWAP reaches back this many blocks with a trade); default 1000. */
  observations?: number;
  /** Default 3000 (0.3 %, tick spacing 60). */
  fee?: number;
}

// viem polls every 4 s by default; local blocks come at once.
const POLLING_INTERVAL_MS = 100;
/** Chainlink's L2 sequencer uptime feed: answer 0 = up, 1 = down; startedAt = when that status began. */
export const SEQUENCER_UP = 0n;
export const SEQUENCER_DOWN = 1n;

function clients(rpcUrl: string, chainId: number, account: Account) {
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ transport, pollingInterval: POLLING_INTERVAL_MS });
  const wallet = createWalletClient({ account, chain: localChain(chainId, rpcUrl), transport });
  const mined = async (hash: Hash | Promise<Hash>, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== 'success')
      throw new Error(`${what}: transaction ${receipt.transactionHash} reverted`);
    return receipt;
  };
  return { publicClient, wallet, mined };
}

/** Which side of the pool AGC is (Uniswap orders a pool's tokens by address). */
export const agcIsToken0 = (agc: Address, usdt: Address): boolean => agc.toLowerCase() < usdt.toLowerCase();

/**
 * Deploys the local chain's market and seeds it (anvil only): the Uniswap v3 factory (the published bytecode), the AGC/USDT pool
 * at `usdtPerAgc`, its observation buffer grown to `observations`, full-range liquidity of `liquidityUsdt` and the
 * matching AGC (minted to the deployer, who holds the position), the ETH/USD feed at `ethUsd`, and a sequencer
 * uptime feed that says "up for a day".
 */
export async function deployMarket(o: DeployMarketOptions): Promise<Market> {
  const fee = o.fee ?? 3000;
  const { publicClient, wallet, mined } = clients(o.rpcUrl, o.deployment.chainId, o.deployer);
  const deployed = async (hash: Promise<Hash>, what: string): Promise<Address> => {
    const receipt = await mined(hash, what);
    if (!receipt.contractAddress) throw new Error(`${what}: no contract created`);
    return receipt.contractAddress;
  };

  const factory = await deployed(
    wallet.deployContract({ abi: uniswapV3FactoryAbi, bytecode: uniswapV3FactoryBytecode }),
    'Uniswap v3 factory',
  );
  await mined(
    wallet.writeContract({
      address: factory,
      abi: uniswapV3FactoryAbi,
      functionName: 'createPool',
      args: [o.deployment.agc, o.deployment.usdt, fee],
    }),
    'createPool',
  );
  const pool = await publicClient.readContract({
    address: factory,
    abi: uniswapV3FactoryAbi,
    functionName: 'getPool',
    args: [o.deployment.agc, o.deployment.usdt, fee],
  });
  const agcFirst = agcIsToken0(o.deployment.agc, o.deployment.usdt);
  const sqrtPrice = sqrtPriceX96ForAgcPrice(o.usdtPerAgc, agcFirst);
  await mined(
    wallet.writeContract({
      address: pool,
      abi: uniswapV3PoolAbi,
      functionName: 'initialize',
      args: [sqrtPrice],
    }),
    'initialize',
  );
  await mined(
    wallet.writeContract({
      address: pool,
      abi: uniswapV3PoolAbi,
      functionName: 'increaseObservationCardinalityNext',
      args: [o.observations ?? 1000],
    }),
    'increaseObservationCardinalityNext',
  );
  const driver = await deployed(
    wallet.deployContract({ abi: poolDriverAbi, bytecode: poolDriverBytecode }),
    'PoolDriver',
  );

  // Full-range liquidity: the USDT given and the AGC worth as much at the price (+1 % for the pool's rounding up).
  const agcAmount = (o.liquidityUsdt * 10n ** 18n) / o.usdtPerAgc;
  const spacing = await publicClient.readContract({
    address: pool,
    abi: uniswapV3PoolAbi,
    functionName: 'tickSpacing',
  });
  const range = fullRange(spacing);
  const [amount0, amount1] = agcFirst ? [agcAmount, o.liquidityUsdt] : [o.liquidityUsdt, agcAmount];
  const liquidity = liquidityForAmounts(
    sqrtPrice,
    sqrtRatioAtTick(range.lower),
    sqrtRatioAtTick(range.upper),
    amount0,
    amount1,
  );
  const me = o.deployer.address;
  await mined(
    wallet.writeContract({
      address: o.deployment.agc,
      abi: agcAbi,
      functionName: 'mint',
      args: [me, agcAmount + agcAmount / 100n],
    }),
    'mint AGC',
  );
  await mined(
    wallet.writeContract({
      address: o.deployment.usdt,
      abi: mockUsdtAbi,
      functionName: 'mint',
      args: [me, o.liquidityUsdt + o.liquidityUsdt / 100n],
    }),
    'mint USDT',
  );
  await approveDriver(publicClient, wallet, mined, driver, [o.deployment.agc, o.deployment.usdt]);
  // The mint writes the pool's first observation after initialize, which grows its buffer to the cardinality asked
  // for; a pool writes one observation per second at most, so the mint must not share initialize's second.
  await createTestClient({ mode: 'anvil', transport: http(o.rpcUrl) }).increaseTime({ seconds: 1 });
  await mined(
    wallet.writeContract({
      address: driver,
      abi: poolDriverAbi,
      functionName: 'mint',
      args: [pool, range.lower, range.upper, liquidity, me],
    }),
    'add liquidity',
  );

  const ethUsdFeed = await deployed(
    wallet.deployContract({
      abi: mockV3AggregatorAbi,
      bytecode: mockV3AggregatorBytecode,
      args: [8, o.ethUsd],
    }),
    'ETH/USD feed',
  );
  const sequencerFeed = await deployed(
    wallet.deployContract({
      abi: mockV3AggregatorAbi,
      bytecode: mockV3AggregatorBytecode,
      args: [0, SEQUENCER_UP],
    }),
    'sequencer uptime feed',
  );
  const { timestamp } = await publicClient.getBlock();
  await setSequencer({ ...o, sequencerFeed, status: SEQUENCER_UP, since: timestamp - 86_400n });
  return { factory, pool, fee, driver, ethUsdFeed, sequencerFeed };
}

async function approveDriver(
  publicClient: PublicClient,
  wallet: ReturnType<typeof clients>['wallet'],
  mined: ReturnType<typeof clients>['mined'],
  driver: Address,
  tokens: Address[],
): Promise<void> {
  const owner = wallet.account.address;
  for (const token of tokens) {
    const allowance = await publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner, driver],
    });
    // MockUSDT (like USDT) refuses a change between two non-zero allowances; the maximum is never spent.
    if (allowance === 0n)
      await mined(
        wallet.writeContract({
          address: token,
          abi: mockUsdtAbi,
          functionName: 'approve',
          args: [driver, maxUint256],
        }),
        'approve the pool driver',
      );
  }
}

export interface SwapToPriceOptions {
  rpcUrl: string;
  chainId: number;
  /** Pays the swap from its tokens (they must cover it) and receives the other token. */
  account: Account;
  market: Pick<Market, 'pool' | 'driver'>;
  agc: Address;
  usdt: Address;
  /** The AGC price to move the pool to, USDT minor units per whole AGC. */
  usdtPerAgc: bigint;
}

export interface SwapResult {
  hash: Hash;
  block: bigint;
  /** What the account paid into the pool and took out of it, base units (AGC 18 decimals, USDT 6). */
  paid: { token: 'AGC' | 'USDT'; amount: bigint };
  received: { token: 'AGC' | 'USDT'; amount: bigint };
  /** The pool's price after the swap, USDT minor units per whole AGC, and its tick. */
  sqrtPriceX96: bigint;
  tick: number;
}

/**
 * A real swap on the pool through the driver that moves its price to `usdtPerAgc` (buying AGC with USDT to raise it,
 * selling AGC to lower it): an exact-input swap of the account's whole balance, stopped by the price limit, so only
 * what that move takes is paid.
 */
export async function swapToPrice(o: SwapToPriceOptions): Promise<SwapResult> {
  const { publicClient, wallet, mined } = clients(o.rpcUrl, o.chainId, o.account);
  const agcFirst = agcIsToken0(o.agc, o.usdt);
  const [current] = await publicClient.readContract({
    address: o.market.pool,
    abi: uniswapV3PoolAbi,
    functionName: 'slot0',
  });
  let target = sqrtPriceX96ForAgcPrice(o.usdtPerAgc, agcFirst);
  if (target <= MIN_SQRT_RATIO) target = MIN_SQRT_RATIO + 1n;
  if (target >= MAX_SQRT_RATIO) target = MAX_SQRT_RATIO - 1n;
  if (target === current) throw new Error('the pool is at that price already');
  // Selling token0 lowers the price (token1 per token0).
  const zeroForOne = target < current;
  const tokenIn = zeroForOne === agcFirst ? o.agc : o.usdt;
  const balance = await publicClient.readContract({
    address: tokenIn,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [o.account.address],
  });
  if (balance === 0n) throw new Error(`the account holds no ${tokenIn === o.agc ? 'AGC' : 'USDT'} to swap`);
  await approveDriver(publicClient, wallet, mined, o.market.driver, [tokenIn]);
  const receipt = await mined(
    wallet.writeContract({
      address: o.market.driver,
      abi: poolDriverAbi,
      functionName: 'swap',
      args: [o.market.pool, zeroForOne, balance, target, o.account.address],
    }),
    'swap',
  );
  const [sqrtPriceX96, tick] = await publicClient.readContract({
    address: o.market.pool,
    abi: uniswapV3PoolAbi,
    functionName: 'slot0',
    blockNumber: receipt.blockNumber,
  });
  const after = await publicClient.readContract({
    address: tokenIn,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [o.account.address],
    blockNumber: receipt.blockNumber,
  });
  const swapLog = receipt.logs.find((l) => l.address.toLowerCase() === o.market.pool.toLowerCase());
  const out = swapLog ? outOf(swapLog.data, zeroForOne) : 0n;
  const inIsAgc = tokenIn === o.agc;
  return {
    hash: receipt.transactionHash,
    block: receipt.blockNumber,
    paid: { token: inIsAgc ? 'AGC' : 'USDT', amount: balance - after },
    received: { token: inIsAgc ? 'USDT' : 'AGC', amount: out },
    sqrtPriceX96,
    tick,
  };
}

/** The Swap event's data starts with amount0 and amount1 (int256, the pool's side): the negative one left the pool. */
function outOf(data: `0x${string}`, zeroForOne: boolean): bigint {
  const word = (i: number) => BigInt.asIntN(256, BigInt(`0x${data.slice(2 + i * 64, 2 + (i + 1) * 64)}`));
  const amount = zeroForOne ? word(1) : word(0);
  return amount < 0n ? -amount : 0n;
}

/** The local market maker (development mnemonic index 13): the account `moveLocalPrice` swaps from. */
export const DEV_MARKET_MAKER_INDEX = 13;

export interface MoveLocalPriceOptions {
  rpcUrl: string;
  /** The local deployment with its market (DATA_DIR/chain/deployment.json). */
  deployment: Pick<Deployment, 'agc' | 'usdt' | 'chainId'> & { market: Pick<Market, 'pool' | 'driver'> };
  /** The AGC price to move the pool to, USDT minor units per whole AGC. */
  usdtPerAgc: bigint;
}

/**
 * The demo's "the market moved": the local market maker (dev account 13) gets the tokens a swap could need from the
 * contracts' owner (dev account 0: AGC's owner; MockUSDT mints for anyone), then swaps the pool to the price. Local
 * chain only. Returns the pool's spot price before, and the swap.
 */
export async function moveLocalPrice(o: MoveLocalPriceOptions): Promise<SwapResult & { spotBefore: bigint }> {
  const owner = clients(o.rpcUrl, o.deployment.chainId, devAccount(0));
  const maker = devAccount(DEV_MARKET_MAKER_INDEX);
  const agcFirst = agcIsToken0(o.deployment.agc, o.deployment.usdt);
  const [sqrtBefore] = await owner.publicClient.readContract({
    address: o.deployment.market.pool,
    abi: uniswapV3PoolAbi,
    functionName: 'slot0',
  });
  // As much of each token as the pool holds covers any move within its range.
  const held = async (token: Address) =>
    owner.publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [o.deployment.market.pool],
    });
  for (const [token, abi] of [
    [o.deployment.usdt, mockUsdtAbi],
    [o.deployment.agc, agcAbi],
  ] as const)
    await owner.mined(
      owner.wallet.writeContract({
        address: token,
        abi: abi as typeof mockUsdtAbi,
        functionName: 'mint',
        args: [maker.address, await held(token)],
      }),
      'fund the market maker',
    );
  await createTestClient({ mode: 'anvil', transport: http(o.rpcUrl) }).setBalance({
    address: maker.address,
    value: 10n ** 18n,
  });
  const swap = await swapToPrice({
    rpcUrl: o.rpcUrl,
    chainId: o.deployment.chainId,
    account: maker,
    market: o.deployment.market,
    agc: o.deployment.agc,
    usdt: o.deployment.usdt,
    usdtPerAgc: o.usdtPerAgc,
  });
  return { ...swap, spotBefore: agcPriceAtSqrtPrice(sqrtBefore, agcFirst) };
}

export interface SetSequencerOptions {
  rpcUrl: string;
  deployer: Account;
  deployment: Pick<Deployment, 'chainId'>;
  sequencerFeed: Address;
  /** SEQUENCER_UP or SEQUENCER_DOWN. */
  status: bigint;
  /** When that status began (unix seconds): the grace period after a restart counts from here. */
  since: bigint;
}

/** Sets the local sequencer uptime feed (a MockV3Aggregator: a new round with the status and when it began). */
export async function setSequencer(o: SetSequencerOptions): Promise<void> {
  const { publicClient, wallet, mined } = clients(o.rpcUrl, o.deployment.chainId, o.deployer);
  const round = await publicClient.readContract({
    address: o.sequencerFeed,
    abi: mockV3AggregatorAbi,
    functionName: 'latestRound',
  });
  const { timestamp } = await publicClient.getBlock();
  await mined(
    wallet.writeContract({
      address: o.sequencerFeed,
      abi: mockV3AggregatorAbi,
      functionName: 'updateRoundData',
      args: [round + 1n, o.status, timestamp, o.since],
    }),
    'sequencer feed',
  );
}

/** True when every contract of the market has code (a restored anvil state keeps them). */
export async function isMarketDeployed(rpcUrl: string, market: Market): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const codes = await Promise.all(
    [market.factory, market.pool, market.driver, market.ethUsdFeed, market.sequencerFeed].map((address) =>
      client.getCode({ address }),
    ),
  );
  return codes.every((code) => code !== undefined && code !== '0x');
}
