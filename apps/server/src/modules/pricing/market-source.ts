import type { Db } from '@agc/db';
import type { PriceConfig } from '@server/config.ts';
import type { ChainContext, MarketContext } from '@server/context.ts';
import { createPublicClient, http, type PublicClient } from 'viem';
import { ageMs, ageVerdict, judgeAgc, judgeEth, type Verdict } from './guards.ts';
import { type MarketReading, type MarketStatic, readMarket, readStatic } from './market.ts';
import { insertObservation, lastAcceptedSince } from './repository.ts';
import {
  type AgcMarketView,
  type AgcPrice,
  type EthPrice,
  type PriceHealth,
  type PriceSource,
  pricesPaused,
} from './service.ts';

/** What the market source needs besides its settings: where to store readings, the chain, the clock, a log. */
export interface MarketDeps {
  db: Db;
  chain: ChainContext;
  now: () => Date;
  log?: {
    warn(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
}

interface Current {
  reading: MarketReading;
  agc: Verdict;
  eth: Verdict;
}

const NAME = 'uniswap-v3';

/** The AGC price a usable reading gives: its TWAP, when it was read, the source and the block. */
const agcPriceOf = (c: Current): AgcPrice => ({
  usdtPerAgc: c.reading.twapUsdtPerAgc,
  updatedAt: c.reading.observedAt,
  source: NAME,
  block: c.reading.block,
});

/**
 * After a failed read (the RPC down or timing out: up to 10 s and a retry), callers get the answer at hand for this
 * long without touching the chain: the previous reading while the guards still pass its age, else paused. Then the
 * next caller reads again (one read at a time, as always); callers arriving while that retry is in flight do not
 * wait for it either.
 */
export const FAILED_READ_BACKOFF_MS = 5_000;

/**
 * PRICE_SOURCE=uniswap-v3: AGC from the TWAP of an AGC/USDT Uniswap v3 pool, ETH from a Chainlink ETH/USD feed, both
 * read at one pinned block, behind the sequencer uptime feed and the guards (guards.ts). A reading is reused for
 * PRICE_SAMPLE_SECONDS; an older one is replaced by reading the chain again when a price is asked for (and by the
 * sampler job, which keeps readings coming for the chart when nobody asks).
 *
 * `agcPrice()` and `ethPrice()` touch no database: they are called inside other modules' transactions, and on
 * PGlite (one connection) waiting for a second query there would never end. Readings are stored in the background;
 * the reference a move is measured from is kept in memory (loaded from the database by `sample()`, which runs
 * outside any transaction: at start-up and in the sampler job).
 */
export class MarketPriceSource implements PriceSource {
  readonly name = NAME;
  private readonly client: PublicClient;
  private readonly market: MarketContext;
  private fixed?: MarketStatic;
  private latest?: Current;
  private inflight?: Promise<Current>;
  private failure?: { at: Date; message: string };
  /** The last AGC price the guards accepted, and when: the next reading's move is measured from it. */
  private reference?: { price: bigint; at: Date };
  private writes: Promise<void> = Promise.resolve();
  private pausedBefore = false;

  constructor(
    private readonly cfg: PriceConfig,
    private readonly deps: MarketDeps,
  ) {
    if (!deps.chain.market)
      throw new Error(
        'PRICE_SOURCE=uniswap-v3 needs a market: PRICE_POOL_ADDRESS and ETH_USD_FEED_ADDRESS (the local chain deploys its own)',
      );
    this.market = deps.chain.market;
    this.client = createPublicClient({
      transport: http(deps.chain.rpcUrl, { timeout: 10_000, retryCount: 1 }),
    });
  }

  /**
   * Reads the market when the reading in use is older than PRICE_SAMPLE_SECONDS and stores it, after loading the
   * reference from the database (another process's newer accepted price counts too). Outside transactions only:
   * start-up and the sampler job. Throws when the market cannot be read.
   */
  async sample(): Promise<void> {
    const stored = await lastAcceptedSince(this.deps.db, NAME, this.windowStart(this.deps.now()));
    if (stored && (!this.reference || this.reference.at < stored.at)) this.reference = stored;
    if (
      !this.latest ||
      this.deps.now().getTime() - this.latest.reading.observedAt.getTime() >= this.cfg.sampleMs
    )
      await this.refresh();
    await this.writes;
  }

  /** Waits until every reading taken so far is stored (tests, shutdown). */
  settled(): Promise<void> {
    return this.writes;
  }

  async agcPrice(): Promise<AgcPrice> {
    return agcPriceOf(await this.usable('agc'));
  }

  async agcMarket(): Promise<AgcMarketView> {
    const c = await this.usable('agc');
    return {
      ...agcPriceOf(c),
      spotUsdtPerAgc: c.reading.spotUsdtPerAgc,
      windowSeconds: c.reading.windowSeconds,
    };
  }

  async ethPrice(): Promise<EthPrice> {
    const c = await this.usable('eth');
    if ('unreadable' in c.reading.eth) throw pricesPaused();
    return {
      usdtPerEth: c.reading.eth.usdtPerEth,
      updatedAt: c.reading.eth.updatedAt,
      source: NAME,
      block: c.reading.block,
    };
  }

  async health(): Promise<PriceHealth> {
    const c = await this.current();
    const now = this.deps.now();
    if (!c)
      return {
        source: NAME,
        ageSeconds: Number.POSITIVE_INFINITY,
        fresh: false,
        paused: true,
        reason: `no reading yet${this.failure ? `: ${this.failure.message}` : ''}`,
      };
    const age = ageMs(c.reading, this.cfg, now);
    const stale = ageVerdict(c.reading, this.cfg, now);
    const verdict = stale ?? c.agc;
    const reasons = [
      verdict.detail,
      this.failure && `the last reading failed: ${this.failure.message}`,
    ].filter(Boolean);
    return {
      source: NAME,
      ageSeconds: age / 1000,
      fresh: !stale,
      paused: !verdict.accepted,
      ...(reasons.length > 0 && { reason: reasons.join('; ') }),
    };
  }

  /** The current reading if the guards accept the part asked for now (the age checked again), else paused. */
  private async usable(part: 'agc' | 'eth'): Promise<Current> {
    const c = await this.current();
    if (!c?.[part].accepted || ageVerdict(c.reading, this.cfg, this.deps.now())) throw pricesPaused();
    return c;
  }

  /**
   * The reading in use: this process's latest, read again once older than PRICE_SAMPLE_SECONDS; after a failed read
   * the latest as it is (possibly none) until FAILED_READ_BACKOFF_MS have passed, and while the retry is in flight.
   */
  private async current(): Promise<Current | undefined> {
    const now = this.deps.now().getTime();
    const latest = this.latest;
    if (latest && now - latest.reading.observedAt.getTime() < this.cfg.sampleMs) return latest;
    if (this.failure && (this.inflight || now - this.failure.at.getTime() < FAILED_READ_BACKOFF_MS))
      return latest;
    await this.refresh().catch(() => undefined);
    return this.latest;
  }

  /** One reading at a time per process: callers arriving meanwhile share it. */
  private async refresh(): Promise<void> {
    this.inflight ??= this.read().finally(() => {
      this.inflight = undefined;
    });
    try {
      this.latest = await this.inflight;
      this.failure = undefined;
    } catch (e) {
      const message = e instanceof Error ? (e.message.split('\n')[0] ?? String(e)) : String(e);
      if (!this.failure) this.deps.log?.warn({ err: message }, 'the market price could not be read');
      this.failure = { at: this.deps.now(), message };
      throw e;
    }
  }

  private windowStart(now: Date): Date {
    return new Date(now.getTime() - this.cfg.twapSeconds * 1000);
  }

  private async read(): Promise<Current> {
    const now = this.deps.now();
    this.fixed ??= await readStatic(this.client, this.market, this.deps.chain.contracts.agc);
    const reading = await readMarket(this.client, this.market, this.fixed, this.cfg.twapSeconds, now);
    const reference =
      this.reference && this.reference.at > this.windowStart(now) ? this.reference.price : null;
    const agc = judgeAgc(reading, reference, this.cfg, now);
    const eth = judgeEth(reading, this.cfg, now);
    if (agc.accepted) this.reference = { price: reading.twapUsdtPerAgc, at: now };
    this.store(reading, agc, eth);
    this.logChange(reading, agc);
    return { reading, agc, eth };
  }

  /** Stores a reading in the background (see the class comment); a failure is logged, never thrown at a quote. */
  private store(r: MarketReading, agc: Verdict, eth: Verdict): void {
    const values = {
      source: NAME,
      observedAt: r.observedAt,
      block: r.block,
      blockTime: r.blockTime,
      usdtPerAgc: r.twapUsdtPerAgc,
      spotUsdtPerAgc: r.spotUsdtPerAgc,
      windowSeconds: r.windowSeconds,
      liquidityUsdt: r.liquidityUsdt,
      agcAccepted: agc.accepted,
      agcReason: agc.reason ?? null,
      ethUsdt: 'unreadable' in r.eth ? null : r.eth.usdtPerEth,
      ethUpdatedAt: 'unreadable' in r.eth ? null : r.eth.updatedAt,
      ethAccepted: eth.accepted,
      ethReason: eth.reason ?? null,
    };
    this.writes = this.writes
      .then(() => insertObservation(this.deps.db, values))
      .then(
        () => undefined,
        (e: unknown) => this.deps.log?.warn({ err: (e as Error).message }, 'a price reading was not stored'),
      );
  }

  /** Logs when the AGC price stops or starts being used (the alert itself is agc_price_paused's). */
  private logChange(r: MarketReading, agc: Verdict): void {
    const paused = !agc.accepted;
    if (paused === this.pausedBefore) return;
    this.pausedBefore = paused;
    const at = {
      block: r.block.toString(),
      twap: r.twapUsdtPerAgc.toString(),
      spot: r.spotUsdtPerAgc.toString(),
    };
    if (paused) this.deps.log?.warn({ ...at, reason: agc.reason, detail: agc.detail }, 'prices paused');
    else this.deps.log?.info(at, 'prices resumed');
  }
}
