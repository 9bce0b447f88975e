// @vitest-environment node
import type { RewardSeries } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { describe, expect, it } from 'vitest';
import { axisLabel, CHART_BOX, chartModel, niceMax } from './chart.ts';

const U = 1_000_000n;

function series(
  days: Array<Partial<Record<'referral' | 'pairing' | 'static' | 'management', string>>>,
): RewardSeries {
  const a = (v = '0') => ({ amount: v, usdt: v, agc: '0' });
  const list = days.map((p, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    kinds: {
      referral: a(p.referral),
      pairing: a(p.pairing),
      static: a(p.static),
      management: a(p.management),
    },
    total: a('0'),
  }));
  return { from: list[0]?.day ?? '', to: list.at(-1)?.day ?? '', list };
}

describe('niceMax: the axis ends at 1, 2 or 5 × 10^k USDT', () => {
  it('rounds up to the next round figure', () => {
    expect([0n, 1n, U, U + 1n, 2n * U, 3n * U, 7n * U, 10n * U, 11n * U, 1999n * U].map(niceMax)).toEqual([
      U,
      U,
      U,
      2n * U,
      2n * U,
      5n * U,
      10n * U,
      10n * U,
      20n * U,
      2000n * U,
    ]);
  });
});

describe('axisLabel', () => {
  it('is short and exact', () => {
    expect([0n, U / 2n, U, 2500n * U, 25_000n * U, 2_500_000n * U, 1_000_000n * U].map(axisLabel)).toEqual([
      '0',
      '0.5',
      '1',
      '2,500',
      '25K',
      '2.5M',
      '1M',
    ]);
  });
});

describe('chartModel', () => {
  it('stacks the kinds bottom up, heights in proportion to the amounts, on a round axis', () => {
    const m = chartModel(series([{}, { static: '4', pairing: '6' }, { referral: '0.000001' }]));
    const { bottom, top } = CHART_BOX;
    expect(m.ticks.map((t) => t.value)).toEqual([0n, 5n * U, 10n * U]);
    expect(m.ticks.map((t) => t.y)).toEqual([bottom, (bottom + top) / 2, top]);
    const [empty, day, tiny] = m.bars;
    expect(defined(empty).segments).toEqual([]);
    expect(defined(day).segments.map((s) => s.kind)).toEqual(['pairing', 'static']);
    const [pairing, stat] = defined(day).segments;
    expect(defined(pairing).height).toBeCloseTo(((bottom - top) * 6) / 10, 1);
    expect(defined(stat).height).toBeCloseTo(((bottom - top) * 4) / 10, 1);
    // Stacked: pairing sits on the axis, static on pairing; together they reach the top.
    expect(defined(pairing).y + defined(pairing).height).toBeCloseTo(bottom, 5);
    expect(defined(stat).y + defined(stat).height).toBeCloseTo(defined(pairing).y, 5);
    expect(defined(stat).y).toBeCloseTo(top, 1);
    // A reward too small for the scale still shows.
    expect(defined(defined(tiny).segments[0]).height).toBeGreaterThan(0);
    expect(m.totals).toEqual({ referral: 1n, pairing: 6n * U, static: 4n * U, management: 0n });
    expect(m.total).toBe(10n * U + 1n);
  });

  it('labels every day of a week, every 7th day back from today over 30 days', () => {
    expect(chartModel(series(Array(7).fill({}))).bars.map((b) => b.label)).toEqual([
      '11-01',
      '11-02',
      '11-03',
      '11-04',
      '11-05',
      '11-06',
      '11-07',
    ]);
    const month = chartModel(series(Array(30).fill({}))).bars;
    expect(month.filter((b) => b.label).map((b) => b.day)).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    // Bars stay inside the plot, in order.
    for (const [i, b] of month.entries()) {
      expect(b.x).toBeGreaterThanOrEqual(CHART_BOX.left);
      expect(b.x + b.width).toBeLessThanOrEqual(CHART_BOX.width - CHART_BOX.right);
      if (i > 0) expect(b.x).toBeGreaterThan(defined(month[i - 1]).x);
    }
  });

  it('draws an empty span on a 1 USDT axis', () => {
    const m = chartModel(series(Array(7).fill({})));
    expect(m.ticks.map((t) => t.value)).toEqual([0n, U / 2n, U]);
    expect(m.total).toBe(0n);
    expect(m.bars.every((b) => b.segments.length === 0)).toBe(true);
  });
});
