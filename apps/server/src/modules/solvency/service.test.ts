import { describe, expect, it } from 'vitest';
import { assetView, bucketOf, coverageBp, H72_MS, type Liabilities, MIN5_MS } from './service.ts';

const now = new Date('2026-11-25T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const USDT = 1_000_000n;

describe('bucketOf', () => {
  it('puts each instant in its period, edges inclusive', () => {
    expect(bucketOf(now, at(-1))).toBe('now');
    expect(bucketOf(now, now)).toBe('now');
    expect(bucketOf(now, at(1))).toBe('min5');
    expect(bucketOf(now, at(MIN5_MS))).toBe('min5');
    expect(bucketOf(now, at(MIN5_MS + 1))).toBe('h72');
    expect(bucketOf(now, at(H72_MS))).toBe('h72');
    expect(bucketOf(now, at(H72_MS + 1))).toBe('later');
  });
});

describe('coverageBp', () => {
  it('is whole basis points rounded down, null when nothing is owed', () => {
    expect(coverageBp(1n, 3n)).toBe(3333n);
    expect(coverageBp(2n, 3n)).toBe(6666n);
    expect(coverageBp(0n, 5n)).toBe(0n);
    expect(coverageBp(5n, 5n)).toBe(10_000n);
    expect(coverageBp(10n ** 30n, 1n)).toBe(10n ** 34n);
    expect(coverageBp(5n, 0n)).toBeNull();
  });
});

describe('assetView', () => {
  const l = (): Liabilities => ({
    now: new Map([
      ['available', 100n * USDT],
      ['vouchers', 50n * USDT],
    ]),
    min5: new Map([['earn_holdings', 25n * USDT]]),
    h72: new Map(),
    later: new Map([['fund_locked', 1_000n * USDT]]),
  });
  const holders = (vault: bigint, treasury?: bigint) => [
    { key: 'vault' as const, address: '0xv' as const, balances: { USDT: vault, AGC: 0n } },
    ...(treasury === undefined
      ? []
      : [
          {
            key: 'payment_treasury' as const,
            address: '0xt' as const,
            balances: { USDT: treasury, AGC: 0n },
          },
        ]),
  ];

  it('adds up the periods cumulatively and covers the 72 hours with every holder together', () => {
    const v = assetView('USDT', l(), holders(150n * USDT, 25n * USDT));
    expect(v.assets).toBe('175');
    expect(v.buckets.map((b) => [b.key, b.total, b.cumulative, b.covered, b.coverage_bp])).toEqual([
      ['now', '150', '150', true, '11666'],
      ['min5', '25', '175', true, '10000'],
      ['h72', '0', '175', true, '10000'],
      ['later', '1000', '1175', false, '1489'],
    ]);
    expect(v).toMatchObject({
      liabilities: '1175',
      due_72h: '175',
      covered_72h: true,
      shortfall_72h: '0',
      coverage_bp: '1489',
    });
  });

  it('reports the shortfall when the 72 hours are not covered, down to the minor unit', () => {
    const v = assetView('USDT', l(), holders(175n * USDT - 1n));
    expect(v).toMatchObject({ covered_72h: false, shortfall_72h: '0.000001', assets: '174.999999' });
    expect(v.buckets[0]?.covered).toBe(true);
    expect(v.buckets[1]?.covered).toBe(false);
  });

  it('owes nothing: coverage null everywhere, covered', () => {
    const empty: Liabilities = { now: new Map(), min5: new Map(), h72: new Map(), later: new Map() };
    const v = assetView('AGC', empty, holders(0n));
    expect(v).toMatchObject({ decimals: 18, liabilities: '0', coverage_bp: null, covered_72h: true });
    expect(v.buckets.every((b) => b.coverage_bp === null && b.covered && b.parts.length === 0)).toBe(true);
  });
});
