import type { PriceConfig } from '@server/config.ts';
import { describe, expect, it } from 'vitest';
import { ageMs, judgeAgc, judgeEth } from './guards.ts';
import type { MarketReading } from './market.ts';

const T = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T.getTime() + seconds * 1000);

const cfg: PriceConfig = {
  source: 'uniswap-v3',
  agcUsdt: 500_000n,
  ethUsdt: 3_000_000_000n,
  twapSeconds: 1800,
  maxAgeMs: 300_000,
  ageFrom: 'block',
  minLiquidityUsdt: 10_000_000_000n,
  maxDeviationPpm: 100_000n,
  sampleMs: 60_000,
  ethMaxAgeMs: 90_000_000,
  sequencerGraceMs: 3_600_000,
};

const reading = (r: Partial<MarketReading> = {}): MarketReading => ({
  block: 100n,
  blockTime: T,
  observedAt: T,
  twapUsdtPerAgc: 500_000n,
  spotUsdtPerAgc: 500_000n,
  windowSeconds: 1800,
  historyTooShort: false,
  liquidityUsdt: 250_000_000_000n,
  eth: { usdtPerEth: 3_000_000_000n, updatedAt: at(-60) },
  sequencer: { up: true, since: at(-86_400) },
  ...r,
});

describe('the AGC price guards', () => {
  it('accept a fresh, deep, steady price', () => {
    expect(judgeAgc(reading(), 500_000n, cfg, T)).toEqual({ accepted: true });
    expect(judgeAgc(reading(), null, cfg, at(300))).toEqual({ accepted: true });
  });

  it('refuse a price older than PRICE_MAX_AGE_SECONDS, counted from the block or from the reading', () => {
    expect(judgeAgc(reading(), null, cfg, at(301))).toMatchObject({ accepted: false, reason: 'stale' });
    // On the local chain (anvil mines on demand) the reading's time counts, not the old block's.
    const local = { ...cfg, ageFrom: 'reading' as const };
    const r = reading({ blockTime: at(-86_400), observedAt: T, sequencer: undefined });
    expect(ageMs(r, local, at(10))).toBe(10_000);
    expect(judgeAgc(r, null, local, at(10)).accepted).toBe(true);
    expect(judgeAgc(r, null, { ...local, maxAgeMs: 0 }, at(86_400)).accepted).toBe(true);
  });

  it('refuse a pool under PRICE_MIN_LIQUIDITY, exactly at the bound', () => {
    expect(judgeAgc(reading({ liquidityUsdt: 10_000_000_000n }), null, cfg, T).accepted).toBe(true);
    const thin = judgeAgc(reading({ liquidityUsdt: 9_999_999_999n }), null, cfg, T);
    expect(thin).toMatchObject({ accepted: false, reason: 'thin' });
    expect(thin.detail).toMatch(/9999.999999 USDT \(PRICE_MIN_LIQUIDITY 10000\)/);
  });

  it('refuse a move of more than PRICE_MAX_DEVIATION_PERCENT either way, and not one of exactly that', () => {
    expect(judgeAgc(reading({ twapUsdtPerAgc: 550_000n }), 500_000n, cfg, T).accepted).toBe(true);
    expect(judgeAgc(reading({ twapUsdtPerAgc: 450_000n }), 500_000n, cfg, T).accepted).toBe(true);
    expect(judgeAgc(reading({ twapUsdtPerAgc: 550_001n }), 500_000n, cfg, T)).toMatchObject({
      reason: 'jump',
    });
    expect(judgeAgc(reading({ twapUsdtPerAgc: 449_999n }), 500_000n, cfg, T)).toMatchObject({
      reason: 'jump',
    });
    // No reference (a gap longer than a window): nothing to compare.
    expect(judgeAgc(reading({ twapUsdtPerAgc: 900_000n }), null, cfg, T).accepted).toBe(true);
  });

  it('refuse a window the pool’s observations do not cover', () => {
    expect(judgeAgc(reading({ historyTooShort: true, windowSeconds: 40 }), null, cfg, T)).toMatchObject({
      reason: 'short_history',
    });
  });

  it('refuse everything while the sequencer is down or within its grace period, first of all', () => {
    const down = reading({ sequencer: { up: false, since: at(-10) }, liquidityUsdt: 0n });
    expect(judgeAgc(down, null, cfg, T)).toMatchObject({ reason: 'sequencer_down' });
    expect(judgeEth(down, cfg, T)).toMatchObject({ reason: 'sequencer_down' });
    const back = reading({ sequencer: { up: true, since: at(-3599) } });
    expect(judgeAgc(back, null, cfg, T)).toMatchObject({ reason: 'sequencer_grace' });
    expect(judgeAgc(reading({ sequencer: { up: true, since: at(-3600) } }), null, cfg, T).accepted).toBe(
      true,
    );
    // Without a sequencer feed (not an L2) there is nothing to check.
    expect(judgeAgc(reading({ sequencer: undefined }), null, cfg, T).accepted).toBe(true);
  });
});

describe('the ETH price guards', () => {
  it('accept a feed updated within ETH_USD_MAX_AGE_SECONDS of the block, and refuse an older one', () => {
    expect(judgeEth(reading(), cfg, T)).toEqual({ accepted: true });
    const old = reading({ eth: { usdtPerEth: 1n, updatedAt: at(-90_001) } });
    expect(judgeEth(old, cfg, T)).toMatchObject({ accepted: false, reason: 'stale' });
  });

  it('refuse a feed that does not answer', () => {
    expect(judgeEth(reading({ eth: { unreadable: 'reverted' } }), cfg, T)).toMatchObject({
      reason: 'unreadable',
    });
  });
});
