import type { PriceConfig } from '@server/config.ts';
import type { MarketReading } from './market.ts';

/**
 * Why a market price is not used. `sequencer_down` / `sequencer_grace`: the L2 sequencer is down or came back less
 * than PRICE_SEQUENCER_GRACE_SECONDS ago; `stale`: older than PRICE_MAX_AGE_SECONDS (the ETH feed: its update older
 * than ETH_USD_MAX_AGE_SECONDS at the block); `thin`: the pool's USDT depth is under PRICE_MIN_LIQUIDITY;
 * `short_history`: the pool's observations do not reach back a whole window; `jump`: the TWAP moved more than
 * PRICE_MAX_DEVIATION_PERCENT from the last price accepted within one window; `unreadable`: the feed did not answer.
 */
export type PauseReason =
  | 'sequencer_down'
  | 'sequencer_grace'
  | 'stale'
  | 'thin'
  | 'short_history'
  | 'jump'
  | 'unreadable';

export interface Verdict {
  accepted: boolean;
  reason?: PauseReason;
  /** The reason in the operator's words, with the figures (logs, /ready). */
  detail?: string;
}

const ACCEPTED: Verdict = { accepted: true };
const refuse = (reason: PauseReason, detail: string): Verdict => ({ accepted: false, reason, detail });
const seconds = (ms: number) => Math.round(ms / 1000);
const usdt = (minor: bigint) => {
  const s = minor.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`.replace(/\.?0+$/, '');
};

/** How old a reading is at `now`: from its block's time on a real network, from the reading on the local chain. */
export const ageMs = (
  r: Pick<MarketReading, 'blockTime' | 'observedAt'>,
  cfg: PriceConfig,
  now: Date,
): number => Math.max(0, now.getTime() - (cfg.ageFrom === 'block' ? r.blockTime : r.observedAt).getTime());

function sequencerVerdict(r: MarketReading, cfg: PriceConfig): Verdict | undefined {
  if (!r.sequencer) return undefined;
  if (!r.sequencer.up) return refuse('sequencer_down', 'the L2 sequencer is down (uptime feed)');
  const upFor = r.blockTime.getTime() - r.sequencer.since.getTime();
  if (upFor < cfg.sequencerGraceMs)
    return refuse(
      'sequencer_grace',
      `the L2 sequencer came back ${seconds(upFor)} s ago (grace ${seconds(cfg.sequencerGraceMs)} s)`,
    );
  return undefined;
}

/** The age guard alone: a reading accepted when read is refused once it is too old (checked again at use). */
export function ageVerdict(r: MarketReading, cfg: PriceConfig, now: Date): Verdict | undefined {
  const age = ageMs(r, cfg, now);
  if (cfg.maxAgeMs > 0 && age > cfg.maxAgeMs)
    return refuse(
      'stale',
      `the price is ${seconds(age)} s old (PRICE_MAX_AGE_SECONDS ${seconds(cfg.maxAgeMs)})`,
    );
  return undefined;
}

/**
 * The AGC price's guards, in order: the sequencer, the age, the pool's depth, its history, then the move from
 * `reference` (the last price accepted within one TWAP window; none: nothing to compare, e.g. after a gap).
 */
export function judgeAgc(r: MarketReading, reference: bigint | null, cfg: PriceConfig, now: Date): Verdict {
  const early = sequencerVerdict(r, cfg) ?? ageVerdict(r, cfg, now);
  if (early) return early;
  if (r.liquidityUsdt < cfg.minLiquidityUsdt)
    return refuse(
      'thin',
      `the pool's depth is ${usdt(r.liquidityUsdt)} USDT (PRICE_MIN_LIQUIDITY ${usdt(cfg.minLiquidityUsdt)})`,
    );
  if (r.historyTooShort)
    return refuse(
      'short_history',
      `the pool's observations reach back ${r.windowSeconds} s of ${cfg.twapSeconds} s: raise its cardinality (increaseObservationCardinalityNext)`,
    );
  if (reference !== null && reference > 0n) {
    const diff = r.twapUsdtPerAgc > reference ? r.twapUsdtPerAgc - reference : reference - r.twapUsdtPerAgc;
    if (diff * 1_000_000n > reference * cfg.maxDeviationPpm)
      return refuse(
        'jump',
        `the TWAP ${usdt(r.twapUsdtPerAgc)} moved ${((Number(diff) / Number(reference)) * 100).toFixed(2)} % from the last accepted ${usdt(reference)} (PRICE_MAX_DEVIATION_PERCENT ${Number(cfg.maxDeviationPpm) / 10_000})`,
      );
  }
  return ACCEPTED;
}

/** The ETH price's guards: the sequencer, the reading's age, the feed answering, its update's age at the block. */
export function judgeEth(r: MarketReading, cfg: PriceConfig, now: Date): Verdict {
  const early = sequencerVerdict(r, cfg) ?? ageVerdict(r, cfg, now);
  if (early) return early;
  if ('unreadable' in r.eth) return refuse('unreadable', `the ETH/USD feed: ${r.eth.unreadable}`);
  const age = r.blockTime.getTime() - r.eth.updatedAt.getTime();
  if (age > cfg.ethMaxAgeMs)
    return refuse(
      'stale',
      `the ETH/USD feed was updated ${seconds(age)} s before the block (ETH_USD_MAX_AGE_SECONDS ${seconds(cfg.ethMaxAgeMs)})`,
    );
  return ACCEPTED;
}
