import { ErrorCode } from '@agc/shared';
import type { PriceConfig } from '@server/config.ts';
import { AppError } from '@server/lib/errors.ts';

export type PriceSourceName = PriceConfig['source'];

/** Where a price came from: the source, and the block it was read at (null for a fixed price). */
export interface PriceStamp {
  source: PriceSourceName;
  block: bigint | null;
}

/** The price of 1 AGC in USDT minor units (6 decimals), when it was read, where from. */
export interface AgcPrice extends PriceStamp {
  usdtPerAgc: bigint;
  updatedAt: Date;
}

/** The price of 1 ETH in USDT minor units (6 decimals), when it was read, where from. */
export interface EthPrice extends PriceStamp {
  usdtPerEth: bigint;
  updatedAt: Date;
}

/**
 * The AGC price in use beside what the market shows at the same block (token/price2): the pool's spot price and the
 * TWAP's window. A fixed source has no market: both null.
 */
export interface AgcMarketView extends AgcPrice {
  spotUsdtPerAgc: bigint | null;
  windowSeconds: number | null;
}

/**
 * Where the prices come from: AGC (quotes, rewards, withdrawals, token/price) and ETH (only shown: the local wallet's
 * USDT values). `fixed` reads configuration (tests, and whoever configures it: every screen then says so);
 * `uniswap-v3` reads a pool's TWAP and a Chainlink feed, behind guards (market-source.ts). A price the guards refuse
 * is never returned: `agcPrice()` and `ethPrice()` throw `pricesPaused()` instead.
 */
export interface PriceSource {
  readonly name: PriceSourceName;
  agcPrice(): Promise<AgcPrice>;
  ethPrice(): Promise<EthPrice>;
  /** token/price2's view; a source without a market answers the price in use with no spot. */
  agcMarket?(): Promise<AgcMarketView>;
  /**
   * How the source stands now, for readiness (GET /ready) and metrics (price age, paused). A source with no
   * notion of age leaves it out and counts as fresh (priceHealth).
   */
  health?(): Promise<PriceHealth>;
  /** Reads the market now and stores the reading (the sampler job); a source without a market has none. */
  sample?(): Promise<void>;
}

/** The price source's state as operators see it: its name, the age of the price in use, and whether it is used. */
export interface PriceHealth {
  /** The source's name as configured (PRICE_SOURCE). */
  source: string;
  /**
   * Seconds since the price in use was observed (0 for a source that does not age; +Infinity before the first
   * reading: no price is older than any).
   */
  ageSeconds: number;
  /** False when the price is too old to be used: readiness fails on it. */
  fresh: boolean;
  /** True when quotes that need the price are refused (stale, thin market, a jump): the alert's subject. */
  paused: boolean;
  /** Why it is not fresh or paused, in plain words for the operator (logs, /ready). */
  reason?: string;
}

/** The source's health; a source without `health()` (a configured, fixed price) is fresh and never paused. */
export async function priceHealth(source: PriceSource, name: string): Promise<PriceHealth> {
  if (source.health) return source.health();
  return { source: name, ageSeconds: 0, fresh: true, paused: false };
}

/** "Prices are paused — try again shortly": a quote that needs a price the guards refuse (503, translated). */
export const pricesPaused = () => new AppError(ErrorCode.unavailable, 'prices.paused');

/** True for the error `agcPrice()`/`ethPrice()` throw while prices are paused. */
export const isPricesPaused = (e: unknown): boolean => e instanceof AppError && e.key === 'prices.paused';

/**
 * The AGC price to record beside a quote that does not convert at it (launchpad, funds): the price in use, or null
 * while prices are paused (such a quote goes on without one).
 */
export async function agcPriceIfAny(source: PriceSource): Promise<AgcPrice | null> {
  try {
    return await source.agcPrice();
  } catch (e) {
    if (isPricesPaused(e)) return null;
    throw e;
  }
}

/** The columns a quote records its AGC price in (price, source, block), from a price or none (prices paused). */
export const priceRecord = (price: AgcPrice | null) => ({
  agcPriceUsdt: price?.usdtPerAgc ?? null,
  priceSource: price?.source ?? null,
  priceBlock: price?.block ?? null,
});

/**
 * A recorded price's source and block as the API shows them (`price_source`, `price_block`). A row from before
 * sources were recorded was priced by the only source there was then: fixed.
 */
export const priceStampDto = (source: string | null, block: bigint | null) => ({
  price_source: (source ?? 'fixed') as PriceSourceName,
  price_block: block === null ? null : block.toString(),
});

/** token/price2's view from any source: the market's, or the price in use with no spot (a fixed price). */
export async function agcMarketView(source: PriceSource): Promise<AgcMarketView> {
  if (source.agcMarket) return source.agcMarket();
  return { ...(await source.agcPrice()), spotUsdtPerAgc: null, windowSeconds: null };
}

export class FixedPriceSource implements PriceSource {
  readonly name = 'fixed' as const;
  private readonly since = new Date();
  constructor(
    private readonly usdtPerAgc: bigint,
    private readonly usdtPerEth: bigint,
  ) {
    if (usdtPerAgc <= 0n) throw new Error('the AGC price must be above 0');
    if (usdtPerEth <= 0n) throw new Error('the ETH price must be above 0');
  }
  async agcPrice(): Promise<AgcPrice> {
    return { usdtPerAgc: this.usdtPerAgc, updatedAt: this.since, source: 'fixed', block: null };
  }
  async ethPrice(): Promise<EthPrice> {
    return { usdtPerEth: this.usdtPerEth, updatedAt: this.since, source: 'fixed', block: null };
  }
}

const AGC_UNIT = 10n ** 18n;

/** USDT minor units → AGC minor units at a price, rounded up (the member never pays less than the quote). */
export function usdtToAgc(usdt: bigint, price: Pick<AgcPrice, 'usdtPerAgc'>): bigint {
  return (usdt * AGC_UNIT + price.usdtPerAgc - 1n) / price.usdtPerAgc;
}

/** USDT minor units → AGC minor units at a price, rounded down (what the platform credits). */
export function usdtToAgcFloor(usdt: bigint, price: Pick<AgcPrice, 'usdtPerAgc'>): bigint {
  return (usdt * AGC_UNIT) / price.usdtPerAgc;
}

/** AGC minor units → USDT minor units at a price (USDT per AGC, 6 decimals), rounded down. */
export function agcToUsdt(agc: bigint, usdtPerAgc: bigint): bigint {
  return (agc * usdtPerAgc) / AGC_UNIT;
}

/** How many AGC one USDT buys at a price, to 6 decimals, rounded down (token/price2). */
export function agcPerUsdt(price: Pick<AgcPrice, 'usdtPerAgc'>): bigint {
  return 10n ** 12n / price.usdtPerAgc;
}
