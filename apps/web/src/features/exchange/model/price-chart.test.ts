import { describe, expect, it } from 'vitest';
import { chartSeries, pausedNow } from './price-chart.ts';

const point = (at: string, price: string, spot: string, accepted = true) => ({
  at,
  price_usdt: price,
  spot_usdt: spot,
  block: '1',
  accepted,
});

describe('the price chart', () => {
  it('aligns time (unix seconds), the TWAP and the spot', () => {
    expect(
      chartSeries([
        point('2026-03-01T12:00:00.000Z', '0.5', '0.5'),
        point('2026-03-01T12:05:00.900Z', '0.524', '0.6'),
      ]),
    ).toEqual([
      [1772366400, 1772366700],
      [0.5, 0.524],
      [0.5, 0.6],
    ]);
    expect(chartSeries([])).toEqual([[], [], []]);
  });

  it('is paused when the newest reading was refused, not an older one', () => {
    expect(
      pausedNow([
        point('2026-03-01T12:00:00Z', '0.5', '0.5', false),
        point('2026-03-01T12:05:00Z', '0.5', '0.5'),
      ]),
    ).toBe(false);
    expect(pausedNow([point('2026-03-01T12:05:00Z', '0.8', '0.8', false)])).toBe(true);
    expect(pausedNow([])).toBe(false);
  });
});
