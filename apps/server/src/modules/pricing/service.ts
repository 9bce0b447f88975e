import type { Config } from '@server/config.ts';

/** The price of 1 AGC in USDT minor units (6 decimals), and when it was read. */
export interface AgcPrice {
  usdtPerAgc: bigint;
  updatedAt: Date;
}

/** The price of 1 ETH in USDT minor units (6 decimals), and when it was read. */
export interface EthPrice {
  usdtPerEth: bigint;
  updatedAt: Date;
}

/**
 * Where the prices come from: AGC (quotes, rewards, withdrawals, token/price) and ETH (only shown: the
 * local wallet's USDT values). Development and tests use fixed prices from configuration; a market source
 * (an oracle or an exchange feed) implements the same interface.
 */
export interface PriceSource {
  agcPrice(): Promise<AgcPrice>;
  ethPrice(): Promise<EthPrice>;
  /**
   * How the source stands now, for readiness (GET /ready) and metrics (price age, paused). A source with no
   * notion of age leaves it out and counts as fresh (priceHealth).
   */
  health?(): Promise<PriceHealth>;
}

/** The price source's state as operators see it: its name, the age of the price in use, and whether it is used. */
export interface PriceHealth {
  /** The source's name as configured (PRICE_SOURCE). */
  source: string;
  /** Seconds since the price in use was observed (0 for a source that does not age). */
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

export class FixedPriceSource implements PriceSource {
  private readonly since = new Date();
  constructor(
    private readonly usdtPerAgc: bigint,
    private readonly usdtPerEth: bigint,
  ) {
    if (usdtPerAgc <= 0n) throw new Error('the AGC price must be above 0');
    if (usdtPerEth <= 0n) throw new Error('the ETH price must be above 0');
  }
  async agcPrice(): Promise<AgcPrice> {
    return { usdtPerAgc: this.usdtPerAgc, updatedAt: this.since };
  }
  async ethPrice(): Promise<EthPrice> {
    return { usdtPerEth: this.usdtPerEth, updatedAt: this.since };
  }
}

export function priceSourceFrom(config: Config): PriceSource {
  switch (config.price.source) {
    case 'fixed':
      return new FixedPriceSource(config.price.agcUsdt, config.price.ethUsdt);
  }
}

const AGC_UNIT = 10n ** 18n;

/** USDT minor units → AGC minor units at a price, rounded up (the member never pays less than the quote). */
export function usdtToAgc(usdt: bigint, price: AgcPrice): bigint {
  return (usdt * AGC_UNIT + price.usdtPerAgc - 1n) / price.usdtPerAgc;
}

/** USDT minor units → AGC minor units at a price, rounded down (what the platform credits). */
export function usdtToAgcFloor(usdt: bigint, price: AgcPrice): bigint {
  return (usdt * AGC_UNIT) / price.usdtPerAgc;
}

/** AGC minor units → USDT minor units at a price (USDT per AGC, 6 decimals), rounded down. */
export function agcToUsdt(agc: bigint, usdtPerAgc: bigint): bigint {
  return (agc * usdtPerAgc) / AGC_UNIT;
}

/** How many AGC one USDT buys at a price, to 6 decimals, rounded down (token/price2). */
export function agcPerUsdt(price: AgcPrice): bigint {
  return 10n ** 12n / price.usdtPerAgc;
}
